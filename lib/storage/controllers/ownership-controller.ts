import { deleteOwnershipControls, getOwnershipControls, putOwnershipControls } from '../ownership/ownership-controls';
import { ownershipControlsXml } from '../ownership/ownership-documents';
import { publicAccessBlockXml } from '../public-access/public-access-documents';
import { deletePublicAccessBlock, getPublicAccessBlock, putPublicAccessBlock } from '../public-access/public-access-operations';
import { emptyResult, xmlResult } from '../requests/s3-response';
import type { RouteTable } from './s3-call';

/** `/{bucket}?ownershipControls` and `/{bucket}?publicAccessBlock`: who owns new objects, and how public ACLs count. */
export const BUCKET_OWNERSHIP_ROUTES: RouteTable = {
  ownershipControls: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(ownershipControlsXml(await getOwnershipControls(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await putOwnershipControls(deps, principal, bucket, body);
      return emptyResult(200);
    },
    DELETE: async ({ deps, principal, bucket }) => {
      await deleteOwnershipControls(deps, principal, bucket);
      return emptyResult(204);
    },
  },
  publicAccessBlock: {
    GET: async ({ deps, principal, bucket }) =>
      xmlResult(publicAccessBlockXml(await getPublicAccessBlock(deps, principal, bucket))),
    PUT: async ({ deps, principal, bucket, body }) => {
      await putPublicAccessBlock(deps, principal, bucket, body);
      return emptyResult(200);
    },
    DELETE: async ({ deps, principal, bucket }) => {
      await deletePublicAccessBlock(deps, principal, bucket);
      return emptyResult(204);
    },
  },
};
