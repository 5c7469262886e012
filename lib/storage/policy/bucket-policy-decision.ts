import { conditionKeyValues } from '../model/condition-keys';
import type { Principal } from '../model/principal';
import type { BucketPolicy } from './bucket-policy';
import { evaluatePolicy, type PolicyDecision } from './evaluate-policy';
import { parsePolicy } from './parse-policy';
import { actsOnObject, iamActionOf } from './policy-actions';
import { isPublicPolicy } from './public-policy';
import { PolicyWorkExceeded, type WorkMeter } from './work-meter';

/** What the decision reads of a bucket: its name, owner, stored policy and public access block. */
export interface PolicyBucket {
  name?: string;
  ownerId: string;
  policy?: string;
  publicAccessBlock?: { RestrictPublicBuckets?: boolean };
}

/** What the decision reads of the target: the object's key and tags, or the key a request names. */
export interface PolicyTarget {
  key?: string;
  object?: { key?: string; tags?: readonly { key: string; value: string }[] };
  /** Condition key values the caller knows better than the request (the `s3:prefix` of a HEAD's ListBucket check). */
  conditionOverrides?: Readonly<Record<string, string>>;
  /**
   * The version the operation names, when it is not the request's own `?versionId` (a multi-delete entry's
   * `<VersionId>`, a copy source's `?versionId=`): S3 then checks the version's action (`s3:DeleteObjectVersion`).
   */
  versionId?: string;
  /** The request's wildcard budget, shared by all the checks of one request (a multi-delete's keys). */
  meter?: WorkMeter;
}

/** The bucket owner keeps these whatever its policy says, as an account's root user does on S3: a policy cannot lock it out. */
const OWNER_KEEPS = new Set(['GetBucketPolicy', 'PutBucketPolicy', 'DeleteBucketPolicy']);

/**
 * The bucket policy's say on one request: Deny, Allow or NoOpinion (no policy, or no statement applies); what an Allow
 * cannot give to others (owner-only settings) is decided by the caller (authorization.ts). Under
 * RestrictPublicBuckets, a public policy's Allow counts only for the bucket owner. A bucket without a policy pays
 * nothing; a policy is parsed once per container and kept.
 */
export function bucketPolicyDecision(
  principal: Principal,
  action: string,
  bucket: PolicyBucket,
  target: PolicyTarget = {},
): PolicyDecision {
  if (bucket.policy === undefined || bucket.name === undefined) return 'NoOpinion';
  const isOwner = principal.kind === 'user' && principal.user.id === bucket.ownerId;
  if (isOwner && OWNER_KEEPS.has(action)) return 'NoOpinion';
  const policy = storedPolicy(bucket.name, bucket.policy);
  if (!policy) return 'Deny';
  const facts = principal.kind === 'user' || principal.kind === 'anonymous' ? principal.facts : undefined;
  const key = target.key ?? target.object?.key;
  const versioned = target.versionId !== undefined || (facts?.query.some(([name]) => name === 'versionId') ?? false);
  const overrides =
    target.versionId === undefined
      ? target.conditionOverrides
      : { ...target.conditionOverrides, 's3:versionid': target.versionId };
  let decision: PolicyDecision;
  try {
    decision = evaluatePolicy(policy, {
      principal: principal.kind === 'user' ? { kind: 'user', id: principal.user.id } : { kind: 'anonymous' },
      action: iamActionOf(action, versioned),
      resource: `arn:aws:s3:::${bucket.name}${actsOnObject(action) && key !== undefined ? `/${key}` : ''}`,
      conditionKey: (conditionKey) =>
        conditionKeyValues(conditionKey, {
          facts,
          ...(principal.kind === 'user' ? { user: principal.user } : {}),
          existingTags: target.object?.tags,
          overrides,
        }),
      ...(target.meter ? { meter: target.meter } : {}),
    });
  } catch (error) {
    // A policy too costly to judge for this request allows nothing (it fails closed, quickly).
    if (error instanceof PolicyWorkExceeded) return 'Deny';
    throw error;
  }
  if (decision === 'Allow' && !isOwner && bucket.publicAccessBlock?.RestrictPublicBuckets && isPublicPolicy(policy)) {
    return 'NoOpinion';
  }
  return decision;
}

const parsed = new Map<string, BucketPolicy | undefined>();

/** The stored document, parsed (it was checked when it was put); undefined, denying everything, if it no longer parses. */
function storedPolicy(bucket: string, document: string): BucketPolicy | undefined {
  const cacheKey = `${bucket}\n${document}`;
  if (parsed.has(cacheKey)) return parsed.get(cacheKey);
  let policy: BucketPolicy | undefined;
  try {
    policy = parsePolicy(document, bucket);
  } catch {
    policy = undefined;
  }
  if (parsed.size > 1000) parsed.clear();
  parsed.set(cacheKey, policy);
  return policy;
}
