import { bucketListPage, parseBucketListParams } from '../buckets/bucket-list-page';
import { listBuckets } from '../buckets/bucket-operations';
import { queryParam } from '../requests/s3-request';
import { xmlResult } from '../requests/s3-response';
import { accountUsage } from '../usage/account-usage';
import { usageXml } from '../usage/usage-document';
import { listBucketsXml } from '../xml/s3-documents';
import type { RouteTable } from './s3-call';
import { topicApi } from './topic-controller';

/** `/`: the caller's buckets, RGW's `?usage`, and RGW's SNS-compatible topic API (POST). */
export const SERVICE_ROUTES: RouteTable = {
  '': {
    GET: async ({ deps, principal, request }) => {
      const params = parseBucketListParams((name) => queryParam(request, name));
      const page = bucketListPage(await listBuckets(deps, principal), params);
      const owner = principal.kind === 'user' ? principal.user : { id: '', displayName: '' };
      return xmlResult(listBucketsXml({ id: owner.id, displayName: owner.displayName }, page, params.prefix));
    },
    POST: topicApi,
  },
  usage: {
    GET: async ({ deps, principal }) => xmlResult(usageXml(await accountUsage(deps, principal))),
  },
};
