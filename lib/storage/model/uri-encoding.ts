/**
 * AWS's UriEncode: every byte except the RFC 3986 unreserved characters as %XY (upper-case hex),
 * `/` kept when encoding a path. encodeURIComponent leaves !'()* alone, so it cannot be used as is.
 */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
