import { createRequire } from 'node:module';
import type { HapiServer } from './hapi-surface';

/**
 * The seam, without patching serverless-offline: it builds its API server with hapi and calls `server.start()` once
 * the routes exist. The hapi it uses is found from serverless-offline's own location, and its servers' `start` is
 * wrapped so that the one on `httpPort` (not the Lambda invoke server, also hapi) gets `install` first. An upgrade
 * keeps working as long as serverless-offline serves HTTP with hapi's `start()` (test/unit/local/http-layer).
 */
export function hookOfflineHttpServer(httpPort: number, install: (server: HapiServer) => void): void {
  const hapi = hapiOfServerlessOffline();
  const prototype = Object.getPrototypeOf(hapi.server({ autoListen: false })) as HapiServer;
  const start = prototype.start;
  prototype.start = function startWithHttpLayer(this: HapiServer) {
    if (Number(this.settings.port) === httpPort) install(this);
    return start.call(this);
  };
}

function hapiOfServerlessOffline(): { server(options: { autoListen: boolean }): HapiServer } {
  const requireHere = createRequire(import.meta.url);
  return createRequire(requireHere.resolve('serverless-offline'))('@hapi/hapi');
}
