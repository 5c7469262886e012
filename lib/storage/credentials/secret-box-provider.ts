import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type LazyClient, secretMaterialLoader } from '../../aws';
import type { SecretsKeySource } from '../../config';
import { SecretBox } from '../model/secret-box';

/** The container's SecretBox, built on first use from the configured key source (one Secrets Manager read at most). */
export function secretBoxProvider(source: SecretsKeySource, secrets: LazyClient<SecretsManagerClient>): () => Promise<SecretBox> {
  const material = secretMaterialLoader(source, secrets);
  let box: SecretBox | undefined;
  return async () => {
    box ??= new SecretBox(await material());
    return box;
  };
}
