import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { isNotFound } from '../../aws';
import type { BlobInventory } from './blob-inventory';
import type { BlobOrigin, BlobStorage } from './blob-storage';

/** Blob keys are `blobs/<uuid>`; the owning bucket and key travel as blob metadata so the sweeper can check references. */
const BLOB_PREFIX = 'blobs/';
export const blobKey = (blobId: string) => `${BLOB_PREFIX}${blobId}`;
const originMetadata = (origin: BlobOrigin): Record<string, string> => ({
  bucket: origin.bucket,
  key: Buffer.from(origin.key, 'utf8').toString('base64url'),
  ...(origin.uploadId === undefined ? {} : { upload: origin.uploadId, part: String(origin.partNumber ?? 0) }),
});

export class S3BlobStore implements BlobStorage, BlobInventory {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(blobId: string, bytes: Buffer, origin: BlobOrigin): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: blobKey(blobId),
        Body: bytes,
        ContentLength: bytes.length,
        Metadata: originMetadata(origin),
      }),
    );
  }

  async get(blobId: string, range?: { start: number; end: number }): Promise<Buffer | undefined> {
    try {
      const object = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: blobKey(blobId),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const read = await object.Body!.transformToByteArray();
      const bytes = Buffer.from(read.buffer, read.byteOffset, read.byteLength); // a view of the bytes read, not a copy
      // A store that ignores the range (s3rver does for `bytes=0-0`) answers the whole blob: cut the range out here.
      return range && bytes.length !== range.end - range.start + 1 ? bytes.subarray(range.start, range.end + 1) : bytes;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async copy(fromBlobId: string, toBlobId: string, origin: BlobOrigin): Promise<boolean> {
    try {
      await this.s3.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: blobKey(toBlobId),
          CopySource: `${this.bucket}/${blobKey(fromBlobId)}`,
          MetadataDirective: 'REPLACE',
          Metadata: originMetadata(origin),
        }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(blobId: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: blobKey(blobId) }));
  }

  async list(cursor?: string): Promise<{ blobs: { blobId: string; lastModified: Date }[]; next?: string }> {
    const page = await this.s3.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: BLOB_PREFIX, ContinuationToken: cursor, MaxKeys: 1000 }),
    );
    return {
      blobs: (page.Contents ?? []).map((object) => ({
        blobId: String(object.Key).slice(BLOB_PREFIX.length),
        lastModified: object.LastModified ?? new Date(0),
      })),
      next: page.IsTruncated ? page.NextContinuationToken : undefined,
    };
  }

  async originOf(blobId: string): Promise<BlobOrigin | undefined> {
    try {
      const { Metadata = {} } = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: blobKey(blobId) }));
      if (Metadata.bucket === undefined || Metadata.key === undefined) return undefined;
      const key = Buffer.from(Metadata.key, 'base64url').toString('utf8');
      const part = Metadata.upload === undefined ? {} : { uploadId: Metadata.upload, partNumber: Number(Metadata.part) };
      return { bucket: Metadata.bucket, key, ...part };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }
}
