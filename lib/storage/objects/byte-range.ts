import { StorageError } from '../model/errors';

/**
 * One `Range: bytes=...` against an object of `size` bytes. Only a single range is honoured; anything
 * S3 would ignore (syntax it does not understand, several ranges) gives the whole object.
 */
export function resolveRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) throw unsatisfiable(size);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return undefined;
  }
  if (start >= size || size === 0) throw unsatisfiable(size);
  return { start, end };
}

const unsatisfiable = (size: number) => new StorageError('InvalidRange', undefined, { ActualObjectSize: String(size) });
