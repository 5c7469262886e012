import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEphemeralStack } from '../../scripts/local/ephemeral-stack';
import type { LocalStack } from '../../scripts/local/local-stack';
import { logSink } from './log-sink';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: { baseUrl: string; env: Record<string, string>; logFile: string; lambdaEndpoint: string };
  }
}

let stack: LocalStack | undefined;

/** Starts the real emulators and serverless offline on free ports, in memory, once for the whole run. */
export async function setup(project: TestProject): Promise<void> {
  let sink: ((chunk: string) => void) | undefined;
  const pending: string[] = [];
  const started = await startEphemeralStack({
    name: 'test',
    withOffline: true,
    // Suites read usage totals right after their requests: each request's count is written as it is served. The
    // batching itself is tested in process (test/unit/storage/billing, test/integration/storage/hot-keys.test.ts).
    functionEnv: { STORAGE_USAGE_FLUSH_SECONDS: '0' },
    onOutput: (source, chunk) => {
      if (source !== 'offline') return;
      if (sink) sink(chunk);
      else pending.push(chunk);
    },
  });
  stack = started;
  const logFile = join(started.dataDir, 'offline.log');
  sink = logSink(logFile);
  for (const chunk of pending) sink(chunk);
  project.provide('stack', { baseUrl: started.baseUrl, env: started.env, logFile, lambdaEndpoint: started.lambdaEndpoint });
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
