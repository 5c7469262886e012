import { StorageError } from './errors';

/** `[/]bucket/key[?versionId=id]`, the path URL-encoded. */
export function parseCopySource(raw: string): { bucket: string; key: string; versionId?: string } {
  const question = raw.indexOf('?');
  const withoutVersion = question < 0 ? raw : raw.slice(0, question);
  const query = new URLSearchParams(question < 0 ? '' : raw.slice(question + 1));
  const versionId = query.get('versionId') ?? undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(withoutVersion);
  } catch {
    throw new StorageError('InvalidArgument', 'Invalid copy source encoding', { ArgumentName: 'x-amz-copy-source' });
  }
  const path = decoded.startsWith('/') ? decoded.slice(1) : decoded;
  const slash = path.indexOf('/');
  if (slash <= 0 || slash === path.length - 1) {
    throw new StorageError('InvalidArgument', 'Copy Source must mention the source bucket and key: sourcebucket/sourcekey', {
      ArgumentName: 'x-amz-copy-source',
    });
  }
  return { bucket: path.slice(0, slash), key: path.slice(slash + 1), ...(versionId === undefined ? {} : { versionId }) };
}
