import { isValidSecretName, type SecretStringReader } from '../../connections';
import type { MerchantRepository } from '../../merchants/merchant-repository';
import { CieloConnector } from '../cielo/cielo-connector';
import { ERedeConnector } from '../erede/erede-connector';
import { type AcquirerLogger, SILENT_ACQUIRER_LOGGER } from '../http/acquirer-http';
import { AcquirerConnectionError } from './acquirer-connector';
import { type AcquirerSecretError, type AcquirerSlot, acquirerSecretFromText, isAcquirerSlot } from './acquirer-secret';
import { DEFAULT_ACQUIRER_TIMEOUT_MS, type MerchantAcquirerSettings } from './merchant-acquirer-connections';

export class MerchantAcquirerSetupError extends Error {
  override name = 'MerchantAcquirerSetupError';
}

export interface MerchantAcquirerSetup {
  merchants: Pick<MerchantRepository, 'get' | 'setAcquirer'>;
  readSecret: SecretStringReader;
  allowHttp: boolean;
  timeoutMs?: number;
  logger?: AcquirerLogger;
}

/**
 * The operator's `acquirer set`: the named secret must be readable and valid for the slot's provider, and (unless told
 * not to) its credentials accepted by the acquirer (a query by an order reference that does not exist: nothing is
 * charged); only then is its name stored on the merchant. Any refusal says why and stores nothing.
 */
export async function configureMerchantAcquirer(
  setup: MerchantAcquirerSetup,
  input: { merchantId: string; acquirer: string; secretId: string; check: boolean },
): Promise<{ slot: AcquirerSlot; provider: string; settings: MerchantAcquirerSettings; checked: boolean }> {
  const slot = input.acquirer;
  if (!isAcquirerSlot(slot)) throw new MerchantAcquirerSetupError('--acquirer must be acquirerA (Cielo) or acquirerB (e.Rede)');
  if (!isValidSecretName(input.secretId)) {
    throw new MerchantAcquirerSetupError('the secret name must be 1-128 characters of A-Z a-z 0-9 _ + = . @ - (no /)');
  }
  if (!(await setup.merchants.get(input.merchantId))) {
    throw new MerchantAcquirerSetupError(`merchant ${input.merchantId} does not exist`);
  }
  let text: string;
  try {
    text = await setup.readSecret(input.secretId);
  } catch {
    throw new MerchantAcquirerSetupError(`the secret ${input.secretId} cannot be read`);
  }
  let secret: ReturnType<typeof acquirerSecretFromText>;
  try {
    secret = acquirerSecretFromText(text, slot, { allowHttp: setup.allowHttp });
  } catch (error) {
    throw new MerchantAcquirerSetupError(`the secret ${input.secretId} is not usable: ${(error as AcquirerSecretError).message}`);
  }
  if (input.check) {
    const http = { timeoutMs: setup.timeoutMs ?? DEFAULT_ACQUIRER_TIMEOUT_MS, logger: setup.logger ?? SILENT_ACQUIRER_LOGGER };
    const connector =
      secret.provider === 'cielo'
        ? new CieloConnector(secret, http, input.secretId)
        : new ERedeConnector(secret, http, input.secretId);
    try {
      await connector.findByReference(0);
    } catch (error) {
      const reason = error instanceof AcquirerConnectionError ? error.message : 'the acquirer could not be reached';
      throw new MerchantAcquirerSetupError(`the connection ${input.secretId} was not accepted: ${reason}`);
    }
  }
  const settings = await setup.merchants.setAcquirer(input.merchantId, slot, input.secretId);
  return { slot, provider: secret.provider, settings, checked: input.check };
}
