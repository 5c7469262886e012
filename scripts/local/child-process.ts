import { type ChildProcess, spawn } from 'node:child_process';

export interface ManagedProcess {
  child: ChildProcess;
  stop(): Promise<void>;
  /** Called if the process ends without stop() having been asked for (a crash, a kill from outside). */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

/**
 * Spawns a child in its own process group, so that stop() ends it and everything it started
 * (serverless-offline's workers, java's threads) with no orphan left behind.
 */
export function spawnManaged(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; onOutput?: (chunk: string) => void },
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (chunk: Buffer) => options.onOutput?.(chunk.toString('utf8'));
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  let stopping = false;
  return {
    child,
    onUnexpectedExit(listener) {
      child.once('exit', (code, signal) => {
        if (!stopping) listener(code, signal);
      });
    },
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.pid === undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child.pid as number, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      signalGroup(child.pid, 'SIGKILL'); // grandchildren that ignored SIGTERM
    },
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
