/** Narrowing helpers so that adapters translate SDK failures into domain errors by name, not by string matching. */
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** A transaction cancelled because one of its conditions failed (and not for throttling or a conflict). */
export function isTransactionConditionFailed(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
}

export function isNotFound(error: unknown): boolean {
  return error instanceof Error && ['NoSuchKey', 'NotFound', 'ResourceNotFoundException'].includes(error.name);
}
