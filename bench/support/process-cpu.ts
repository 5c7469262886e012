import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** The process listening on a TCP port (the server itself, not the npx/sh parents that started it). */
export function listenerPid(port: number | string): number {
  const listener = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(listener)?.[1];
  if (pid === undefined) throw new Error(`no process listens on port ${port}`);
  return Number(pid);
}

/** CPU time (user + system, ms) a process has used so far; this process's own when pid is undefined. */
export function cpuMs(pid?: number): number {
  if (pid === undefined) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  // Fields after the command name (which may hold spaces, hence from the last ')'): utime is the 12th, stime the 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Runs `work` and returns, per named process, the CPU ms it used per operation meanwhile. */
export async function cpuPerOperation(
  processes: Record<string, number | undefined>,
  operations: number,
  work: () => Promise<void>,
): Promise<Record<string, number>> {
  const before = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuMs(pid)]));
  await work();
  return Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, (cpuMs(pid) - before[name]!) / operations]));
}
