import type { BucketPolicy, PolicyCondition, PolicyStatement, PrincipalSpec } from './bucket-policy';
import { isNegated, valueSatisfies } from './condition-operators';
import { wildcardMatches } from './wildcard';
import { type WorkMeter, workMeter } from './work-meter';

/** Who asks, as a policy's Principal names them: a storage user (by id), anonymous, or a service of this one (log delivery). */
export type PolicyPrincipal = { kind: 'user'; id: string } | { kind: 'anonymous' } | { kind: 'service'; name: string };

/** The request context a policy is evaluated in; condition keys are looked up by lower-cased name, lazily. */
export interface PolicyRequest {
  principal: PolicyPrincipal;
  /** `s3:GetObject`... */
  action: string;
  /** `arn:aws:s3:::bucket` or `arn:aws:s3:::bucket/key`. */
  resource: string;
  conditionKey(key: string): readonly string[] | undefined;
  /** What the request may still spend on wildcards (PolicyWorkExceeded when it runs out); a fresh budget if none. */
  meter?: WorkMeter;
}

/** Deny: an explicit Deny matched (it wins over everything); Allow: an Allow matched; NoOpinion: neither. */
export type PolicyDecision = 'Allow' | 'Deny' | 'NoOpinion';

/** A bucket policy's decision on one request, as IAM evaluates it: an explicit Deny wins, then an Allow. */
export function evaluatePolicy(policy: BucketPolicy, request: PolicyRequest): PolicyDecision {
  let decision: PolicyDecision = 'NoOpinion';
  const meter = request.meter ?? workMeter();
  for (const statement of policy.statements) {
    if (!applies(statement, request, meter)) continue;
    if (statement.effect === 'Deny') return 'Deny';
    decision = 'Allow';
  }
  return decision;
}

function applies(statement: PolicyStatement, request: PolicyRequest, meter: WorkMeter): boolean {
  return (
    principalFits(statement, request.principal) &&
    listFits(statement.action, statement.notAction, (pattern) =>
      wildcardMatches(pattern, request.action, { ignoreCase: true, meter }),
    ) &&
    listFits(statement.resource, statement.notResource, (pattern) => wildcardMatches(pattern, request.resource, { meter })) &&
    statement.conditions.every((condition) => conditionHolds(condition, request.conditionKey(condition.key), meter))
  );
}

/** `X` names what it lists; `NotX` names everything else. */
function listFits(
  listed: readonly string[] | undefined,
  notListed: readonly string[] | undefined,
  matches: (pattern: string) => boolean,
): boolean {
  if (listed) return listed.some(matches);
  return notListed !== undefined && !notListed.some(matches);
}

function principalFits(statement: PolicyStatement, principal: PolicyPrincipal): boolean {
  if (statement.principal) return principalNamed(statement.principal, principal);
  return statement.notPrincipal !== undefined && !principalNamed(statement.notPrincipal, principal);
}

const USER_ARN = /^arn:aws:iam::[^:]*:user\/(.+)$/;
const ROOT_ARN = /^arn:aws:iam::([^:]+):root$/;

/** `*` names everyone, anonymous included; a user is named by its id, `arn:aws:iam::<id>:root` or `...:user/<id>`. */
export function principalNamed(spec: PrincipalSpec, principal: PolicyPrincipal): boolean {
  // A service is named by name only: `*` grants people, not the service principals (as S3 requires log delivery to be
  // granted to logging.s3.amazonaws.com by name).
  if (principal.kind === 'service') return spec !== '*' && (spec.Service?.includes(principal.name) ?? false);
  if (spec === '*') return true;
  if (spec.AWS?.includes('*')) return true;
  if (principal.kind !== 'user') return false;
  const { id } = principal;
  return (
    (spec.CanonicalUser?.includes(id) ?? false) ||
    (spec.AWS?.some((value) => value === id || ROOT_ARN.exec(value)?.[1] === id || USER_ARN.exec(value)?.[1] === id) ?? false)
  );
}

/**
 * One condition against the request's values for its key. An absent key satisfies `...IfExists`, `ForAllValues:` and
 * the negated operators, and fails the others; `Null: true` asks for its absence.
 */
export function conditionHolds(
  condition: PolicyCondition,
  values: readonly string[] | undefined,
  meter: WorkMeter = workMeter(),
): boolean {
  const absent = values === undefined || values.length === 0;
  if (condition.operator === 'Null') {
    return condition.values.some((value) => (value.toLowerCase() === 'true') === absent);
  }
  if (absent) {
    if (condition.ifExists || condition.set === 'ForAllValues') return true;
    if (condition.set === 'ForAnyValue') return false;
    return isNegated(condition.operator);
  }
  const satisfies = (value: string) => valueSatisfies(condition.operator, value, condition.values, meter);
  return condition.set === 'ForAllValues' ? values.every(satisfies) : values.some(satisfies);
}
