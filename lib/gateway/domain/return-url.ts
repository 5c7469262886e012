/** url_retorno must be an absolute http(s) URL. */
export function isReturnUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Where the buyer goes back: the merchant's URL with `transacao=<id>` added, its own parameters kept. */
export function returnUrlFor(urlRetorno: string, transactionId: number): string {
  const url = new URL(urlRetorno);
  url.searchParams.set('transacao', String(transactionId));
  return url.toString();
}
