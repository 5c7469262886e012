import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_MAX_OBJECT_BYTES } from '../../lib/config';
import { type LocalStack, type LocalStackOptions, startLocalStack } from './local-stack';
import { freePort } from './ports';

/**
 * A throw-away local stack for tests and benchmarks: DynamoDB in memory, s3rver in a temp dir, free
 * ports; stop() also removes the temp dir.
 */
export async function startEphemeralStack(
  options: Pick<LocalStackOptions, 'withOffline' | 'definitions' | 'onOutput' | 'functionEnv'> & { name: string },
): Promise<LocalStack & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `gwstore-${options.name}-`));
  const ports = { http: await freePort(), dynamodb: await freePort(), s3: await freePort(), lambda: await freePort() };
  try {
    const stack = await startLocalStack({
      ...options,
      cwd: process.cwd(),
      stage: 'sandbox',
      dataDir,
      persistent: false,
      ports,
      // Webhook receivers in tests and benchmarks listen on 127.0.0.1.
      functionEnv: {
        STORAGE_MAX_OBJECT_BYTES: String(LOCAL_MAX_OBJECT_BYTES),
        WEBHOOK_ALLOW_PRIVATE: '1',
        // The acquirer fakes (test/support/fake-cielo, fake-erede) listen on http://127.0.0.1.
        ACQUIRER_ALLOW_HTTP: '1',
        // Test suites refuse bad signatures on purpose, all from 127.0.0.1: the limit has its own test.
        STORAGE_AUTH_FAILURES_PER_MINUTE: '1000000',
        // An invoked deliverWebhooks (its EMF test) polls for 2 s, not a scheduled run's 45 s.
        WEBHOOK_LOOP_SECONDS: '2',
        ...options.functionEnv,
      },
    });
    return {
      ...stack,
      dataDir,
      stop: async () => {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
