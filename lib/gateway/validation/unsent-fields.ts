/**
 * The original PHP client library's form path (LocawebGatewayProcessor) sends every field its form lacks: as null,
 * or as "" where it strips the value to digits first (cartao_validade, documento, cep). Its own example form has no
 * comprador.numero, so each of its requests carries `"numero": null`. Such a field is taken as not sent; a required
 * one is then refused as missing, as before. Only the leaves of pedido, pagamento and comprador: `capturar` sent
 * empty stays an error rather than silently meaning "capture".
 */
const GROUPS = ['pedido', 'pagamento', 'comprador'] as const;

/** A copy of POST /v1/transacao's body without the null or "" leaves of its groups; anything else as it came. */
export function withoutUnsentFields(body: unknown): unknown {
  if (!isPlainObject(body) || !isPlainObject(body.transacao)) return body;
  const transacao: Record<string, unknown> = { ...body.transacao };
  for (const group of GROUPS) {
    const fields = transacao[group];
    if (isPlainObject(fields)) {
      transacao[group] = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== ''));
    }
  }
  return { ...body, transacao };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
