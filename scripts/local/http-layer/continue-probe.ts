import type { HapiRequest, HapiServer, HapiToolkit } from './hapi-surface';

/**
 * `Expect` as Ceph RGW handles it. A value other than 100-continue is ignored (Node would answer 417). A PUT or POST
 * waiting for `100 Continue` that the function would refuse (bad signature, no right to write) is refused before the
 * client sends its body: the function is asked first with the request's headers and no body (it checks only what
 * headers can tell, lib/storage/http/continue-probe.ts), and its refusal is the answer. (hapi itself sends
 * 100 Continue only when it starts reading the body, after the checks made on the headers.)
 */

/** lib/storage/http/continue-probe.ts's CONTINUE_PROBE_HEADER (not imported: that module loads the storage auth stack). */
export const CONTINUE_PROBE_HEADER = 'x-gwstore-continue-probe';

export function ignoreUnknownExpectations(server: HapiServer): void {
  const { listener } = server;
  listener.on('checkExpectation', (req, res) => listener.emit('request', req, res));
}

/**
 * hapi onRequest: the probe is injected (hapi's inject, shot), which sets no rawHeaders; serverless-offline builds the
 * function's headers from rawHeaders, so the probe gets them from its headers.
 */
export function giveInjectedRequestsRawHeaders(request: HapiRequest, h: HapiToolkit) {
  const { req } = request.raw;
  if (req.rawHeaders === undefined) {
    req.rawHeaders = Object.entries(req.headers).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).flatMap((one) => [name, String(one)]),
    );
  }
  return h.continue;
}

const RELAYED_HEADERS_EXCEPT = ['content-length', 'connection', 'date', 'transfer-encoding'];

/** hapi onPreAuth on storage paths. */
export async function refuseBeforeContinue(request: HapiRequest, h: HapiToolkit) {
  const expectsContinue = String(request.headers.expect ?? '').toLowerCase() === '100-continue';
  if (
    !expectsContinue ||
    !['put', 'post'].includes(request.method) ||
    request.headers[CONTINUE_PROBE_HEADER] !== undefined ||
    request.headers['transfer-encoding'] !== undefined
  ) {
    return h.continue;
  }
  // The probe has no body, so it carries the upload's Content-Length in its own header (signatures cover it).
  const { expect: _expect, 'content-length': length, ...headers } = request.headers;
  const probe = await request.server.inject({
    method: request.method,
    url: request.raw.req.url ?? '/',
    headers: { ...headers, [CONTINUE_PROBE_HEADER]: String(length ?? '') },
    payload: '',
  });
  if (probe.statusCode < 400) return h.continue;
  const response = h.response(probe.rawPayload).code(probe.statusCode);
  for (const [name, value] of Object.entries(probe.headers)) {
    if (!RELAYED_HEADERS_EXCEPT.includes(name) && value !== undefined) response.header(name, value);
  }
  return response.takeover();
}
