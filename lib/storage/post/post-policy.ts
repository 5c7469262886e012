import { StorageError } from '../model/errors';

type Condition =
  | { kind: 'eq' | 'starts-with'; field: string; value: string; text: string }
  | { kind: 'length'; min: number; max: number };

export interface PostPolicy {
  expiration: Date;
  conditions: Condition[];
}

/** Fields no condition needs to cover, as S3 defines them. */
const EXEMPT = new Set(['file', 'policy', 'signature', 'x-amz-signature', 'awsaccesskeyid']);
/** Exempt by prefix: `x-ignore-*` (S3), and `x-amz-checksum-*`, which only guard the file's integrity (RGW accepts them unnamed). */
const EXEMPT_PREFIXES = ['x-ignore-', 'x-amz-checksum-'];
/** ISO 8601 in UTC, as S3 requires for `expiration` (a date like `2030-01-01 00:00:00+00:00` is refused). */
const EXPIRATION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/** The base64 JSON policy of a POST form: `expiration` and `conditions` (exact match, `eq`, `starts-with`, `content-length-range`). */
export function parsePostPolicy(base64: string): PostPolicy {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    throw invalidPolicy('Invalid Policy: Invalid JSON.');
  }
  const { expiration, conditions } = (document ?? {}) as { expiration?: unknown; conditions?: unknown };
  const expires = typeof expiration === 'string' && EXPIRATION.test(expiration) ? new Date(expiration) : undefined;
  if (!expires || Number.isNaN(expires.getTime())) throw invalidPolicy("Invalid Policy: Invalid 'expiration' value.");
  if (!Array.isArray(conditions)) throw invalidPolicy("Invalid Policy: Missing required field 'conditions'.");
  return { expiration: expires, conditions: conditions.flatMap(parseCondition) };
}

function parseCondition(condition: unknown): Condition[] {
  const text = JSON.stringify(condition);
  if (Array.isArray(condition)) {
    const [operator, subject, value] = condition as unknown[];
    const op = String(operator).toLowerCase();
    if (op === 'content-length-range') {
      const [min, max] = [Number(subject), Number(value)];
      if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min)
        throw invalidPolicy(`Invalid Policy: Invalid content-length-range ${text}`);
      return [{ kind: 'length', min, max }];
    }
    if (
      (op === 'eq' || op === 'starts-with') &&
      typeof subject === 'string' &&
      subject.startsWith('$') &&
      typeof value === 'string'
    ) {
      return [{ kind: op, field: subject.slice(1).toLowerCase(), value, text }];
    }
    throw invalidPolicy(`Invalid Policy: Invalid Condition: ${text}`);
  }
  if (typeof condition === 'object' && condition !== null && Object.keys(condition).length > 0) {
    return Object.entries(condition).map(([field, value]) => {
      if (typeof value !== 'string') throw invalidPolicy(`Invalid Policy: Invalid Condition: ${text}`);
      return { kind: 'eq' as const, field: field.toLowerCase(), value, text: JSON.stringify(['eq', `$${field}`, value]) };
    });
  }
  throw invalidPolicy(`Invalid Policy: Invalid Condition: ${text}`);
}

/**
 * Checks a form against its policy, as S3 does: not expired, every condition holds (the `bucket` field
 * is the target bucket), the file size is in range, and every other field is named by some condition.
 */
export function checkPostPolicy(policy: PostPolicy, fields: ReadonlyMap<string, string>, fileSize: number, now: Date): void {
  if (now > policy.expiration) throw denied('Invalid according to Policy: Policy expired.');
  const covered = new Set<string>();
  for (const condition of policy.conditions) {
    if (condition.kind === 'length') {
      if (fileSize < condition.min)
        throw new StorageError('EntityTooSmall', undefined, {
          ProposedSize: String(fileSize),
          MinSizeAllowed: String(condition.min),
        });
      if (fileSize > condition.max)
        throw new StorageError('EntityTooLarge', undefined, {
          ProposedSize: String(fileSize),
          MaxSizeAllowed: String(condition.max),
        });
      continue;
    }
    covered.add(condition.field);
    const value = fields.get(condition.field) ?? '';
    const holds = condition.kind === 'eq' ? value === condition.value : value.startsWith(condition.value);
    if (!holds) throw denied(`Invalid according to Policy: Policy Condition failed: ${condition.text}`);
  }
  const extra = [...fields.keys()].filter(
    (name) =>
      name !== 'bucket' && !EXEMPT.has(name) && !EXEMPT_PREFIXES.some((prefix) => name.startsWith(prefix)) && !covered.has(name),
  );
  if (extra.length > 0) throw denied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
}

const denied = (message: string) => new StorageError('AccessDenied', message);
const invalidPolicy = (message: string) => new StorageError('InvalidPolicyDocument', message);
