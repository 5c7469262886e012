import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PixPspSecretsSource } from '../../../config';
import { isValidPspSecretId } from './merchant-pix-psp';

/** Reads one secret's text by name. */
export type SecretStringReader = (secretId: string) => Promise<string>;

/**
 * A merchant's PSP secret by its name: `<directory>/<name>.json` (local stacks, tests) or the Secrets Manager secret
 * `<prefix><name>` (deployed stages, read through `readSecretsManager`). A name with a `/` never reaches either.
 */
export function pspSecretReader(source: PixPspSecretsSource, readSecretsManager: SecretStringReader): SecretStringReader {
  return async (secretId) => {
    if (!isValidPspSecretId(secretId)) throw new RangeError('Invalid Pix PSP secret name');
    if (source.kind === 'secretsManager') return readSecretsManager(`${source.prefix}${secretId}`);
    return readFile(join(source.directory, `${secretId}.json`), 'utf8');
  };
}
