/** parse-torrent (webtorrent's .torrent decoder, a dev dependency) ships no types: the part the tests read. */
declare module 'parse-torrent' {
  export interface ParsedTorrent {
    infoHash: string;
    name: string;
    length: number;
    pieceLength: number;
    lastPieceLength: number;
    /** SHA-1 of each piece, hex. */
    pieces: string[];
    urlList: string[];
    announce: string[];
    created?: Date;
    createdBy?: string;
  }
  // biome-ignore lint/style/noDefaultExport: declares the package's own (default) export
  export default function parseTorrent(torrent: Uint8Array): Promise<ParsedTorrent>;
}
