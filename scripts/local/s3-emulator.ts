import { mkdirSync } from 'node:fs';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';

export interface S3Emulator {
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver in this process, storing under `directory`, on 127.0.0.1:`port`. */
export async function startS3Emulator(options: { port: number; directory: string }): Promise<S3Emulator> {
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: options.port, directory: options.directory, silent: true });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
