/** A retorno larger than this is refused before it is read: a bank's daily file of ~4,000 boletos is about 2 MB. */
export const RETORNO_MAX_BYTES = 2_000_000;
