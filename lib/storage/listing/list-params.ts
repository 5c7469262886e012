import { StorageError } from '../model/errors';

export interface ListParams {
  version: 1 | 2;
  prefix: string;
  delimiter?: string;
  maxKeys: number;
  /** v1 `marker` or v2 `start-after`: list keys strictly after it. */
  marker?: string;
  /** v2: the decoded continuation token (wins over start-after); an empty one starts at the beginning, as S3 does. */
  continuationToken?: string;
  fetchOwner: boolean;
  urlEncoded: boolean;
}

const MAX_KEYS = 1000;

/** ListObjects (v1) and ListObjectsV2 (`list-type=2`) query parameters. */
export function parseListParams(get: (name: string) => string | undefined): ListParams {
  const listType = get('list-type');
  if (listType !== undefined && listType !== '2') {
    throw new StorageError('InvalidArgument', 'Invalid List Type specified', {
      ArgumentName: 'list-type',
      ArgumentValue: listType,
    });
  }
  const rawMaxKeys = get('max-keys');
  if (rawMaxKeys !== undefined && !/^\d+$/.test(rawMaxKeys)) {
    throw new StorageError('InvalidArgument', 'Provided max-keys not an integer or within integer range', {
      ArgumentName: 'max-keys',
      ArgumentValue: rawMaxKeys,
    });
  }
  const encodingType = get('encoding-type');
  if (encodingType !== undefined && encodingType !== 'url') {
    throw new StorageError('InvalidArgument', 'Invalid Encoding Method specified in Request', {
      ArgumentName: 'encoding-type',
      ArgumentValue: encodingType,
    });
  }
  const version = listType === '2' ? 2 : 1;
  const token = get('continuation-token');
  const delimiter = get('delimiter');
  // RGW's allow-unordered: key order is always kept here (a valid "unordered" order), but it cannot roll up prefixes.
  if (get('allow-unordered') === 'true' && delimiter) {
    throw new StorageError('InvalidArgument', 'allow-unordered cannot be used with a delimiter', {
      ArgumentName: 'allow-unordered',
      ArgumentValue: 'true',
    });
  }
  return {
    version,
    prefix: get('prefix') ?? '',
    delimiter: delimiter === '' ? undefined : delimiter,
    maxKeys: Math.min(rawMaxKeys === undefined ? MAX_KEYS : Number(rawMaxKeys), MAX_KEYS),
    marker: version === 2 ? get('start-after') || undefined : get('marker') || undefined,
    continuationToken: version === 2 && token ? decodeContinuationToken(token) : undefined,
    fetchOwner: version === 1 || get('fetch-owner') === 'true',
    urlEncoded: encodingType === 'url',
  };
}

export function encodeContinuationToken(after: string): string {
  return Buffer.from(`v1:${after}`, 'utf8').toString('base64');
}

function decodeContinuationToken(token: string): string {
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  if (!decoded.startsWith('v1:') || decoded.length === 3) {
    throw new StorageError('InvalidArgument', 'The continuation token provided is incorrect', {
      ArgumentName: 'continuation-token',
    });
  }
  return decoded.slice(3);
}
