/**
 * Content-Disposition that makes a browser save a file instead of rendering it: an ASCII fallback (quotes, backslashes,
 * `%`, `;` and anything outside printable ASCII as `_`, so no header can be split or forged) and the exact UTF-8 name
 * (RFC 6266's `filename*`).
 */
export function attachmentNamed(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
