import { StorageError } from './errors';
import { OBJECT_TAG_LIMIT, type Tag, validTagSet } from './tag-set';

type Headers = Readonly<Record<string, readonly string[]>>;

/** `x-amz-tagging: k1=v1&k2` (URL query form; a key without `=` has an empty value), checked against S3's limits. */
export function parseTaggingHeader(value: string): Tag[] {
  const tags = [...new URLSearchParams(value)].map(([key, tagValue]) => ({ key, value: tagValue }));
  return validTagSet(tags, OBJECT_TAG_LIMIT);
}

/** The tags a PutObject or CreateMultipartUpload asks for (`x-amz-tagging`), none when it names none. */
export function requestedTags(headers: Headers): Tag[] | undefined {
  const value = headers['x-amz-tagging']?.join('&');
  return value === undefined ? undefined : parseTaggingHeader(value);
}

/** A copy's tags: the source's (`x-amz-tagging-directive: COPY`, the default) or the request's (`REPLACE`). */
export function copiedTags(headers: Headers, source: readonly Tag[] | undefined): Tag[] | undefined {
  const directive = (headers['x-amz-tagging-directive']?.join(',') ?? 'COPY').toUpperCase();
  if (directive === 'COPY') return source === undefined ? undefined : [...source];
  if (directive === 'REPLACE') return requestedTags(headers);
  throw new StorageError('InvalidArgument', 'Unknown tagging directive.', {
    ArgumentName: 'x-amz-tagging-directive',
    ArgumentValue: directive,
  });
}

/** `x-amz-tagging-count` on GET and HEAD, sent only when the object has tags (as S3 does). */
export const taggingCountHeader = (tags: readonly Tag[] | undefined): Record<string, string> =>
  tags && tags.length > 0 ? { 'x-amz-tagging-count': String(tags.length) } : {};
