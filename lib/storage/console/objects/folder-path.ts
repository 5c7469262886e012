import { attachmentNamed } from '../../objects/attachment-disposition';

/** Folders are `/`-delimited prefixes of keys, as S3 consoles show them; a folder prefix is '' or ends with '/'. */
export function folderOf(prefix: string | undefined): string {
  if (!prefix) return '';
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}

/** Breadcrumbs of a folder: the bucket's root, then each folder down to this one, with the prefix each opens. */
export function breadcrumbs(folder: string): { label: string; prefix: string }[] {
  const parts = folder.split('/').filter((_, index, all) => index < all.length - 1);
  return parts.map((label, index) => ({
    label: label === '' ? '(empty name)' : label,
    prefix: `${parts.slice(0, index + 1).join('/')}/`,
  }));
}

/** What a key or folder is called inside its folder. */
export function nameIn(folder: string, keyOrPrefix: string): string {
  return keyOrPrefix.slice(folder.length);
}

/** A file name for a download: the key's last segment (the whole key when it ends with '/'). */
export function downloadName(key: string): string {
  const last = key.split('/').at(-1);
  return last ? last : key.replace(/\/+$/, '') || 'download';
}

/** Content-Disposition that makes a browser save an object instead of rendering it, under its download name. */
export const attachmentDisposition = (key: string): string => attachmentNamed(downloadName(key));
