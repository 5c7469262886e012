import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  assertManifestFits,
  MAX_MANIFEST_PARTS,
  multipartEtag,
  objectPartRange,
  parseCopySourceRange,
  parsePartNumber,
  partByteRange,
  partSegments,
  partsToAssemble,
} from '../../../lib/storage/model/multipart-rules';
import type { UploadedPart } from '../../../lib/storage/model/multipart-upload';
import type { ManifestPart } from '../../../lib/storage/model/object-record';
import { parseCompleteRequest } from '../../../lib/storage/multipart/multipart-documents';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'passed';
};
const part = (partNumber: number, size: number): UploadedPart => ({
  uploadId: 'u',
  partNumber,
  blobId: `blob-${partNumber}`,
  size,
  etag: md5(`part ${partNumber}`),
  lastModified: '2026-01-01T00:00:00.000Z',
});

describe('multipart rules', () => {
  it('computes S3 multipart ETags: md5 of the binary part md5s, dash, part count', () => {
    const etags = [md5('a'), md5('b')];
    const expected = createHash('md5')
      .update(Buffer.concat(etags.map((etag) => Buffer.from(etag, 'hex'))))
      .digest('hex');
    expect(multipartEtag(etags)).toBe(`${expected}-2`);
    // A one-part upload still has the -1 form, never the part's own md5.
    expect(multipartEtag([md5('a')])).toBe(
      `${createHash('md5')
        .update(Buffer.from(md5('a'), 'hex'))
        .digest('hex')}-1`,
    );
  });

  it('accepts part numbers 1 to 10,000 only', () => {
    expect(parsePartNumber('1')).toBe(1);
    expect(parsePartNumber('10000')).toBe(10_000);
    for (const bad of ['0', '10001', '-1', 'x', '', '1.5', undefined])
      expect(codeOf(() => parsePartNumber(bad))).toBe('InvalidArgument');
  });

  it('validates a completion: order, known parts with their ETags, minimum size of all but the last', () => {
    const uploaded = [part(1, 10), part(2, 10), part(3, 3)];
    const ask = (...numbers: number[]) => numbers.map((n) => ({ partNumber: n, etag: `"${md5(`part ${n}`)}"` }));
    expect(partsToAssemble(ask(1, 2, 3), uploaded, 10).map((p) => p.partNumber)).toEqual([1, 2, 3]);
    // Parts may be skipped; the last one may be small.
    expect(partsToAssemble(ask(1, 3), uploaded, 10).map((p) => p.partNumber)).toEqual([1, 3]);
    expect(codeOf(() => partsToAssemble(ask(2, 1), uploaded, 10))).toBe('InvalidPartOrder');
    // A part number listed twice in a row counts once (a re-sent part, as RGW assembles it); a repeat later is out of order.
    expect(partsToAssemble(ask(1, 1, 2), uploaded, 10).map((p) => p.partNumber)).toEqual([1, 2]);
    expect(codeOf(() => partsToAssemble(ask(1, 2, 1), uploaded, 10))).toBe('InvalidPartOrder');
    expect(codeOf(() => partsToAssemble(ask(1, 4), uploaded, 10))).toBe('InvalidPart');
    expect(codeOf(() => partsToAssemble([{ partNumber: 1, etag: md5('other') }], uploaded, 10))).toBe('InvalidPart');
    expect(codeOf(() => partsToAssemble(ask(3, 4), [...uploaded, part(4, 1)], 10))).toBe('EntityTooSmall');
    expect(codeOf(() => partsToAssemble(ask(1, 2), uploaded, 11))).toBe('EntityTooSmall');
    expect(codeOf(() => partsToAssemble([], uploaded, 10))).toBe('MalformedXML');
    const manifest = (count: number, extra: Partial<ManifestPart> = {}) =>
      Array.from({ length: count }, (_, index) => ({ blobId: `blob-${index}`, size: 5, ...extra }));
    expect(codeOf(() => assertManifestFits(manifest(MAX_MANIFEST_PARTS)))).toBe('passed');
    expect(codeOf(() => assertManifestFits(manifest(MAX_MANIFEST_PARTS + 1)))).toBe('InvalidRequest');
    // Per-part checksums take room in the one item: a SHA256 manifest holds fewer parts.
    const sha256 = { checksum: 'A'.repeat(44) };
    expect(codeOf(() => assertManifestFits(manifest(3000, sha256)))).toBe('passed');
    expect(codeOf(() => assertManifestFits(manifest(MAX_MANIFEST_PARTS, sha256)))).toBe('InvalidRequest');
  });

  it('finds the byte range of one part and the part pieces a range crosses', () => {
    const sizes = [5, 5, 3];
    expect(partByteRange(sizes, 1)).toEqual({ start: 0, end: 4 });
    expect(partByteRange(sizes, 3)).toEqual({ start: 10, end: 12 });
    expect(partByteRange(sizes, 4)).toBeUndefined();
    expect(partSegments(sizes, { start: 3, end: 11 })).toEqual([
      { index: 0, start: 3, end: 4 },
      { index: 1, start: 0, end: 4 },
      { index: 2, start: 0, end: 1 },
    ]);
    expect(partSegments(sizes, { start: 5, end: 9 })).toEqual([{ index: 1, start: 0, end: 4 }]);
    expect(partSegments([4, 0, 4], { start: 3, end: 4 })).toEqual([
      { index: 0, start: 3, end: 3 },
      { index: 2, start: 0, end: 0 },
    ]);
  });

  it('answers partNumber on plain and multipart objects as S3 does', () => {
    expect(objectPartRange({ size: 10 }, 1)).toEqual({ start: 0, end: 9 });
    expect(codeOf(() => objectPartRange({ size: 10 }, 2))).toBe('InvalidPart');
    expect(objectPartRange({ size: 0 }, 1)).toBeUndefined();
    expect(objectPartRange({ size: 8, parts: [{ size: 5 }, { size: 3 }] }, 2)).toEqual({ start: 5, end: 7 });
    expect(codeOf(() => objectPartRange({ size: 8, parts: [{ size: 5 }, { size: 3 }] }, 3))).toBe('InvalidPart');
  });

  it('parses x-amz-copy-source-range strictly', () => {
    expect(parseCopySourceRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(parseCopySourceRange('bytes=9-9', 10)).toEqual({ start: 9, end: 9 });
    for (const bad of ['bytes=5-4', 'bytes=-4', 'bytes=1-', 'items=0-1', 'bytes=0-1,3-4']) {
      expect(codeOf(() => parseCopySourceRange(bad, 10))).toBe('InvalidArgument');
    }
    expect(codeOf(() => parseCopySourceRange('bytes=5-10', 10))).toBe('InvalidRange');
  });
});

describe('CompleteMultipartUpload bodies', () => {
  it("reads ETags whatever the encoder's escaping: &quot;, &#34; (Go's, rclone) or bare", () => {
    const body = (etag: string) =>
      Buffer.from(
        `<CompleteMultipartUpload><Part><ETag>${etag}</ETag><PartNumber>1</PartNumber></Part></CompleteMultipartUpload>`,
      );
    for (const etag of ['&quot;abc&quot;', '&#34;abc&#34;', '&#x22;abc&#x22;', '"abc"']) {
      expect(parseCompleteRequest(body(etag))).toEqual([{ partNumber: 1, etag: '"abc"' }]);
    }
  });
});
