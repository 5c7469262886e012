import { createBucket } from '../../../lib/storage/buckets/bucket-operations';
import { StorageError } from '../../../lib/storage/model/errors';
import type { Principal } from '../../../lib/storage/model/principal';
import { getObject } from '../../../lib/storage/objects/get-object';
import { putObject } from '../../../lib/storage/objects/put-object';
import type { StorageDeps } from '../../../lib/storage/store/storage-deps';

export type Headers = Record<string, readonly string[]>;

/** Request headers as the pipeline hands them to a use case: lower-case names, each with its values. */
export const headers = (plain: Record<string, string> = {}): Headers =>
  Object.fromEntries(Object.entries(plain).map(([name, value]) => [name.toLowerCase(), [value]]));

/** The S3 error code a use case refused with, its message and details; fails the test when it did not refuse. */
export async function refusal(
  call: Promise<unknown>,
): Promise<{ code: string; message: string; details: Record<string, string> }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof StorageError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a StorageError, the call succeeded');
}

/** A bucket made through CreateBucket, as its owner would make it. */
export const bucketOf = (deps: StorageDeps, owner: Principal, name: string, plain: Record<string, string> = {}) =>
  createBucket(deps, owner, name, Buffer.alloc(0), headers(plain));

/** PutObject of a body (UTF-8 text or bytes), with its Content-Length as a client sends it. */
export function put(
  deps: StorageDeps,
  principal: Principal,
  bucket: string,
  key: string,
  body: string | Buffer,
  plain: Record<string, string> = {},
) {
  const bytes = Buffer.from(body);
  return putObject(deps, principal, {
    bucket,
    key,
    body: bytes,
    headers: headers({ 'content-length': String(bytes.length), ...plain }),
  });
}

/** GetObject of the current object (or a version) with its body, read as UTF-8 with its record. */
export async function read(deps: StorageDeps, principal: Principal, bucket: string, key: string, versionId?: string) {
  const result = await getObject(deps, principal, {
    bucket,
    key,
    ...(versionId === undefined ? {} : { versionId }),
    conditions: {},
    withBody: true,
  });
  if (result.kind !== 'object') throw new Error('expected the object');
  return { record: result.record, text: result.body?.toString('utf8') ?? '' };
}
