import { lazyClient, secretMaterialLoader, type TableClients } from '../../../aws';
import type { PixLocationKeySource } from '../../../config';
import { AcquirerUnavailableError } from '../../acquirers/acquirer';
import { type LocationSigningKey, loadLocationSigningKey, localDevSigningKeyJwk } from '../location';

/**
 * The key that signs this stage's Pix locations, loaded once per container on first use:
 * - local stacks: the public local development key (the same on every start, never on a deployed stage);
 * - deployed stages: a Secrets Manager secret holding a PEM or a private JWK (an operator's key, e.g. RSA as in the
 *   BCB's example), or else a random string that a P-256 key is derived from, as the local key is from its public
 *   seed (CloudFormation generates it: resources/secrets.yml).
 * A failed load is tried again on the next request.
 */
export function locationKeyLoader(
  source: PixLocationKeySource,
  secrets: TableClients['secrets'],
): () => Promise<LocationSigningKey> {
  if (source.kind === 'missing') {
    return async () => {
      throw new AcquirerUnavailableError('A chave de assinatura do Pix não está configurada neste ambiente');
    };
  }
  if (source.kind === 'localDevelopment') return lazyClient(() => loadLocationSigningKey(localDevSigningKeyJwk()));
  const material = secretMaterialLoader(source, secrets);
  return lazyClient(async () => keyFrom(await material()));
}

function keyFrom(material: string): Promise<LocationSigningKey> {
  const text = material.trim();
  if (text.startsWith('-----BEGIN')) return loadLocationSigningKey(text);
  if (text.startsWith('{')) return loadLocationSigningKey(JSON.parse(text));
  return loadLocationSigningKey(localDevSigningKeyJwk(text));
}
