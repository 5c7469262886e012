import { parseHttpDate } from '../model/amz-date';
import { StorageError } from '../model/errors';

interface Validators {
  etag: string;
  lastModified: string;
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const matchesEtag = (list: string, etag: string) =>
  list.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag.replace(/^"|"$/g, '') === etag;
  });

/**
 * If-Match / If-Unmodified-Since → 412, If-None-Match / If-Modified-Since → 304, evaluated in
 * RFC 7232's order (a present If-Match overrides If-Unmodified-Since; a present If-None-Match overrides
 * If-Modified-Since). Unparseable dates are ignored, as S3 does.
 */
export function evaluateConditions(
  conditions: { ifMatch?: string; ifNoneMatch?: string; ifModifiedSince?: string; ifUnmodifiedSince?: string },
  object: Validators,
): 'proceed' | 'not-modified' | 'precondition-failed' {
  const modified = seconds(object.lastModified);
  if (conditions.ifMatch !== undefined) {
    if (!matchesEtag(conditions.ifMatch, object.etag)) return 'precondition-failed';
  } else {
    const since = parseHttpDate(conditions.ifUnmodifiedSince);
    if (since && modified > Math.floor(since.getTime() / 1000)) return 'precondition-failed';
  }
  if (conditions.ifNoneMatch !== undefined) {
    if (matchesEtag(conditions.ifNoneMatch, object.etag)) return 'not-modified';
  } else {
    const since = parseHttpDate(conditions.ifModifiedSince);
    if (since && modified <= Math.floor(since.getTime() / 1000)) return 'not-modified';
  }
  return 'proceed';
}

/** x-amz-copy-source-if-*: every failed condition is 412 for a copy. */
export function assertCopySourceConditions(
  conditions: { ifMatch?: string; ifNoneMatch?: string; ifModifiedSince?: string; ifUnmodifiedSince?: string },
  object: Validators,
): void {
  if (evaluateConditions(conditions, object) !== 'proceed') throw new StorageError('PreconditionFailed');
}
