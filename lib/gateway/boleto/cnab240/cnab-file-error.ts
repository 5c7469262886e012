/** A CNAB file refused whole: the line (1-based) and what is wrong with it, for the operator to fix or ask the bank. */
export class CnabFileError extends Error {
  override name = 'CnabFileError';

  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`linha ${line}: ${reason}`);
  }
}
