'use strict';

/**
 * serverless plugin (serverless.yml `plugins`): the project's own HTTP layer on serverless-offline's API server, for
 * `serverless offline start` only (npm start, the tests' global setup). The layer is TypeScript (./install-http-layer.ts),
 * loaded with tsx's scoped import so that nothing else in the process goes through tsx.
 */
class LocalHttpLayer {
  constructor(serverless, cliOptions) {
    this.serverless = serverless;
    this.cliOptions = cliOptions;
    this.hooks = {
      'before:offline:start:init': () => this.hook(),
      'before:offline:start': () => this.hook(),
    };
  }

  async hook() {
    if (this.hooked) return;
    this.hooked = true;
    const offlineOptions = this.serverless.service.custom?.['serverless-offline'] ?? {};
    const httpPort = Number(this.cliOptions.httpPort ?? offlineOptions.httpPort ?? 3000);
    // tsx turns Node's source maps on for the whole process; the functions' bundles then pay for it on every error
    // they build (bench:storage: 1 MiB PUT+GET 55–57 MB/s with them on, 61–63 off). The layer needs none: they go back as they were.
    const sourceMaps = process.sourceMapsEnabled;
    const { tsImport } = require('tsx/esm/api');
    const { installOnOfflineHttpServer } = await tsImport('./install-http-layer.ts', __filename);
    process.setSourceMapsEnabled(sourceMaps);
    installOnOfflineHttpServer(httpPort);
  }
}

module.exports = LocalHttpLayer;
