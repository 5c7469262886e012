import type { BlobOrigin } from './blob-storage';

/** The blob bucket seen as an inventory (port): what blobs exist, how old, and which object wrote each. */
export interface BlobInventory {
  /** One page of blobs, oldest and newest mixed, as the bucket lists them. */
  list(cursor?: string): Promise<{ blobs: { blobId: string; lastModified: Date }[]; next?: string }>;
  /** The bucket and key the blob was written for (blob metadata); undefined when the blob is gone. */
  originOf(blobId: string): Promise<BlobOrigin | undefined>;
  delete(blobId: string): Promise<void>;
}
