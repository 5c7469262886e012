import type { PieceHashCache } from './piece-hash-cache';

/** How torrents are made on this stage (lib/config: STORAGE_TORRENT_MAX_BYTES, STORAGE_TORRENT_TRACKER). */
export interface TorrentSettings {
  /** The largest object a torrent is made for (AWS's limit, 5 GiB, by default). */
  maxBytes: number;
  /** The tracker the torrents announce to; none: trackerless, clients fetch the bytes from the web seed. */
  tracker?: string;
  /** Hashes computed before, by blob (none: every torrent hashes its object again, as in-memory tests do). */
  pieceCache?: PieceHashCache;
}
