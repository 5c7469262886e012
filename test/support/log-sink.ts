import { appendFileSync, writeFileSync } from 'node:fs';

/** Everything the functions log during the run, kept in one file so tests can search it for leaks. */
export function logSink(path: string): (chunk: string) => void {
  writeFileSync(path, '');
  return (chunk) => appendFileSync(path, chunk);
}
