import { constants } from 'node:buffer';
import type { HapiRequest, HapiServer, HapiToolkit } from './hapi-surface';
import { type S3Answer, s3Answer } from './s3-error-answers';
import { isStoragePath, pathOfTarget } from './surface-paths';

/**
 * Request bodies on storage paths. hapi caps a body at 10 MiB (API Gateway's limit, set by serverless-offline) and
 * gives it 10 s to arrive whole; an S3 upload may be as large as the host can carry and take as long as it keeps
 * coming. So the cap becomes the largest body whose base64 form (the function's event.body) fits one V8 string, and
 * the 10 s budget a 10 s idle timeout (RequestTimeout, as S3 closes idle connections). The function then applies
 * STORAGE_MAX_OBJECT_BYTES.
 */
export const LARGEST_BASE64_BODY = Math.floor(constants.MAX_STRING_LENGTH / 4) * 3;

export const BODY_IDLE_TIMEOUT_MS = 10_000;

/** Route settings are read per request (hapi's payload parser takes them from request.route.settings). */
export function liftStorageBodyLimits(server: HapiServer): void {
  for (const route of server.table()) {
    const payload = route.settings.payload;
    if (payload && isStoragePath(route.path)) {
      payload.maxBytes = LARGEST_BASE64_BODY;
      payload.timeout = false;
    }
  }
}

const hasNoBody = (request: HapiRequest) => request.method === 'get' || request.method === 'head';

/** hapi onPreAuth: a body that stops coming for a while is answered RequestTimeout. */
export function answerIdleBody(request: HapiRequest): void {
  const { req, res } = request.raw;
  if (hasNoBody(request) || req.complete) return;
  const { socket } = req;
  socket.setTimeout(BODY_IDLE_TIMEOUT_MS);
  const stop = () => socket.setTimeout(0);
  req.once('end', stop);
  res.once('finish', stop);
  req.on('timeout', () => {
    if (req.complete || res.headersSent) return;
    const answer = s3Answer('RequestTimeout', pathOfTarget(req.url));
    res.writeHead(answer.status, {
      connection: 'close',
      'content-length': Buffer.byteLength(answer.body),
      'content-type': 'application/xml',
      'x-amz-request-id': answer.requestId,
    });
    res.end(answer.body);
  });
}

/**
 * hapi onPreAuth: hapi sends 100 Continue before it compares Content-Length with the payload limit; a declared body
 * above the limit is refused first, so a client waiting for 100 Continue never sends it.
 */
export function refuseDeclaredOversizeBody(request: HapiRequest, h: HapiToolkit) {
  const maxBytes = request.route.settings.payload?.maxBytes;
  const declared = Number(request.headers['content-length']);
  if (hasNoBody(request) || !maxBytes || !(declared > maxBytes)) return h.continue;
  return s3ErrorResponse(h, s3Answer('EntityTooLarge', pathOfTarget(request.raw.req.url))).takeover();
}

export function s3ErrorResponse(h: HapiToolkit, answer: S3Answer) {
  return h
    .response(answer.body)
    .code(answer.status)
    .type('application/xml')
    .charset(null)
    .header('x-amz-request-id', answer.requestId);
}
