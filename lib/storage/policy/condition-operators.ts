import { BlockList, isIP } from 'node:net';
import { wildcardMatches } from './wildcard';
import { type WorkMeter, workMeter } from './work-meter';

/**
 * One condition operator of the IAM policy language: does a request value match one policy value? A negated operator
 * (`StringNotEquals`...) is declared by the positive match it negates, as IAM evaluates it: satisfied when the request
 * value matches none of the policy's values, and when the key is absent.
 */
interface Operator {
  /** `meter`: what wildcard steps cost this request (StringLike, ArnLike). */
  match(requestValue: string, policyValue: string, meter: WorkMeter): boolean;
  negated?: boolean;
  /** Refuses a policy value the operator cannot compare (a bad number, date, CIDR or boolean). */
  accepts?(policyValue: string): boolean;
}

const number = (value: string): number | undefined => {
  const parsed = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};
const date = (value: string): number | undefined => {
  // IAM takes ISO 8601 dates and epoch seconds.
  const epoch = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
  return Number.isFinite(epoch) ? epoch : undefined;
};
const compareWith =
  (parse: (value: string) => number | undefined, test: (request: number, policy: number) => boolean) =>
  (requestValue: string, policyValue: string) => {
    const request = parse(requestValue);
    const policy = parse(policyValue);
    return request !== undefined && policy !== undefined && test(request, policy);
  };

const equal = (a: number, b: number) => a === b;
const less = (a: number, b: number) => a < b;
const lessOrEqual = (a: number, b: number) => a <= b;
const greater = (a: number, b: number) => a > b;
const greaterOrEqual = (a: number, b: number) => a >= b;

const isNumber = (value: string) => number(value) !== undefined;
const isDate = (value: string) => date(value) !== undefined;

function numeric(test: (a: number, b: number) => boolean, negated = false): Operator {
  return { match: compareWith(number, test), accepts: isNumber, negated };
}
function dated(test: (a: number, b: number) => boolean, negated = false): Operator {
  return { match: compareWith(date, test), accepts: isDate, negated };
}

const stringEquals = (a: string, b: string) => a === b;
const stringEqualsIgnoreCase = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const stringLike = (a: string, b: string, meter: WorkMeter) => wildcardMatches(b, a, { meter });

/**
 * `10.0.0.0/8`, `2001:db8::/32` or a bare address; anything else (`0.0.0.0/00`, `/33`, a zone id, junk) is not a
 * CIDR, and a policy naming one is refused rather than read some lenient way.
 */
export function cidrOf(value: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText, ...rest] = value.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || address.includes('%')) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  return prefix <= max ? { address, prefix, family } : undefined;
}

function inRange(requestValue: string, policyValue: string): boolean {
  const cidr = cidrOf(policyValue);
  const version = isIP(requestValue);
  if (!cidr || version === 0) return false;
  const list = new BlockList();
  list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  return list.check(requestValue, version === 4 ? 'ipv4' : 'ipv6');
}

/** `arn:partition:service:region:account:resource`: ARN operators compare the six parts, wildcards within each. */
function arnLike(requestValue: string, policyValue: string, meter: WorkMeter): boolean {
  const request = requestValue.split(':');
  const policy = policyValue.split(':');
  if (request.length < 6 || policy.length < 6) return false;
  const head = (parts: string[]) => [...parts.slice(0, 5), parts.slice(5).join(':')];
  const policyParts = head(policy);
  return head(request).every((part, index) => wildcardMatches(policyParts[index] ?? '', part, { meter }));
}

const isBoolean = (value: string) => value === 'true' || value === 'false';

export const CONDITION_OPERATORS: Readonly<Record<string, Operator>> = {
  StringEquals: { match: stringEquals },
  StringNotEquals: { match: stringEquals, negated: true },
  StringEqualsIgnoreCase: { match: stringEqualsIgnoreCase },
  StringNotEqualsIgnoreCase: { match: stringEqualsIgnoreCase, negated: true },
  StringLike: { match: stringLike },
  StringNotLike: { match: stringLike, negated: true },
  NumericEquals: numeric(equal),
  NumericNotEquals: numeric(equal, true),
  NumericLessThan: numeric(less),
  NumericLessThanEquals: numeric(lessOrEqual),
  NumericGreaterThan: numeric(greater),
  NumericGreaterThanEquals: numeric(greaterOrEqual),
  DateEquals: dated(equal),
  DateNotEquals: dated(equal, true),
  DateLessThan: dated(less),
  DateLessThanEquals: dated(lessOrEqual),
  DateGreaterThan: dated(greater),
  DateGreaterThanEquals: dated(greaterOrEqual),
  Bool: { match: stringEqualsIgnoreCase, accepts: (value) => isBoolean(value.toLowerCase()) },
  BinaryEquals: { match: stringEquals },
  IpAddress: { match: inRange, accepts: (value) => cidrOf(value) !== undefined },
  NotIpAddress: { match: inRange, negated: true, accepts: (value) => cidrOf(value) !== undefined },
  ArnEquals: { match: arnLike },
  ArnLike: { match: arnLike },
  ArnNotEquals: { match: arnLike, negated: true },
  ArnNotLike: { match: arnLike, negated: true },
};

export type OperatorName = keyof typeof CONDITION_OPERATORS | 'Null';
export const isOperatorName = (name: string): boolean => name === 'Null' || name in CONDITION_OPERATORS;

/** Does `policyValue` fit the operator (`Null` takes true/false)? */
export function operatorAccepts(operator: string, policyValue: string): boolean {
  if (operator === 'Null') return isBoolean(policyValue.toLowerCase());
  return CONDITION_OPERATORS[operator]?.accepts?.(policyValue) ?? true;
}

/** One request value against the condition's values: any match (none, for a negated operator). */
export function valueSatisfies(
  operator: string,
  requestValue: string,
  policyValues: readonly string[],
  meter: WorkMeter = workMeter(),
): boolean {
  const definition = CONDITION_OPERATORS[operator];
  if (!definition) return false;
  const matched = policyValues.some((policyValue) => definition.match(requestValue, policyValue, meter));
  return definition.negated ? !matched : matched;
}

export const isNegated = (operator: string): boolean => CONDITION_OPERATORS[operator]?.negated === true;
