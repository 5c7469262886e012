import { StorageError } from '../model/errors';

export interface AwsChunkedBody {
  chunks: { data: Buffer; signature?: string }[];
  trailers: [string, string][];
}

const CRLF = Buffer.from('\r\n');

/**
 * Splits an `aws-chunked` body (`<hex size>[;chunk-signature=<sig>]\r\n<data>\r\n`..., a zero-size
 * chunk, then optional trailing headers and an empty line) into its chunks and trailers. Pure framing:
 * signatures and checksums are checked by the caller.
 */
export function parseAwsChunked(body: Buffer): AwsChunkedBody {
  const chunks: AwsChunkedBody['chunks'] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf(CRLF, offset);
    if (lineEnd < 0) throw incomplete();
    const line = body.subarray(offset, lineEnd).toString('latin1');
    const match = /^([0-9a-fA-F]+)(?:;chunk-signature=([0-9a-f]{64}))?$/.exec(line);
    if (!match) throw incomplete();
    const size = Number.parseInt(match[1]!, 16);
    const start = lineEnd + 2;
    if (size === 0) {
      chunks.push({ data: Buffer.alloc(0), signature: match[2] });
      return { chunks, trailers: parseTrailers(body.subarray(start)) };
    }
    const end = start + size;
    if (end + 2 > body.length || !body.subarray(end, end + 2).equals(CRLF)) throw incomplete();
    chunks.push({ data: body.subarray(start, end), signature: match[2] });
    offset = end + 2;
  }
}

function parseTrailers(rest: Buffer): [string, string][] {
  const text = rest.toString('utf8');
  const trailers: [string, string][] = [];
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw incomplete();
    trailers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return trailers;
}

const incomplete = () => new StorageError('IncompleteBody', 'The request body is not valid aws-chunked encoding.');
