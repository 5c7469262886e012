import { bucketFor } from '../access/bucket-access';
import { getBucketAcl, putBucketAcl } from '../acl/acl-operations';
import { getBucketRequestPayment, putBucketRequestPayment } from '../billing/bucket-request-payment';
import { bucketIsPublic, policyStatusXml } from '../bucket-policy/policy-status';
import { createBucket, deleteBucket } from '../buckets/bucket-operations';
import { assertDeleteBodyIntegrity, deleteObjects } from '../deletes/delete-objects';
import { parseDeleteRequest } from '../deletes/delete-request';
import { deleteResultXml } from '../deletes/delete-result-document';
import { listObjectsPage } from '../listing/list-objects';
import { parseListParams } from '../listing/list-params';
import { listVersionsPage } from '../listing/list-versions';
import { bypassGovernanceRequested } from '../model/lock-request-headers';
import { postObject } from '../post/post-object';
import { header, queryParam } from '../requests/s3-request';
import { emptyResult, xmlResult } from '../requests/s3-response';
import { readStatsRequested, statBucketHeaders } from '../usage/account-usage';
import { getBucketVersioning, putBucketVersioning } from '../versions/bucket-versioning';
import { accessControlPolicyXml } from '../xml/access-control-policy';
import { requestPaymentXml } from '../xml/request-payment-documents';
import { listObjectsXml, locationXml } from '../xml/s3-documents';
import { listVersionsXml, versioningConfigurationXml } from '../xml/versioning-documents';
import { BUCKET_SETTING_ROUTES } from './bucket-settings-controller';
import { BUCKET_MULTIPART_ROUTES } from './multipart-controller';
import { BUCKET_LOCK_ROUTES } from './object-lock-controller';
import { postObjectResponse } from './post-object-response';
import type { RouteTable } from './s3-call';

/** `/{bucket}` and its sub-resources. */
export const BUCKET_ROUTES: RouteTable = {
  '': {
    GET: async ({ deps, principal, request, bucket }) => {
      const params = parseListParams((param) => queryParam(request, param));
      await bucketFor(deps, principal, bucket, 'ListBucket');
      const page = await listObjectsPage(deps.objects, bucket, {
        prefix: params.prefix,
        delimiter: params.delimiter,
        maxKeys: params.maxKeys,
        after: params.continuationToken ?? params.marker,
      });
      return xmlResult(listObjectsXml(bucket, params, page, queryParam(request, 'continuation-token')));
    },
    PUT: async ({ deps, principal, request, bucket, body }) => {
      const created = await createBucket(deps, principal, bucket, body, request.headers);
      return emptyResult(200, { location: `/${created.name}` });
    },
    HEAD: async ({ deps, principal, request, bucket }) => {
      const record = await bucketFor(deps, principal, bucket, 'ListBucket');
      const readStats = readStatsRequested(queryParam(request, 'read-stats'));
      return emptyResult(200, {
        'x-amz-bucket-region': record.location || 'us-east-1',
        ...(await statBucketHeaders(deps, principal, record, readStats)),
      });
    },
    DELETE: async ({ deps, principal, bucket }) => {
      await deleteBucket(deps, principal, bucket);
      return emptyResult(204);
    },
    // POST on a bucket is a browser-form upload (POST Object).
    POST: async ({ deps, keys, request, bucket, body }) => {
      const result = await postObject(deps, keys, {
        bucket,
        contentType: header(request, 'content-type'),
        body,
        forwardedProto: header(request, 'x-forwarded-proto'),
        ...(request.sourceIp === undefined ? {} : { sourceIp: request.sourceIp }),
      });
      return postObjectResponse(request, bucket, result);
    },
  },
  location: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(locationXml(await bucketFor(deps, principal, bucket, 'GetBucketLocation'))),
  },
  acl: {
    GET: async ({ deps, principal, bucket }) => xmlResult(accessControlPolicyXml(await getBucketAcl(deps, principal, bucket))),
    PUT: async ({ deps, principal, request, bucket, body }) => {
      await putBucketAcl(deps, principal, bucket, { headers: request.headers, body });
      return emptyResult(200);
    },
  },
  versioning: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(versioningConfigurationXml(await getBucketVersioning(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await putBucketVersioning(deps, principal, bucket, body);
      return emptyResult(200);
    },
  },
  requestPayment: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(requestPaymentXml(await getBucketRequestPayment(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await putBucketRequestPayment(deps, principal, bucket, body);
      return emptyResult(200);
    },
  },
  delete: {
    POST: async ({ deps, principal, request, bucket, body }) => {
      assertDeleteBodyIntegrity(request.headers, body);
      const parsed = parseDeleteRequest(body.toString('utf8'));
      const entries = await deleteObjects(deps, principal, bucket, parsed, bypassGovernanceRequested(request.headers));
      return xmlResult(deleteResultXml(entries, parsed.quiet));
    },
  },
  versions: {
    GET: async ({ deps, principal, request, bucket }) => {
      const get = (param: string) => queryParam(request, param);
      const list = parseListParams(get);
      const params = {
        prefix: list.prefix,
        delimiter: list.delimiter,
        maxKeys: list.maxKeys,
        keyMarker: get('key-marker') || undefined,
        versionIdMarker: get('version-id-marker') || undefined,
        urlEncoded: list.urlEncoded,
      };
      const record = await bucketFor(deps, principal, bucket, 'ListBucketVersions');
      return xmlResult(listVersionsXml(bucket, params, await listVersionsPage(deps, record, params)));
    },
  },
  policyStatus: {
    GET: async ({ deps, principal, bucket }) => xmlResult(policyStatusXml(await bucketIsPublic(deps, principal, bucket))),
  },
  ...BUCKET_LOCK_ROUTES,
  ...BUCKET_MULTIPART_ROUTES,
  ...BUCKET_SETTING_ROUTES,
};
