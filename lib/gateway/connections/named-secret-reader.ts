import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NamedSecretsSource } from '../../config';

/** Reads one secret's text by name. */
export type SecretStringReader = (secretId: string) => Promise<string>;

/** Secret names as Secrets Manager allows them, without `/` (so a name never leaves its prefix or its directory). */
export function isValidSecretName(secretId: string): boolean {
  return /^[A-Za-z0-9_+=.@-]{1,128}$/.test(secretId) && !/^\.+$/.test(secretId);
}

/**
 * A merchant's connection secret (Pix PSP, acquirer, boleto bank) by its name: `<directory>/<name>.json` (local stacks,
 * tests) or the Secrets Manager secret `<prefix><name>` (deployed stages, read through `readSecretsManager`). A name
 * with a `/` never reaches either.
 */
export function namedSecretReader(source: NamedSecretsSource, readSecretsManager: SecretStringReader): SecretStringReader {
  return async (secretId) => {
    if (!isValidSecretName(secretId)) throw new RangeError('Invalid secret name');
    if (source.kind === 'secretsManager') return readSecretsManager(`${source.prefix}${secretId}`);
    return readFile(join(source.directory, `${secretId}.json`), 'utf8');
  };
}
