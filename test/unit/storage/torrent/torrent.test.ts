import { createHash, randomBytes } from 'node:crypto';
import parseTorrent from 'parse-torrent';
import { describe, expect, it } from 'vitest';
import { operationOf } from '../../../../lib/storage/access-logs/access-log-record';
import { objectUrl } from '../../../../lib/storage/controllers/object-location';
import type { S3Request } from '../../../../lib/storage/requests/s3-request';
import { bencode } from '../../../../lib/storage/torrent/bencode';
import { pieceHashes, pieceLengthFor } from '../../../../lib/storage/torrent/piece-hashes';
import { type TorrentContent, torrentMetainfo, torrentName } from '../../../../lib/storage/torrent/torrent-metainfo';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest();

/** The bytes as a range reader, recording every range asked for. */
function readerOf(bytes: Buffer) {
  const ranges: { start: number; end: number }[] = [];
  const read = async (range: { start: number; end: number }) => {
    ranges.push(range);
    return bytes.subarray(range.start, range.end + 1);
  };
  return { read, ranges };
}

describe('bencoding (BEP 3)', () => {
  it('writes integers, byte strings, lists and dictionaries with keys in byte order; leaves undefined entries out', () => {
    expect(bencode(42).toString()).toBe('i42e');
    expect(bencode(-3).toString()).toBe('i-3e');
    expect(bencode(0).toString()).toBe('i0e');
    expect(bencode('spam').toString()).toBe('4:spam');
    expect(bencode('').toString()).toBe('0:');
    // Lengths count UTF-8 bytes, not characters.
    expect(bencode('ünï').toString()).toBe('5:ünï');
    expect(bencode(Buffer.from([0, 255, 10]))).toEqual(Buffer.concat([Buffer.from('3:'), Buffer.from([0, 255, 10])]));
    expect(bencode(['spam', 'eggs', [1]]).toString()).toBe('l4:spam4:eggsli1eee');
    expect(bencode({ spam: ['a', 'b'], cow: 'moo', skipped: undefined }).toString()).toBe('d3:cow3:moo4:spaml1:a1:bee');
    // Raw byte order: upper case before lower case, a prefix before what extends it, 'piece length' before 'pieces'.
    expect(bencode({ pieces: 1, 'piece length': 2, B: 3, a: 4 }).toString()).toBe('d1:Bi3e1:ai4e12:piece lengthi2e6:piecesi1ee');
  });

  it('refuses numbers bencoding cannot carry', () => {
    expect(() => bencode(1.5)).toThrow(RangeError);
    expect(() => bencode(Number.NaN)).toThrow(RangeError);
  });
});

describe('piece length', () => {
  it('is 512 KiB, doubled while the object would have more than 2,000 pieces', () => {
    expect(pieceLengthFor(1)).toBe(512 * KiB);
    expect(pieceLengthFor(1000 * MiB)).toBe(512 * KiB); // exactly 2,000 pieces
    expect(pieceLengthFor(1000 * MiB + 1)).toBe(MiB);
    expect(pieceLengthFor(5 * GiB)).toBe(4 * MiB); // 1,280 pieces
    expect(pieceLengthFor(50 * GiB)).toBe(32 * MiB);
    for (const size of [1, 3 * MiB + 1, 999 * MiB, 2001 * MiB, 5 * GiB, 5 * 1024 * GiB]) {
      const length = pieceLengthFor(size);
      expect(Math.ceil(size / length)).toBeLessThanOrEqual(2000);
      expect(Math.log2(length) % 1).toBe(0);
    }
  });
});

describe('piece hashes', () => {
  it('are the SHA-1 of each piece, the last one short, read in bounded ranges of whole pieces', async () => {
    const bytes = randomBytes(5 * 64 * KiB + 1234);
    const { read, ranges } = readerOf(bytes);
    const pieces = await pieceHashes(read, bytes.length, 64 * KiB, { chunkBytes: 150 * KiB, readsAhead: 2 });
    const expected = [0, 1, 2, 3, 4, 5].map((index) => sha1(bytes.subarray(index * 64 * KiB, (index + 1) * 64 * KiB)));
    expect(pieces).toEqual(Buffer.concat(expected));
    // 150 KiB rounds down to two pieces a read; the last read ends at the last byte.
    expect(ranges).toEqual([
      { start: 0, end: 128 * KiB - 1 },
      { start: 128 * KiB, end: 256 * KiB - 1 },
      { start: 256 * KiB, end: bytes.length - 1 },
    ]);
  });

  it('read one piece at a time when a piece is longer than the chunk', async () => {
    const bytes = randomBytes(3 * KiB);
    const { read, ranges } = readerOf(bytes);
    expect(await pieceHashes(read, bytes.length, KiB, { chunkBytes: 100, readsAhead: 1 })).toEqual(
      Buffer.concat([0, 1, 2].map((index) => sha1(bytes.subarray(index * KiB, (index + 1) * KiB)))),
    );
    expect(ranges).toHaveLength(3);
  });

  it('keep at most `readsAhead` reads in flight, and hash them in order whatever order they finish in', async () => {
    const bytes = randomBytes(10 * KiB);
    let inFlight = 0;
    let most = 0;
    const slowThenFast = async (range: { start: number; end: number }) => {
      inFlight++;
      most = Math.max(most, inFlight);
      // Earlier ranges take longer: they finish out of order.
      await new Promise((resolve) => setTimeout(resolve, 20 - range.start / KiB));
      inFlight--;
      return bytes.subarray(range.start, range.end + 1);
    };
    const pieces = await pieceHashes(slowThenFast, bytes.length, KiB, { chunkBytes: KiB, readsAhead: 3 });
    expect(pieces).toEqual(
      Buffer.concat(Array.from({ length: 10 }, (_, index) => sha1(bytes.subarray(index * KiB, (index + 1) * KiB)))),
    );
    expect(most).toBe(3);
  });

  it('are undefined when a read finds the bytes gone, and a short read is an error', async () => {
    const bytes = randomBytes(4 * KiB);
    let calls = 0;
    const gone = async (range: { start: number; end: number }) =>
      ++calls === 2 ? undefined : bytes.subarray(range.start, range.end + 1);
    expect(await pieceHashes(gone, bytes.length, KiB, { chunkBytes: KiB, readsAhead: 2 })).toBeUndefined();
    const short = async () => Buffer.alloc(10);
    await expect(pieceHashes(short, bytes.length, KiB, { chunkBytes: KiB, readsAhead: 2 })).rejects.toThrow(/brought 10/);
  });
});

