import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testStack } from './stack';
import type { StorageCredentials } from './storage-clients';

const run = promisify(execFile);
type Cli = (...args: string[]) => Promise<{ stdout: string; stderr: string }>;

/** aws-cli (SigV4) with its default settings against the local stack as `user`; no config file of the machine's. */
export function awsCli(user: StorageCredentials, timeout = 120_000): Cli {
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: user.accessKey,
    AWS_SECRET_ACCESS_KEY: user.secretKey,
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
  };
  return (...args) => run('aws', ['--endpoint-url', testStack().baseUrl, ...args], { env, timeout });
}

/** Debian's s3cmd (SigV2, path style) with its default settings against the local stack as `user`. */
export function s3cmd(user: StorageCredentials, timeout = 120_000): Cli {
  const host = new URL(testStack().baseUrl).host;
  const config = join(mkdtempSync(join(tmpdir(), 's3cmd-')), 's3cfg');
  writeFileSync(
    config,
    `[default]\naccess_key = ${user.accessKey}\nsecret_key = ${user.secretKey}\nhost_base = ${host}\nhost_bucket = ${host}\nuse_https = False\nsignature_v2 = True\n`,
  );
  return (...args) => run('s3cmd', ['-c', config, ...args], { timeout });
}

/** Debian's rclone (Go's SDK: SigV4, its own XML encoding) against the local stack as `user`, remote name `local:`. */
export function rclone(user: StorageCredentials, timeout = 120_000): Cli {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RCLONE_CONFIG: '/dev/null',
    RCLONE_CONFIG_LOCAL_TYPE: 's3',
    RCLONE_CONFIG_LOCAL_PROVIDER: 'Other',
    RCLONE_CONFIG_LOCAL_ACCESS_KEY_ID: user.accessKey,
    RCLONE_CONFIG_LOCAL_SECRET_ACCESS_KEY: user.secretKey,
    RCLONE_CONFIG_LOCAL_ENDPOINT: testStack().baseUrl,
  };
  // rclone's S3 client refuses to start when AWS_CA_BUNDLE is set for plain HTTP.
  delete env.AWS_CA_BUNDLE;
  return (...args) => run('rclone', args, { env, timeout });
}
