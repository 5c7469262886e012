import { isAllowed } from '../../access/authorization';
import { bucketFor } from '../../access/bucket-access';
import { isPublicByPolicy } from '../../bucket-policy/policy-status';
import { listObjectsPage } from '../../listing/list-objects';
import type { BucketRecord } from '../../model/bucket';
import type { ListedObject } from '../../model/object-record';
import type { ConsoleActor } from '../console-actor';
import type { ConsoleDependencies } from '../console-dependencies';
import { folderOf } from './folder-path';

/** Rows per page of a folder: a page is one or a few index queries whatever the bucket's size. */
export const FOLDER_PAGE_SIZE = 50;

export interface FolderListing {
  bucket: BucketRecord;
  folder: string;
  /** Names in this folder starting with this text (a prefix search, as ListObjects' prefix). */
  search: string;
  folders: string[];
  objects: ListedObject[];
  /** Where the next page starts (ListObjects' continuation point), when there is one. */
  next?: string;
  /** What the signed-in user may do here, from the same evaluator: the page offers only those. */
  may: { upload: boolean; configure: boolean; changeAcl: boolean };
  /** The bucket's policy and whether it makes the bucket public, for those who may read it. */
  policy?: { document: string; isPublic: boolean };
}

/**
 * One page of a folder, through ListObjects with `/` as delimiter (bucket READ, as the API's listing): subfolders
 * are its common prefixes, files its contents.
 */
export async function browseBucket(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  name: string,
  input: { prefix?: string; search?: string; after?: string; pageSize?: number },
): Promise<FolderListing> {
  const folder = folderOf(input.prefix);
  const search = input.search ?? '';
  // The folder is listed as ListObjects would list it: a bucket policy's s3:prefix and s3:delimiter judge it.
  const query = [
    ['prefix', folder + search],
    ['delimiter', '/'],
  ] as const;
  const principal = actor.as({ query });
  const bucket = await bucketFor(deps.storage, principal, name, 'ListBucket');
  const page = await listObjectsPage(deps.storage.objects, name, {
    prefix: folder + search,
    delimiter: '/',
    maxKeys: input.pageSize ?? FOLDER_PAGE_SIZE,
    ...(input.after ? { after: input.after } : {}),
  });
  const readsPolicy = bucket.policy !== undefined && isAllowed(principal, 'GetBucketPolicy', { bucket });
  return {
    bucket,
    folder,
    search,
    folders: page.commonPrefixes,
    objects: page.contents,
    ...(page.isTruncated && page.next !== undefined ? { next: page.next } : {}),
    may: {
      upload: isAllowed(principal, 'PutObject', { bucket }),
      configure: isAllowed(principal, 'PutBucketVersioning', { bucket }),
      changeAcl: isAllowed(principal, 'PutBucketAcl', { bucket }),
    },
    ...(readsPolicy && bucket.policy ? { policy: { document: bucket.policy, isPublic: isPublicByPolicy(bucket) } } : {}),
  };
}
