import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretsKeySource } from '../config';
import { type LazyClient, lazyClient } from './lazy-client';

/**
 * Reads key material once per container: inline (local stack, tests) or from Secrets Manager
 * (deployed stages, where CloudFormation generated it).
 */
export function secretMaterialLoader(source: SecretsKeySource, secrets: LazyClient<SecretsManagerClient>): () => Promise<string> {
  // A failed read is retried by the next request, not cached (lazyClient's rule).
  return lazyClient(() => load(source, secrets));
}

async function load(source: SecretsKeySource, secrets: LazyClient<SecretsManagerClient>): Promise<string> {
  return source.kind === 'inline' ? source.material : readSecretString(secrets, source.secretId);
}

/** One Secrets Manager read of a string secret (the SDK package imported on first use); errors name the secret, not its value. */
export async function readSecretString(secrets: LazyClient<SecretsManagerClient>, secretId: string): Promise<string> {
  const { GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await (await secrets()).send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return SecretString;
}
