import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type LocalStack, startLocalStack } from '../../scripts/local/local-stack';
import { freePort } from '../../scripts/local/ports';
import { loadStageDefinitions } from '../../scripts/local/stage-definitions';
import { logSink } from './log-sink';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { baseUrl: string; env: Record<string, string>; logFile: string };
  }
}

let stack: LocalStack | undefined;
let dataDir: string | undefined;

/** Starts the real emulators and serverless offline on free ports, in memory, once for the whole run. */
export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'gwstore-test-'));
  const logFile = join(dataDir, 'offline.log');
  const sink = logSink(logFile);
  const [http, dynamodb, s3, lambda] = [await freePort(), await freePort(), await freePort(), await freePort()];
  stack = await startLocalStack({
    cwd: process.cwd(),
    stage: 'sandbox',
    dataDir,
    persistent: false,
    ports: { http, dynamodb, s3, lambda },
    withOffline: true,
    definitions: await loadStageDefinitions('sandbox'),
    onOutput: (source, chunk) => {
      if (source === 'offline') sink(chunk);
    },
  });
  project.provide('stack', { baseUrl: stack.baseUrl, env: stack.env, logFile });
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
