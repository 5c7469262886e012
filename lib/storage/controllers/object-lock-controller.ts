import { getObjectLockConfiguration, putObjectLockConfiguration } from '../object-lock/bucket-object-lock';
import { getObjectLegalHold, putObjectLegalHold } from '../object-lock/object-legal-hold';
import { getObjectRetention, putObjectRetention } from '../object-lock/object-retention';
import { emptyResult, xmlResult } from '../requests/s3-response';
import { legalHoldXml, objectLockConfigurationXml, retentionXml } from '../xml/object-lock-documents';
import { type RouteTable, type S3Call, versionIdOf } from './s3-call';

const versionTarget = ({ request, bucket, key }: S3Call) => ({ bucket, key, versionId: versionIdOf(request) });

/** `/{bucket}?object-lock`: the bucket's lock configuration (default retention). */
export const BUCKET_LOCK_ROUTES: RouteTable = {
  'object-lock': {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(objectLockConfigurationXml(await getObjectLockConfiguration(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await putObjectLockConfiguration(deps, principal, bucket, body);
      return emptyResult(200);
    },
  },
};

/** `/{bucket}/{key}?retention` and `?legal-hold`, of the current object or of `versionId`. */
export const OBJECT_LOCK_ROUTES: RouteTable = {
  retention: {
    GET: async (call) => xmlResult(retentionXml(await getObjectRetention(call.deps, call.principal, versionTarget(call)))),
    PUT: async (call) => {
      await putObjectRetention(call.deps, call.principal, versionTarget(call), call.request);
      return emptyResult(200);
    },
  },
  'legal-hold': {
    GET: async (call) => xmlResult(legalHoldXml(await getObjectLegalHold(call.deps, call.principal, versionTarget(call)))),
    PUT: async (call) => {
      await putObjectLegalHold(call.deps, call.principal, versionTarget(call), call.body);
      return emptyResult(200);
    },
  },
};
