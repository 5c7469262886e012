import { describe, expect, it } from 'vitest';
import { fromListingAttributes, listingAttributes } from '../../../lib/storage/model/listing-item';

const listed = {
  key: 'photos/2026/a.jpg',
  size: 4096,
  etag: '9e107d9d372bb6826bd81d3542a419d6',
  lastModified: '2026-11-28T07:10:25.123Z',
  ownerId: 'owner-1',
  ownerDisplayName: 'M. Owner',
};

describe('listing items', () => {
  it('pack an MD5 ETag into 16 bytes and the time into milliseconds, and read back exactly what was listed', () => {
    const attributes = listingAttributes(listed);
    expect(attributes.e).toEqual(Buffer.from(listed.etag, 'hex'));
    expect(attributes.m).toBe(Date.parse(listed.lastModified));
    expect(fromListingAttributes(listed.key, attributes)).toEqual(listed);
  });

  it('keep what does not pack as it is: multipart ETags, times in another form, no display name, the versioned mark', () => {
    const odd = {
      ...listed,
      etag: 'd41d8cd98f00b204e9800998ecf8427e-3',
      lastModified: '2026-11-28T07:10:25Z',
      ownerDisplayName: '',
    };
    const attributes = listingAttributes({ ...odd, versioned: true });
    expect(attributes).not.toHaveProperty('d');
    expect(fromListingAttributes(odd.key, attributes)).toEqual({ ...odd, versioned: true });
    // Read back from DynamoDB, a binary attribute is a Uint8Array rather than a Buffer.
    const stored = { ...listingAttributes(listed), e: new Uint8Array(Buffer.from(listed.etag, 'hex')) };
    expect(fromListingAttributes(listed.key, stored).etag).toBe(listed.etag);
  });
});
