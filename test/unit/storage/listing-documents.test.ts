import { describe, expect, it } from 'vitest';
import { parseListParams } from '../../../lib/storage/listing/list-params';
import { requestedMetadata } from '../../../lib/storage/objects/object-headers';
import { listObjectsXml } from '../../../lib/storage/xml/s3-documents';

const paramsOf = (query: Record<string, string>) => parseListParams((name) => query[name]);
const page = { contents: [], commonPrefixes: ['\n/'], isTruncated: false };

describe('listing parameters and documents', () => {
  it('reads an empty continuation-token as a listing from the start (S3 echoes it, empty)', () => {
    expect(paramsOf({ 'list-type': '2', 'continuation-token': '' }).continuationToken).toBeUndefined();
    const xml = listObjectsXml('b', paramsOf({ 'list-type': '2' }), page, '');
    expect(xml).toContain('<ContinuationToken></ContinuationToken>');
    expect(() => paramsOf({ 'list-type': '2', 'continuation-token': 'bm9wZQ==' })).toThrow(
      expect.objectContaining({ code: 'InvalidArgument' }),
    );
  });

  it('refuses allow-unordered=true with a delimiter, as RGW does, and accepts it alone', () => {
    expect(() => paramsOf({ 'allow-unordered': 'true', delimiter: '/' })).toThrow(
      expect.objectContaining({ code: 'InvalidArgument' }),
    );
    expect(paramsOf({ 'allow-unordered': 'true' }).delimiter).toBeUndefined();
  });

  it('url-encodes key-like values with encoding-type=url, except the v1 Prefix (as RGW; botocore decodes all others)', () => {
    const v1 = listObjectsXml('b', paramsOf({ prefix: '\n', delimiter: '/', marker: '\n', 'encoding-type': 'url' }), page);
    expect(v1).toContain('<Prefix>\n</Prefix>');
    expect(v1).toContain('<Marker>%0A</Marker>');
    expect(v1).toContain('<Prefix>%0A/</Prefix>');
    const v2 = listObjectsXml(
      'b',
      paramsOf({ 'list-type': '2', prefix: '\n', 'start-after': '\x01', 'encoding-type': 'url' }),
      page,
    );
    expect(v2).toContain('<Prefix>%0A</Prefix>');
    expect(v2).toContain('<StartAfter>%01</StartAfter>');
  });
});

describe('content headers of a PUT', () => {
  it('keeps a Content-Encoding list as sent, joins a repeated header with ", " and drops aws-chunked framing', () => {
    const encodingOf = (values: string[]) => requestedMetadata({ 'content-encoding': values }).contentHeaders['content-encoding'];
    expect(encodingOf(['deflate, gzip'])).toBe('deflate, gzip');
    expect(encodingOf(['deflate', 'gzip'])).toBe('deflate, gzip');
    expect(encodingOf(['aws-chunked,gzip'])).toBe('gzip');
    expect(encodingOf(['aws-chunked', 'aws-chunked'])).toBeUndefined();
  });
});
