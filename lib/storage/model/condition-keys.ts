type Headers = Readonly<Record<string, readonly string[]>>;

const TAG_KEYS = ['s3:existingobjecttag/', 's3:requestobjecttag/'];

/** IAM compares condition key names case-insensitively, but a tag key named in one keeps its case. */
export function normalizedConditionKey(key: string): string {
  const lower = key.toLowerCase();
  const tagPrefix = TAG_KEYS.find((prefix) => lower.startsWith(prefix));
  return tagPrefix ? `${tagPrefix}${key.slice(tagPrefix.length)}` : lower;
}

/** The `s3:` condition keys a bucket policy may use (besides the tag keys); any `aws:` global key is accepted. */
const S3_KEYS = new Set([
  's3:prefix',
  's3:delimiter',
  's3:max-keys',
  's3:versionid',
  's3:requestobjecttagkeys',
  's3:x-amz-acl',
  's3:x-amz-copy-source',
  's3:x-amz-metadata-directive',
  's3:x-amz-server-side-encryption',
  's3:x-amz-server-side-encryption-aws-kms-key-id',
  's3:x-amz-server-side-encryption-customer-algorithm',
  's3:x-amz-storage-class',
  's3:x-amz-content-sha256',
  's3:x-amz-website-redirect-location',
  's3:x-amz-grant-read',
  's3:x-amz-grant-write',
  's3:x-amz-grant-read-acp',
  's3:x-amz-grant-write-acp',
  's3:x-amz-grant-full-control',
  's3:object-lock-mode',
  's3:object-lock-retain-until-date',
  's3:object-lock-remaining-retention-days',
  's3:object-lock-legal-hold',
  's3:locationconstraint',
  's3:signatureversion',
  's3:signatureage',
  's3:authtype',
  's3:tlsversion',
  's3:resourceaccount',
]);

export function isKnownConditionKey(key: string): boolean {
  const normalized = normalizedConditionKey(key);
  if (normalized.startsWith('aws:') && normalized.length > 4) return true;
  if (TAG_KEYS.some((prefix) => normalized.startsWith(prefix) && normalized.length > prefix.length)) return true;
  return S3_KEYS.has(normalized);
}

/** What a request brings to a policy's conditions, besides who sends it and what it touches. */
export interface RequestFacts {
  sourceIp?: string;
  /** HTTPS (API Gateway says so in X-Forwarded-Proto). */
  secure: boolean;
  headers: Headers;
  query: readonly (readonly [string, string])[];
  now: Date;
}

/** A request's facts from what every entry point has: the client's address, its headers (or a form's) and query. */
export function requestFacts(input: Omit<RequestFacts, 'secure'>): RequestFacts {
  const proto = input.headers['x-forwarded-proto']?.join(',').toLowerCase();
  // API Gateway terminates TLS and says so in X-Forwarded-Proto; the local stack is plain HTTP.
  return { ...input, secure: proto === 'https' };
}

export interface KeySources {
  facts?: RequestFacts;
  user?: { id: string; displayName: string };
  /** The tags of the object the request acts on (`s3:ExistingObjectTag/<key>`). */
  existingTags?: readonly { key: string; value: string }[];
  /** Values a caller knows better than the request does (`s3:prefix` of a HEAD's ListBucket check is its key). */
  overrides?: Readonly<Record<string, string>>;
}

/** The request's value(s) for a (normalized) condition key, undefined when the request has none. */
export function conditionKeyValues(key: string, sources: KeySources): readonly string[] | undefined {
  const override = sources.overrides?.[key];
  if (override !== undefined) return [override];
  const { facts, user } = sources;
  const one = (value: string | undefined) => (value === undefined ? undefined : [value]);
  const header = (name: string) => facts?.headers[name];
  const query = (name: string) => facts?.query.find(([queryKey]) => queryKey === name)?.[1];
  if (key.startsWith('s3:existingobjecttag/')) {
    const tagKey = key.slice('s3:existingobjecttag/'.length);
    return one(sources.existingTags?.find((tag) => tag.key === tagKey)?.value);
  }
  if (key.startsWith('s3:requestobjecttag/')) {
    const tagKey = key.slice('s3:requestobjecttag/'.length);
    return one(requestTags(header('x-amz-tagging'))?.find(([name]) => name === tagKey)?.[1]);
  }
  switch (key) {
    case 'aws:sourceip':
      return one(facts?.sourceIp);
    case 'aws:securetransport':
      return facts ? [String(facts.secure)] : undefined;
    case 'aws:currenttime':
      return one(facts?.now.toISOString());
    case 'aws:epochtime':
      return facts ? [String(Math.floor(facts.now.getTime() / 1000))] : undefined;
    case 'aws:userid':
    case 'aws:principalaccount':
      return one(user?.id);
    case 'aws:username':
      return one(user?.displayName);
    case 'aws:principaltype':
      return [user ? 'User' : 'Anonymous'];
    case 'aws:referer':
      return header('referer');
    case 'aws:useragent':
      return header('user-agent');
    case 's3:prefix':
    case 's3:delimiter':
    case 's3:max-keys':
      return one(query(key.slice(3)));
    case 's3:versionid':
      return one(query('versionId'));
    case 's3:requestobjecttagkeys':
      return requestTags(header('x-amz-tagging'))?.map(([name]) => name);
    case 's3:x-amz-copy-source':
      return one(copySource(header('x-amz-copy-source')?.join(',')));
    case 's3:object-lock-mode':
    case 's3:object-lock-retain-until-date':
    case 's3:object-lock-legal-hold':
      return header(`x-amz-${key.slice(3)}`);
    default:
      return key.startsWith('s3:x-amz-') ? header(key.slice(3)) : undefined;
  }
}

function requestTags(values: readonly string[] | undefined): [string, string][] | undefined {
  return values === undefined ? undefined : [...new URLSearchParams(values.join('&'))];
}

/** `x-amz-copy-source` as a policy compares it: `bucket/key`, decoded, without a leading slash or version. */
function copySource(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const path = raw.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // An undecodable source is refused by the copy itself; the policy sees it as sent.
  }
  return decoded.startsWith('/') ? decoded.slice(1) : decoded;
}
