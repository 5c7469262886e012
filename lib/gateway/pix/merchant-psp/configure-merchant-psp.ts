import type { SecretStringReader } from '../../connections';
import type { MerchantRepository } from '../../merchants/merchant-repository';
import { PixApiClient, type PixApiClientOptions } from '../psp/pix-api-client';
import { pixPspConfigFromSecret } from '../psp/psp-config';
import {
  generateCallbackSecret,
  hashCallbackSecret,
  isValidPspSecretId,
  type MerchantPixPsp,
  pixPspCallbackUrl,
} from './merchant-pix-psp';

export class MerchantPspSetupError extends Error {
  override name = 'MerchantPspSetupError';
}

export interface MerchantPspSetup {
  merchants: Pick<MerchantRepository, 'get' | 'setPixPsp'>;
  readSecret: SecretStringReader;
  client?: PixApiClientOptions;
}

/**
 * The operator's `pix-psp set`: checks that the named secret is a usable PSP configuration, mints a new callback
 * secret, registers `<baseUrl>/v1/pix/psp/<merchant>/<secret>` at the PSP (`PUT /webhook/{chave}`) unless told not to,
 * and only then stores the secret's name and the callback secret's hash on the merchant. The callback URL is returned
 * once (it is a credential: whoever knows it can make the gateway ask the PSP about a charge).
 */
export async function configureMerchantPixPsp(
  setup: MerchantPspSetup,
  input: { merchantId: string; secretId: string; baseUrl: string; registerWebhook: boolean },
): Promise<{ settings: MerchantPixPsp; callbackUrl: string; chave: string; webhookRegistered: boolean }> {
  if (!isValidPspSecretId(input.secretId)) {
    throw new MerchantPspSetupError('the secret name must be 1-128 characters of A-Z a-z 0-9 _ + = . @ - (no /)');
  }
  if (!/^https?:\/\/[^\s/]+/.test(input.baseUrl)) throw new MerchantPspSetupError('the base URL must be http(s)://host');
  if (!(await setup.merchants.get(input.merchantId))) {
    throw new MerchantPspSetupError(`merchant ${input.merchantId} does not exist`);
  }
  const config = pixPspConfigFromSecret(await setup.readSecret(input.secretId));
  const callbackSecret = generateCallbackSecret();
  const callbackUrl = pixPspCallbackUrl(input.baseUrl, input.merchantId, callbackSecret);
  if (input.registerWebhook) {
    const client = new PixApiClient(config, setup.client);
    try {
      await client.configureWebhook(callbackUrl);
    } finally {
      client.close();
    }
  }
  const settings = await setup.merchants.setPixPsp(input.merchantId, {
    secretId: input.secretId,
    callbackSecretHash: hashCallbackSecret(callbackSecret),
  });
  return { settings, callbackUrl, chave: config.chave, webhookRegistered: input.registerWebhook };
}
