import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { isNotFound } from '../../aws';
import type { BlobStorage } from './blob-storage';

/** Blob keys are `blobs/<uuid>`; the owning bucket and key travel as blob metadata so the sweeper can check references. */
export const blobKey = (blobId: string) => `blobs/${blobId}`;
const originMetadata = (origin: { bucket: string; key: string }) => ({
  bucket: origin.bucket,
  key: Buffer.from(origin.key, 'utf8').toString('base64url'),
});

export class S3BlobStore implements BlobStorage {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(blobId: string, bytes: Buffer, origin: { bucket: string; key: string }): Promise<void> {
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
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async copy(fromBlobId: string, toBlobId: string, origin: { bucket: string; key: string }): Promise<boolean> {
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
}
