/**
 * `npm run bench:bundles`: packages the sandbox stage (no AWS account needed) and prints each
 * function's artifact size, zipped and unzipped, as deployed by `serverless deploy`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outDir = mkdtempSync(join(tmpdir(), 'gwstore-bundles-'));
try {
  const started = Date.now();
  execFileSync('npx', ['--no-install', 'serverless', 'package', '--stage', 'sandbox', '--package', outDir], {
    env: { ...process.env, ESBUILD_WORK_FOLDER: '.esbuild-package', SLS_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  console.log(`serverless package: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(['function', 'zip KiB', 'unzipped KiB (code + source map)'].join('\t'));
  for (const file of readdirSync(outDir)
    .filter((name) => name.endsWith('.zip'))
    .sort()) {
    const listing = execFileSync('unzip', ['-l', join(outDir, file)], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const total = Number(listing.at(-1)?.trim().split(/\s+/)[0] ?? 0);
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log([file.replace(/\.zip$/, ''), kib(statSync(join(outDir, file)).size), kib(total)].join('\t'));
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
