/**
 * `npm run bench:module-init [runs]`: how long each function's packaged bundle takes to load, the module-init part of a
 * cold start. Packages the stage as `serverless deploy` would (esbuild, minified, the AWS SDK left to the runtime), then
 * imports each function's handler in a fresh Node process `runs` times (default 5) and prints the median. The bundles
 * are unpacked inside the repository so that `@aws-sdk/*` resolves from node_modules, as the runtime provides it.
 * Module-scope code runs with a stage's environment (no AWS call is made at import). "init KiB" is what the import reads:
 * the entry file and the chunks it imports statically; "all KiB" adds the chunks it loads on first use (`import()`).
 * Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const RUNS = Number(process.argv[2] ?? 5);
const outDir = mkdtempSync(join(tmpdir(), 'gwstore-module-init-'));
const unpacked = resolve('.module-init');
// Wall time and CPU time (user + system) of the import: CPU time is what a busy machine distorts least.
const IMPORT_TIMER = `const t = performance.now(); const c = process.cpuUsage(); await import(process.argv[1]); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify([performance.now() - t, (u.user + u.system) / 1000]));`;
const ENV = {
  PATH: process.env.PATH ?? '',
  STAGE: 'sandbox',
  AWS_REGION: 'us-east-1',
  GATEWAY_TABLE: 'gwstore-sandbox-gateway',
  STORAGE_TABLE: 'gwstore-sandbox-storage',
  BLOB_BUCKET: 'gwstore-sandbox-blobs',
  STORAGE_SECRETS_KEY_SECRET_ID: 'gwstore/sandbox/storage-secrets-key',
  WEB_SECRET_ID: 'gwstore/sandbox/web-secret',
  STORAGE_SSE_S3_KEY_ID: 'alias/gwstore-sandbox-sse-s3',
  LOG_LEVEL: 'SILENT',
  POWERTOOLS_METRICS_DISABLED: 'true',
};

try {
  execFileSync('npx', ['--no-install', 'serverless', 'package', '--stage', 'sandbox', '--package', outDir], {
    env: { ...process.env, ESBUILD_WORK_FOLDER: '.esbuild-package', SLS_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  rmSync(unpacked, { recursive: true, force: true });
  const rows: [string, number, number, number, number][] = [];
  for (const file of readdirSync(outDir)
    .filter((name) => name.endsWith('.zip'))
    .sort()) {
    const name = file.replace(/\.zip$/, '');
    const dir = join(unpacked, name);
    mkdirSync(dir, { recursive: true });
    execFileSync('unzip', ['-q', join(outDir, file), '-d', dir]);
    const handler = findHandler(dir);
    const samples = Array.from(
      { length: RUNS },
      () =>
        JSON.parse(
          execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_TIMER, handler], { env: ENV, encoding: 'utf8' }),
        ) as [number, number],
    );
    rows.push([
      name,
      median(samples.map(([wall]) => wall)),
      median(samples.map(([, cpu]) => cpu)),
      initKib(handler),
      bundleKib(dir),
    ]);
  }
  console.log(`module init per function (median of ${RUNS} fresh imports of the packaged bundle, Node ${process.version}):`);
  console.log(
    `${'function'.padEnd(28)} ${'wall ms'.padStart(8)} ${'cpu ms'.padStart(8)} ${'init KiB'.padStart(9)} ${'all KiB'.padStart(8)}`,
  );
  for (const [name, wall, cpu, init, all] of rows) {
    console.log(
      `${name.padEnd(28)} ${wall.toFixed(1).padStart(8)} ${cpu.toFixed(1).padStart(8)} ${init.toFixed(0).padStart(9)} ${all.toFixed(0).padStart(8)}`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(unpacked, { recursive: true, force: true });
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The JavaScript an import of `entry` reads, in KiB: the file and, transitively, the files it imports statically. */
function initKib(entry: string): number {
  const read = new Set<string>();
  const visit = (file: string) => {
    if (read.has(file)) return;
    read.add(file);
    // esbuild's output imports its chunks as `import{...}from"./x.mjs"` or `import"./x.mjs"`; `import("./x.mjs")` is
    // a load on first use and is not followed.
    for (const [, path] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.\.?\/[^"]+\.mjs)"/g)) {
      visit(resolve(dirname(file), path!));
    }
  };
  visit(entry);
  return [...read].reduce((sum, file) => sum + statSync(file).size, 0) / 1024;
}

/** The unpacked bundle's JavaScript (source maps aside), in KiB. */
function bundleKib(dir: string): number {
  const walk = (at: string): number =>
    readdirSync(at, { withFileTypes: true }).reduce(
      (sum, entry) =>
        sum +
        (entry.isDirectory()
          ? walk(join(at, entry.name))
          : entry.name.endsWith('.mjs')
            ? statSync(join(at, entry.name)).size
            : 0),
      0,
    );
  return walk(dir) / 1024;
}

/**
 * The bundle's entry file: the one .mjs under functions/ outside `<entry>.chunks/` (serverless-esbuild keeps the source
 * layout; plugins/esbuild-plugins.cjs puts the chunks beside it).
 */
function findHandler(dir: string): string {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? entry.name.endsWith('.chunks')
          ? []
          : walk(join(at, entry.name))
        : entry.name.endsWith('.mjs')
          ? [join(at, entry.name)]
          : [],
    );
  const [entry] = walk(dir);
  if (!entry) throw new Error(`no .mjs bundle in ${dir}`);
  return entry;
}
