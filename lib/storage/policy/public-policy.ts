import type { BucketPolicy, PolicyStatement } from './bucket-policy';
import { isNegated } from './condition-operators';

/**
 * Condition keys that tie a statement to known callers, by AWS's "the meaning of public": an Allow to everyone with a
 * fixed value for one of them is not public.
 */
const RESTRICTING_KEYS = new Set([
  'aws:sourceip',
  'aws:sourcearn',
  'aws:sourcevpc',
  'aws:sourcevpce',
  'aws:sourceowner',
  'aws:sourceaccount',
  'aws:userid',
  'aws:principalaccount',
  'aws:principalarn',
  'aws:principalorgid',
  's3:x-amz-server-side-encryption-aws-kms-key-id',
]);

/** Is the policy public: does some Allow statement grant to everyone (`*`) without a fixed restricting condition? */
export function isPublicPolicy(policy: BucketPolicy): boolean {
  return policy.statements.some(
    (statement) => statement.effect === 'Allow' && grantsToEveryone(statement) && !restricted(statement),
  );
}

function grantsToEveryone(statement: PolicyStatement): boolean {
  const { principal } = statement;
  if (principal === undefined) return true;
  return principal === '*' || (principal.AWS?.includes('*') ?? false);
}

function restricted(statement: PolicyStatement): boolean {
  return statement.conditions.some(
    (condition) =>
      RESTRICTING_KEYS.has(condition.key) &&
      !isNegated(condition.operator) &&
      condition.operator !== 'Null' &&
      !condition.ifExists &&
      condition.values.every((value) => !value.includes('*') && !value.endsWith('/0')),
  );
}
