import { answerClientErrorsAsSurfaces } from './client-errors';
import { giveInjectedRequestsRawHeaders, ignoreUnknownExpectations, refuseBeforeContinue } from './continue-probe';
import { gatewayAnswer } from './gateway-error-answers';
import type { HapiRequest, HapiServer, HapiToolkit } from './hapi-surface';
import { hookOfflineHttpServer } from './hook-offline-server';
import { s3AnswerForBoom } from './s3-error-answers';
import { answerIdleBody, liftStorageBodyLimits, refuseDeclaredOversizeBody, s3ErrorResponse } from './storage-bodies';
import { isStoragePath, pathOfTarget } from './surface-paths';

const sentPath = (request: HapiRequest) => pathOfTarget(request.raw.req.url);

/** hapi onPreResponse: a Boom error raised before (or instead of) the function, in the surface's own format. */
function boomAsSurfaceError(request: HapiRequest, h: HapiToolkit) {
  const { response } = request;
  if (!response.isBoom || !response.output) return h.continue;
  const status = response.output.statusCode;
  const path = sentPath(request);
  if (isStoragePath(path)) return s3ErrorResponse(h, s3AnswerForBoom(status, response.message, path));
  const { headers, body } = gatewayAnswer(path, status);
  const answer = h.response(body).code(status).charset(null);
  for (const [name, value] of Object.entries(headers)) answer.header(name, value);
  return answer;
}

/** hapi onPreAuth on storage paths: body timing and size, and Expect: 100-continue. */
async function guardStorageUpload(request: HapiRequest, h: HapiToolkit) {
  if (!isStoragePath(sentPath(request))) return h.continue;
  answerIdleBody(request);
  const oversize = refuseDeclaredOversizeBody(request, h);
  if (oversize !== h.continue) return oversize;
  return refuseBeforeContinue(request, h);
}

/**
 * The project's own HTTP layer on serverless-offline's hapi server (docs/storage.md, "Local HTTP layer"): what the
 * HTTP layer answers by itself is an S3 XML error on storage paths and the gateway's erro envelope (or page) under
 * /v1. Called once the routes exist, before the server listens.
 */
export function installHttpLayer(server: HapiServer): void {
  ignoreUnknownExpectations(server);
  answerClientErrorsAsSurfaces(server);
  liftStorageBodyLimits(server);
  server.ext('onRequest', giveInjectedRequestsRawHeaders);
  server.ext('onPreAuth', guardStorageUpload);
  server.ext('onPreResponse', boomAsSurfaceError);
}

/** The plugin's entry (plugin.cjs): install the layer on serverless-offline's API server when it starts. */
export function installOnOfflineHttpServer(httpPort: number): void {
  hookOfflineHttpServer(httpPort, installHttpLayer);
}
