import { readFileSync } from 'node:fs';
import { testStack } from './stack';

/**
 * The functions' log as it stands once `present` is in it (or holds): log lines reach the file asynchronously, so this polls
 * (up to `timeoutMs`) rather than sleeping a fixed time that a slow machine may outlast.
 */
export async function logOnceItContains(present: string | ((log: string) => boolean), timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const found = typeof present === 'string' ? (log: string) => log.includes(present) : present;
  for (;;) {
    const log = readFileSync(testStack().logFile, 'utf8');
    if (found(log) || Date.now() > deadline) return log;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The parsed JSON log lines (Powertools' format) that carry `requestId`. */
export function logRecordsOf(log: string, requestId: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .filter((line) => line.includes(requestId))
    .flatMap((line) => {
      const start = line.indexOf('{');
      try {
        return start === -1 ? [] : [JSON.parse(line.slice(start)) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}
