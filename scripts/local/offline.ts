import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type ManagedProcess, spawnManaged } from './child-process';
import { waitForPort } from './ports';

/**
 * Runs `serverless offline` for the stage on 127.0.0.1:`httpPort`, with `env` on top of this
 * process's environment (emulator endpoints, the local secrets key). Stale esbuild bundles
 * break it, so they are removed first.
 */
/** The heap of the serverless offline process, in MiB. */
const OFFLINE_HEAP_MIB = 2048;

export async function startOffline(options: {
  cwd: string;
  stage: string;
  httpPort: number;
  lambdaPort: number;
  env: Record<string, string>;
  onOutput?: (chunk: string) => void;
}): Promise<ManagedProcess> {
  rmSync(join(options.cwd, '.esbuild'), { recursive: true, force: true });
  // serverless prints a fatal error (e.g. a route conflict) and may keep running: treat it as a failed start.
  let failed: (reason: Error) => void = () => undefined;
  const fatal = new Promise<never>((_, reject) => {
    failed = reject;
  });
  let output = '';
  let serving = false;
  const managed = spawnManaged(
    'npx',
    [
      '--no-install',
      'serverless',
      'offline',
      'start',
      '--stage',
      options.stage,
      '--host',
      '127.0.0.1',
      '--httpPort',
      String(options.httpPort),
      '--lambdaPort',
      String(options.lambdaPort),
    ],
    {
      cwd: options.cwd,
      env: {
        ...process.env,
        ...options.env,
        SLS_TELEMETRY_DISABLED: '1',
        SLS_NOTIFICATIONS_MODE: 'off',
        // The handlers' process gets a fixed heap, as a Lambda container has fixed memory: V8 then collects request
        // bodies as it goes instead of growing towards its default limit, which keeps memory bounded under large
        // uploads (bench:multipart reports the peak). Room for a single PUT at the local cap (~384 MiB as base64).
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${OFFLINE_HEAP_MIB}`.trim(),
      },
      onOutput: (chunk) => {
        options.onOutput?.(chunk);
        // Only a start can fail this way: once serving, output is not scanned (a request's log lines cost nothing here).
        if (serving) return;
        output = (output + chunk).slice(-20_000);
        const error = /\nError:\n([^\n]*\n[^\n]*)/.exec(output);
        if (error) failed(new Error(`serverless offline failed to start: ${error[1]?.trim()}`));
      },
    },
  );
  try {
    await Promise.race([
      waitForPort(options.httpPort, 120_000),
      fatal,
      new Promise((_, reject) =>
        managed.child.once('exit', (code) =>
          reject(new Error(`serverless offline exited with code ${code} before it was ready`)),
        ),
      ),
    ]);
  } catch (error) {
    await managed.stop();
    throw error;
  }
  serving = true;
  return managed;
}
