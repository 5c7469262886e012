import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { testStack } from './stack';

const run = promisify(execFile);

/** Runs the operator CLI (`npm run cli -- --json ...`) as an operator would, against the test stack; never throws. */
export async function operatorCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run('npx', ['--no-install', 'tsx', 'scripts/cli.ts', '--json', ...args], {
    env: { ...process.env, ...testStack().env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}
