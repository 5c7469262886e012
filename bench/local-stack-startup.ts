/**
 * `npm run bench:startup`: how long the local stack takes to be ready (in memory, free ports),
 * phase by phase, over a few runs. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../scripts/local/local-stack';
import { freePort } from '../scripts/local/ports';
import { loadStageDefinitions } from '../scripts/local/stage-definitions';

const runs = Number(process.argv[2] ?? 3);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

let started = Date.now();
const definitions = await loadStageDefinitions('sandbox');
console.log(`serverless print (resolve serverless.yml): ${seconds(Date.now() - started)}`);

for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gwstore-bench-'));
  const ports = { http: await freePort(), dynamodb: await freePort(), s3: await freePort(), lambda: await freePort() };
  started = Date.now();
  const emulatorsOnly = await startLocalStack({
    cwd: process.cwd(),
    stage: 'sandbox',
    dataDir,
    persistent: false,
    ports,
    withOffline: false,
    definitions,
  });
  const emulatorsMs = Date.now() - started;
  await emulatorsOnly.stop();
  started = Date.now();
  const full = await startLocalStack({
    cwd: process.cwd(),
    stage: 'sandbox',
    dataDir,
    persistent: false,
    ports,
    withOffline: true,
    definitions,
  });
  const fullMs = Date.now() - started;
  const firstRequest = Date.now();
  await fetch(`${full.baseUrl}/v1/health`);
  const coldMs = Date.now() - firstRequest;
  const warm = Date.now();
  await fetch(`${full.baseUrl}/v1/health`);
  console.log(
    `run ${run}: emulators + tables ${seconds(emulatorsMs)}, with serverless offline ${seconds(fullMs)}, first /v1/health ${seconds(coldMs)}, next ${seconds(Date.now() - warm)}`,
  );
  await full.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
