import { randomUUID } from 'node:crypto';
import { S3_ERROR_CODES, type S3ErrorCode } from '../../../lib/storage/model/s3-error-codes';

/**
 * The S3 errors the HTTP layer answers by itself on storage paths, from the functions' catalogue
 * (lib/storage/s3-error-codes.ts) plus the two codes only a transport sees, spelled and worded as AWS does.
 */
const TRANSPORT_ONLY = {
  RequestTimeout: [
    400,
    'Your socket connection to the server was not read from or written to within the timeout period. Idle connections will be closed.',
  ],
  RequestHeaderSectionTooLarge: [400, 'Your request header section exceeds the maximum allowed size.'],
} as const satisfies Record<string, readonly [number, string]>;

export type LayerS3Code = S3ErrorCode | keyof typeof TRANSPORT_ONLY;

const CODES: Record<LayerS3Code, readonly [number, string]> = { ...S3_ERROR_CODES, ...TRANSPORT_ONLY };

export interface S3Answer {
  status: number;
  code: LayerS3Code;
  message: string;
  requestId: string;
  body: string;
}

/** An S3 error: the catalogue's status and message unless given; `resource` is the path, when there is one. */
export function s3Answer(
  code: LayerS3Code,
  resource: string | undefined,
  overrides: { status?: number; message?: string | undefined } = {},
): S3Answer {
  const [status, message] = CODES[code];
  const requestId = randomUUID();
  const answer = { status: overrides.status ?? status, code, message: overrides.message ?? message, requestId };
  return { ...answer, body: s3ErrorDocument(answer, resource) };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function s3ErrorDocument(answer: { code: string; message: string; requestId: string }, resource: string | undefined): string {
  const resourceElement = resource ? `<Resource>${escapeXml(resource)}</Resource>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${answer.code}</Code><Message>${escapeXml(answer.message)}</Message>${resourceElement}<RequestId>${answer.requestId}</RequestId></Error>`;
}

/** hapi's own error statuses (Boom) as S3 errors; `boomMessage`: Boom's text is the message. */
const BOOM_TO_S3: Record<number, { code: LayerS3Code; boomMessage?: true }> = {
  400: { code: 'InvalidRequest', boomMessage: true },
  401: { code: 'AccessDenied' },
  403: { code: 'AccessDenied' },
  404: { code: 'NoSuchKey' },
  405: { code: 'MethodNotAllowed' },
  408: { code: 'RequestTimeout' },
  411: { code: 'MissingContentLength' },
  413: { code: 'EntityTooLarge' },
  415: { code: 'InvalidArgument', boomMessage: true },
  431: { code: 'RequestHeaderSectionTooLarge' },
  501: { code: 'NotImplemented' },
  503: { code: 'ServiceUnavailable' },
};

/** A Boom error hapi raised on a storage path; other 4xx keep their status as InvalidRequest, other 5xx are InternalError. */
export function s3AnswerForBoom(status: number, boomMessage: string | undefined, resource: string): S3Answer {
  const known = BOOM_TO_S3[status];
  if (known) return s3Answer(known.code, resource, known.boomMessage ? { message: boomMessage } : {});
  if (status >= 500) return s3Answer('InternalError', resource);
  return s3Answer('InvalidRequest', resource, { status, message: boomMessage });
}

/** Node's HTTP parser errors (always a 400 on S3), by error code. */
const PARSER_TO_S3: Record<string, { code: LayerS3Code; message?: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'RequestTimeout' },
  HPE_HEADER_OVERFLOW: { code: 'RequestHeaderSectionTooLarge' },
  HPE_INVALID_CONTENT_LENGTH: { code: 'InvalidArgument', message: 'Content-Length must be a non-negative integer.' },
  HPE_INVALID_EOF_STATE: { code: 'IncompleteBody' },
  HPE_UNEXPECTED_CONTENT_LENGTH: {
    code: 'InvalidRequest',
    message: 'A request cannot carry both Content-Length and Transfer-Encoding.',
  },
};

export function s3AnswerForParserError(error: { code?: string; reason?: string }, resource: string | undefined): S3Answer {
  const bothLengths = /transfer-encoding/i.test(error.reason ?? '');
  const known = bothLengths ? PARSER_TO_S3.HPE_UNEXPECTED_CONTENT_LENGTH : PARSER_TO_S3[error.code ?? ''];
  if (known) return s3Answer(known.code, resource, { status: 400, message: known.message });
  return s3Answer('InvalidRequest', resource, {
    status: 400,
    message: `The request is not valid HTTP/1.1 (${error.reason ?? error.code}).`,
  });
}
