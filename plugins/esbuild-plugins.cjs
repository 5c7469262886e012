'use strict';

const { basename, extname } = require('node:path');

/**
 * serverless-esbuild builds each function's entry on its own into the folder of its source (functions/<surface>/),
 * which several functions share, and zips every file of the build folder except the other functions' bundles, that is
 * except `<other entry>.*`. With code splitting on, this names each build's chunks `<entry>.chunks/...`: they land in
 * their own function's zip only, and the chunks a function imports on first use (KMS, Secrets Manager, bwip-js...) are
 * files it does not read at cold start.
 */
const chunksBesideEntry = {
  name: 'chunks-beside-entry',
  setup(build) {
    const entries = build.initialOptions.entryPoints;
    if (!Array.isArray(entries) || entries.length !== 1 || typeof entries[0] !== 'string') {
      throw new Error('chunks-beside-entry: expected one entry point per build, as serverless-esbuild gives');
    }
    const [entry] = entries;
    build.initialOptions.chunkNames = `${basename(entry, extname(entry))}.chunks/[name]-[hash]`;
  },
};

module.exports = [chunksBesideEntry];
