import {
  type MultipartUpload,
  type UploadCatalog,
  type UploadedPart,
  uploadCursor,
} from '../../../lib/storage/model/multipart-upload';
import { copyOf, type MemoryStorageState, pageOf, roundTrip } from './memory-state';

/**
 * UploadRepository's contract in memory: a part commits only while its upload is open ('no-upload') and its number
 * still points at the blob read ('conflict'); state changes and removal are conditional on the state they expect.
 */
export class MemoryUploadCatalog implements UploadCatalog {
  constructor(private readonly state: MemoryStorageState) {}

  async create(upload: MultipartUpload): Promise<'created' | 'no-bucket'> {
    await roundTrip();
    if (!this.state.buckets.has(upload.bucket)) return 'no-bucket';
    this.state.partition(this.state.uploads, upload.bucket).set(uploadCursor(upload.key, upload.uploadId), copyOf(upload));
    return 'created';
  }

  async get(bucket: string, key: string, uploadId: string): Promise<MultipartUpload | undefined> {
    await roundTrip();
    const upload = this.stored({ bucket, key, uploadId });
    return upload && copyOf(upload);
  }

  async part(uploadId: string, partNumber: number): Promise<UploadedPart | undefined> {
    await roundTrip();
    const part = this.state.parts.get(uploadId)?.get(partNumber);
    return part && copyOf(part);
  }

  async putPart(
    upload: MultipartUpload,
    part: UploadedPart,
    expectedBlobId: string | undefined,
  ): Promise<'committed' | 'conflict' | 'no-upload'> {
    await roundTrip();
    const stored = this.stored(upload);
    if (stored?.state !== 'open') return 'no-upload';
    const parts = this.state.partition(this.state.parts, part.uploadId);
    const current = parts.get(part.partNumber);
    if (expectedBlobId === undefined ? current !== undefined : current?.blobId !== expectedBlobId) return 'conflict';
    stored.lastActivity = part.lastModified;
    parts.set(part.partNumber, copyOf(part));
    return 'committed';
  }

  async parts(uploadId: string, afterPartNumber: number, limit: number): Promise<{ items: UploadedPart[]; more: boolean }> {
    await roundTrip();
    const after = this.sorted(uploadId).filter((part) => part.partNumber > afterPartNumber);
    return { items: after.slice(0, limit).map(copyOf), more: after.length > limit };
  }

  async allParts(uploadId: string): Promise<UploadedPart[]> {
    await roundTrip();
    return this.sorted(uploadId).map(copyOf);
  }

  async setState(upload: MultipartUpload, from: MultipartUpload['state'], to: MultipartUpload['state']): Promise<boolean> {
    await roundTrip();
    const stored = this.stored(upload);
    if (stored?.state !== from) return false;
    stored.state = to;
    return true;
  }

  async remove(upload: MultipartUpload, state?: MultipartUpload['state']): Promise<boolean> {
    await roundTrip();
    const stored = this.stored(upload);
    if (!stored || (state !== undefined && stored.state !== state)) return false;
    this.state.uploads.get(upload.bucket)!.delete(uploadCursor(upload.key, upload.uploadId));
    return true;
  }

  async removeParts(uploadId: string, partNumbers: number[]): Promise<void> {
    await roundTrip();
    const parts = this.state.parts.get(uploadId);
    for (const number of partNumbers) parts?.delete(number);
    if (parts?.size === 0) this.state.parts.delete(uploadId);
  }

  async page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: MultipartUpload[]; more: boolean }> {
    await roundTrip();
    return pageOf(this.state.uploads.get(bucket), range, limit);
  }

  async idleSince(before: string): Promise<MultipartUpload[]> {
    await roundTrip();
    return [...this.state.uploads.values()].flatMap((uploads) =>
      [...uploads.values()].filter((upload) => upload.lastActivity < before).map(copyOf),
    );
  }

  private stored(upload: Pick<MultipartUpload, 'bucket' | 'key' | 'uploadId'>): MultipartUpload | undefined {
    return this.state.uploads.get(upload.bucket)?.get(uploadCursor(upload.key, upload.uploadId));
  }

  private sorted(uploadId: string): UploadedPart[] {
    return [...(this.state.parts.get(uploadId)?.values() ?? [])].sort((a, b) => a.partNumber - b.partNumber);
  }
}