describe('torrent name', () => {
  it('is the key’s last path segment, the whole key without a slash, never empty nor a dot segment', () => {
    expect(torrentName('Avatar.mpg')).toBe('Avatar.mpg');
    expect(torrentName('videos/2026/clip.mp4')).toBe('clip.mp4');
    expect(torrentName('folder/')).toBe('folder');
    expect(torrentName('a//b//')).toBe('b');
    expect(torrentName('a/../..')).toBe('a');
    expect(torrentName('/')).toBe('_');
    expect(torrentName('..')).toBe('__');
    expect(torrentName('ünï cödé.txt')).toBe('ünï cödé.txt');
  });
});

describe('metainfo', () => {
  const bytes = randomBytes(3 * 512 * KiB + 77);
  const content = async (overrides: Partial<TorrentContent> = {}): Promise<TorrentContent> => ({
    name: 'clip.bin',
    length: bytes.length,
    pieceLength: pieceLengthFor(bytes.length),
    pieces: (await pieceHashes(readerOf(bytes).read, bytes.length, pieceLengthFor(bytes.length)))!,
    webSeed: 'http://127.0.0.1:3000/bucket/videos/clip.bin',
    createdAt: new Date('2026-11-27T10:11:12.345Z'),
    ...overrides,
  });

  it('reads back through an independent decoder (parse-torrent): name, length, pieces, web seed, date, no tracker', async () => {
    const parsed = await parseTorrent(torrentMetainfo(await content()));
    expect(parsed.name).toBe('clip.bin');
    expect(parsed.length).toBe(bytes.length);
    expect(parsed.pieceLength).toBe(512 * KiB);
    expect(parsed.lastPieceLength).toBe(77);
    expect(parsed.pieces).toEqual(
      [0, 1, 2, 3].map((index) => sha1(bytes.subarray(index * 512 * KiB, (index + 1) * 512 * KiB)).toString('hex')),
    );
    expect(parsed.urlList).toEqual(['http://127.0.0.1:3000/bucket/videos/clip.bin']);
    expect(parsed.created).toEqual(new Date('2026-11-27T10:11:12.000Z'));
    expect(parsed.createdBy).toBe('gwstore');
    expect(parsed.announce).toEqual([]);
    const tracked = await parseTorrent(torrentMetainfo(await content({ tracker: 'udp://tracker.example:6969/announce' })));
    expect(tracked.announce).toEqual(['udp://tracker.example:6969/announce']);
  });

  it('has the same bytes for the same version, and the same info hash through any host, scheme or tracker', async () => {
    const first = torrentMetainfo(await content());
    expect(torrentMetainfo(await content())).toEqual(first);
    const elsewhere = torrentMetainfo(
      await content({
        webSeed: 'https://storage.example/bucket/videos/clip.bin?versionId=v1',
        tracker: 'http://t.example/announce',
      }),
    );
    const [a, b] = [await parseTorrent(first), await parseTorrent(elsewhere)];
    expect(a.infoHash).toMatch(/^[0-9a-f]{40}$/);
    expect(b.infoHash).toBe(a.infoHash);
    // Other bytes (another version) are another torrent.
    const other = Buffer.from(bytes);
    other[0] = other[0]! ^ 1;
    const changed = await parseTorrent(
      torrentMetainfo(await content({ pieces: (await pieceHashes(readerOf(other).read, other.length, 512 * KiB))! })),
    );
    expect(changed.infoHash).not.toBe(a.infoHash);
  });
});

describe('access log operation', () => {
  it('names GetObjectTorrent REST.GET.TORRENT, as S3 does', () => {
    const request = { method: 'GET', key: 'k', bucket: 'b', query: [['torrent', '']] } as unknown as S3Request;
    expect(operationOf(request)).toBe('REST.GET.TORRENT');
  });
});

describe('web seed URL', () => {
  const request = (origin: string, virtualHost: boolean, host = 'forged.example') =>
    ({ origin, host, virtualHost, headers: { host: [host], 'x-forwarded-proto': ['https'] } }) as unknown as S3Request;

  it("is the path-style URL of the object on the service's configured origin, never the Host sent, with the version asked for", () => {
    expect(objectUrl(request('http://127.0.0.1:3000', false), 'b', 'videos/ünï clip.mp4')).toBe(
      'http://127.0.0.1:3000/b/videos/%C3%BCn%C3%AF%20clip.mp4',
    );
    expect(objectUrl(request('https://s3.example/prod', false), 'b', 'k', { versionId: 'v+1' })).toBe(
      'https://s3.example/prod/b/k?versionId=v%2B1',
    );
    // A virtual-host domain's bucket label is dropped: the URL stays path style.
    expect(objectUrl(request('https://b.s3.example', true), 'b', 'k')).toBe('https://s3.example/b/k');
    // A key ending in '/' does not look like a directory (BEP 19 clients would append the name to it).
    expect(objectUrl(request('http://localhost', false), 'b', 'folder/')).toBe('http://localhost/b/folder%2F');
  });
});
