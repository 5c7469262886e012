import { deleteOwnershipControls, getOwnershipControls, putOwnershipControls } from '../ownership/ownership-controls';
import { ownershipControlsXml } from '../ownership/ownership-documents';
import { publicAccessBlockXml } from '../public-access/public-access-documents';
import { deletePublicAccessBlock, getPublicAccessBlock, putPublicAccessBlock } from '../public-access/public-access-operations';
import { configurationRoute } from './configuration-route';
import type { RouteTable } from './s3-call';

/** `/{bucket}?ownershipControls` and `/{bucket}?publicAccessBlock`: who owns new objects, and how public ACLs count. */
export const BUCKET_OWNERSHIP_ROUTES: RouteTable = {
  ownershipControls: configurationRoute({
    get: getOwnershipControls,
    xml: ownershipControlsXml,
    put: putOwnershipControls,
    remove: deleteOwnershipControls,
  }),
  publicAccessBlock: configurationRoute({
    get: getPublicAccessBlock,
    xml: publicAccessBlockXml,
    put: putPublicAccessBlock,
    remove: deletePublicAccessBlock,
  }),
};
