import { createHmac } from 'node:crypto';
import type { StorageCredentials } from './storage-clients';

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** A POST policy document (base64) with these conditions, expiring `expiresInMs` from now. */
export const postPolicyOf = (conditions: unknown[], expiresInMs = 600_000) =>
  Buffer.from(JSON.stringify({ expiration: new Date(Date.now() + expiresInMs).toISOString(), conditions })).toString('base64');

/** A SigV4-signed POST form's auth fields: added to the policy's conditions, as every SDK does. */
export function sigV4PostFields(
  conditions: unknown[],
  as: StorageCredentials,
  options: { region?: string; expiresInMs?: number } = {},
): [string, string][] {
  const region = options.region ?? 'us-east-1';
  const now = new Date();
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  const auth: [string, string][] = [
    ['x-amz-algorithm', 'AWS4-HMAC-SHA256'],
    ['x-amz-credential', `${as.accessKey}/${date}/${region}/s3/aws4_request`],
    ['x-amz-date', `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`],
  ];
  const policy = postPolicyOf([...conditions, ...auth.map(([name, value]) => ({ [name]: value }))], options.expiresInMs);
  const key = hmac(hmac(hmac(hmac(`AWS4${as.secretKey}`, date), region), 's3'), 'aws4_request');
  return [...auth, ['policy', policy], ['x-amz-signature', createHmac('sha256', key).update(policy).digest('hex')]];
}
