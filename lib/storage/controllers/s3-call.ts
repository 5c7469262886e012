import { StorageError } from '../model/errors';
import type { ObjectChecksum } from '../model/object-checksum';
import type { Principal } from '../model/principal';
import type { AccessKeyResolver } from '../model/storage-user';
import type { S3Request } from '../requests/s3-request';
import type { S3Response } from '../requests/s3-response';
import type { StorageDeps } from '../store/storage-deps';

/** One authenticated request, as a controller's action receives it. */
export interface S3Call {
  deps: StorageDeps;
  keys: AccessKeyResolver;
  principal: Principal;
  request: S3Request;
  /** Empty on the service level. */
  bucket: string;
  /** Empty on the service and bucket levels. */
  key: string;
  /** The body's real bytes (aws-chunked decoded, signatures and checksums verified). */
  body: Buffer;
  /** The body's verified `x-amz-checksum-*`, when the request names one. */
  checksum?: ObjectChecksum;
}

export type S3Action = (call: S3Call) => Promise<S3Response>;

/** A resource level's routes as data: sub-resource ('' for the resource itself) → method → action. */
export type RouteTable = Readonly<Record<string, Partial<Record<string, S3Action>>>>;

export type ResourceLevel = 'SERVICE' | 'BUCKET' | 'OBJECT';

/**
 * The action for a sub-resource and method on one level. A sub-resource that this level does not serve is
 * refused by name (it never falls through to the resource itself); a method the route lacks is MethodNotAllowed.
 */
export function routeFor(table: RouteTable, level: ResourceLevel, subresource: string | undefined, method: string): S3Action {
  const route = table[subresource ?? ''];
  if (!route) {
    throw new StorageError(
      'InvalidRequest',
      `The ?${subresource} sub-resource is not served on the ${level.toLowerCase()} level.`,
    );
  }
  const action = route[method];
  if (!action) throw new StorageError('MethodNotAllowed', undefined, { Method: method, ResourceType: level });
  return action;
}

/** `versionId` of the request, when it names one. */
export const versionIdOf = (request: S3Request) => request.query.find(([name]) => name === 'versionId')?.[1];

/** `x-amz-version-id`, sent only for buckets that have (or had) versioning, as S3 does. */
export const versionHeader = (versioned: boolean, versionId: string): Record<string, string> =>
  versioned ? { 'x-amz-version-id': versionId } : {};

/** A write's answer names the version it made, except the null version of a suspended bucket, which RGW leaves unnamed. */
export const writtenVersionHeader = (versioned: boolean, versionId: string): Record<string, string> =>
  versionHeader(versioned && versionId !== 'null', versionId);
