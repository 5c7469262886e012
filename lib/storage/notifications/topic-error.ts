/** The SNS error codes the topic API answers with, and their statuses (SNS's own table). */
const STATUSES = {
  InvalidParameter: 400,
  InvalidAction: 400,
  MissingParameter: 400,
  AuthorizationError: 403,
  NotFound: 404,
} as const;

export type TopicErrorCode = keyof typeof STATUSES;

/** A refusal of the topic API, answered as SNS's XML `ErrorResponse` (not S3's `Error`). */
export class TopicError extends Error {
  override name = 'TopicError';
  readonly status: number;
  constructor(
    readonly code: TopicErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STATUSES[code];
  }
}
