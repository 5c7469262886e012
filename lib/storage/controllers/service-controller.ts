import { listBuckets } from '../buckets/bucket-operations';
import { xmlResult } from '../requests/s3-response';
import { listBucketsXml } from '../xml/s3-documents';
import type { RouteTable } from './s3-call';

/** `/`: the caller's buckets. */
export const SERVICE_ROUTES: RouteTable = {
  '': {
    GET: async ({ deps, principal }) => {
      const buckets = await listBuckets(deps, principal);
      const owner = principal.kind === 'user' ? principal.user : { id: '', displayName: '' };
      return xmlResult(listBucketsXml({ id: owner.id, displayName: owner.displayName }, buckets));
    },
  },
};
