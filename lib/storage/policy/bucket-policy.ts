/** The IAM policy language as a bucket policy uses it, parsed and checked (parse-policy.ts) before it is stored. */
export type Effect = 'Allow' | 'Deny';

/** `"*"`, or the principals a statement names by kind (`{"AWS": [...]}`, `{"CanonicalUser": ...}`, `{"Service": ...}`). */
export type PrincipalSpec = '*' | { AWS?: string[]; CanonicalUser?: string[]; Service?: string[] };

/** How a condition treats a key with several values (`ForAnyValue:` / `ForAllValues:`); none: a single-valued key. */
export type SetQualifier = 'ForAnyValue' | 'ForAllValues';

export interface PolicyCondition {
  /** The operator without qualifier or `IfExists` (`StringLike`, `IpAddress`, `Null`...). */
  operator: string;
  set?: SetQualifier;
  /** `...IfExists`: a key absent from the request satisfies the condition. */
  ifExists: boolean;
  /** The condition key, lower-cased (IAM compares key names case-insensitively; tag keys keep their case). */
  key: string;
  values: string[];
}

export interface PolicyStatement {
  sid?: string;
  effect: Effect;
  principal?: PrincipalSpec;
  notPrincipal?: PrincipalSpec;
  action?: string[];
  notAction?: string[];
  resource?: string[];
  notResource?: string[];
  conditions: PolicyCondition[];
}

export interface BucketPolicy {
  version: string;
  statements: PolicyStatement[];
}

/** S3's limit on a bucket policy document. */
export const MAX_POLICY_BYTES = 20 * 1024;
