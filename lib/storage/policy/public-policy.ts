import type { BucketPolicy, PolicyCondition, PolicyStatement } from './bucket-policy';
import { narrowsSourceIp } from './source-ip-narrowing';

/**
 * Condition keys that can tie a statement to known callers, by AWS's "the meaning of public": an Allow to everyone
 * with a fixed value for one of them is not public.
 */
const NARROWING_KEYS = new Set([
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
  's3:dataaccesspointarn',
  's3:dataaccesspointaccount',
  's3:x-amz-server-side-encryption-aws-kms-key-id',
]);

/** Operators that ask for one of the listed values (wildcards ruled out below): they narrow. */
const FIXING_OPERATORS = new Set(['StringEquals', 'StringEqualsIgnoreCase', 'StringLike', 'ArnEquals', 'ArnLike']);

/** Is the policy public: does some Allow statement grant to everyone (`*`) without a condition that really narrows it? */
export function isPublicPolicy(policy: BucketPolicy): boolean {
  return policy.statements.some(
    (statement) => statement.effect === 'Allow' && grantsToEveryone(statement) && !statement.conditions.some(narrows),
  );
}

function grantsToEveryone(statement: PolicyStatement): boolean {
  const { principal } = statement;
  if (principal === undefined) return true;
  return principal === '*' || (principal.AWS?.includes('*') ?? false);
}

/**
 * Does this condition (ANDed with the statement's others) limit the grant to fixed callers? Only when the request must
 * carry one of a few fixed values of a narrowing key. Never when the condition can hold without the key
 * (`...IfExists`, `ForAllValues:`, which is true of an absent key, `Null`), when it is negated, or when a value is a
 * pattern (`*`, `?`, a policy variable): `StringLike aws:userid ??` matches everyone with a two-character id.
 */
function narrows(condition: PolicyCondition): boolean {
  if (!NARROWING_KEYS.has(condition.key) || condition.ifExists || condition.set === 'ForAllValues') return false;
  if (condition.key === 'aws:sourceip') return condition.operator === 'IpAddress' && narrowsSourceIp(condition.values);
  return FIXING_OPERATORS.has(condition.operator) && condition.values.every((value) => value !== '' && !/[*?]|\$\{/.test(value));
}
