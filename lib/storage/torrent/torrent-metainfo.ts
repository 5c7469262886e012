import { bencode } from './bencode';

/** The `created by` of every torrent this service makes. */
export const TORRENT_CREATOR = 'gwstore';

/** What one object's torrent says. */
export interface TorrentContent {
  name: string;
  /** The object's size in bytes. */
  length: number;
  pieceLength: number;
  /** The SHA-1 of each piece, concatenated (piece-hashes.ts). */
  pieces: Buffer;
  /** BEP 19's web seed: the object's own URL on this service. */
  webSeed: string;
  /** The object's LastModified: the same version always gives the same bytes. */
  createdAt: Date;
  /** The tracker to announce to; none: a trackerless torrent, fetched from its web seed. */
  tracker?: string;
}

/**
 * A single-file BitTorrent v1 metainfo file (BEP 3) with a web seed (BEP 19, `url-list`). Only the `info` dictionary
 * goes into the info hash, and it holds nothing but the object's name, size and bytes: the same version has the same
 * info hash whatever host, scheme or tracker its torrent was asked through.
 */
export function torrentMetainfo(content: TorrentContent): Buffer {
  return bencode({
    announce: content.tracker,
    'created by': TORRENT_CREATOR,
    'creation date': Math.floor(content.createdAt.getTime() / 1000),
    info: {
      length: content.length,
      name: content.name,
      'piece length': content.pieceLength,
      pieces: content.pieces,
    },
    'url-list': [content.webSeed],
  });
}

/**
 * The torrent's `name` (the file a client saves): the key's last path segment, the whole key when it has no `/`.
 * Never empty, and never a name that climbs or stays in a directory (`.`, `..`): a key ending in `/` takes its last
 * non-empty segment, and a key with none at all (`/`, `..`) is written with `_` for its slashes and dots.
 */
export function torrentName(key: string): string {
  const usable = key.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return usable.at(-1) ?? key.replace(/[/.]/g, '_');
}
