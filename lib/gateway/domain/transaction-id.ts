/** A transaction id as it appears in a path or a form: a plain positive integer (at most 15 digits, a safe integer). */
export const TRANSACTION_ID_PATTERN = /^[1-9]\d{0,14}$/;

/** The id written in `raw`, or undefined when it is not one (callers answer "not found", never guess). */
export function parseTransactionId(raw: string | undefined | null): number | undefined {
  return raw && TRANSACTION_ID_PATTERN.test(raw) ? Number(raw) : undefined;
}
