import { StorageError } from '../model/errors';

export interface Addressed {
  path: string;
  bucket?: string;
  key?: string;
  virtualHost: boolean;
}

/**
 * Which bucket and key a request names. Virtual-host style when the Host is `<bucket>.<baseHost>`,
 * path style otherwise (`/<bucket>/<key>`). The path arrives percent-encoded and is decoded exactly
 * once; a key keeps every character, including `//`, `+` and a trailing `/`.
 */
export function addressRequest(rawPath: string, host: string, baseHost: string): Addressed {
  const path = decodePath(rawPath);
  const suffix = `.${baseHost.toLowerCase()}`;
  if (host.endsWith(suffix) && host.length > suffix.length) {
    const key = path.slice(1);
    return { path, bucket: host.slice(0, -suffix.length), key: key === '' ? undefined : key, virtualHost: true };
  }
  const rest = path.slice(1);
  if (rest === '') return { path, virtualHost: false };
  const slash = rest.indexOf('/');
  if (slash < 0) return { path, bucket: rest, virtualHost: false };
  const key = rest.slice(slash + 1);
  return { path, bucket: rest.slice(0, slash), key: key === '' ? undefined : key, virtualHost: false };
}

/** Host header without the port, lower-cased. */
export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}

function decodePath(rawPath: string): string {
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  try {
    return decodeURIComponent(path);
  } catch {
    throw new StorageError('InvalidURI', "Couldn't parse the specified URI.");
  }
}
