import { isValidSecretName, type SecretStringReader } from '../../connections';
import { isBoletoMethod } from '../bank-registry';
import type { BoletoBankRepository } from './boleto-bank-repository';
import { BoletoBankSetupError, boletoBankFromSecret } from './boleto-bank-secret';
import type { BoletoBankSettings } from './boleto-bank-settings';

export interface BoletoBankSetup {
  banks: Pick<BoletoBankRepository, 'set'>;
  merchantExists: (merchantId: string) => Promise<boolean>;
  readSecret: SecretStringReader;
  now: () => Date;
}

/**
 * The operator's `boleto-bank set`: the named secret must be a usable bank connection (every field checked against
 * its bank's layout) before anything is stored; then its name and account fields go on the merchant record.
 */
export async function configureBoletoBank(
  setup: BoletoBankSetup,
  input: { merchantId: string; method: string; secretId: string },
): Promise<BoletoBankSettings> {
  if (!isBoletoMethod(input.method)) throw new BoletoBankSetupError('--method must be boleto_bankA or boleto_bankB');
  if (!isValidSecretName(input.secretId)) {
    throw new BoletoBankSetupError('the secret name must be 1-128 characters of A-Z a-z 0-9 _ + = . @ - (no /)');
  }
  if (!(await setup.merchantExists(input.merchantId))) {
    throw new BoletoBankSetupError(`merchant ${input.merchantId} does not exist`);
  }
  let text: string;
  try {
    text = await setup.readSecret(input.secretId);
  } catch {
    throw new BoletoBankSetupError(`the secret ${input.secretId} could not be read`);
  }
  const settings: BoletoBankSettings = {
    ...boletoBankFromSecret(text),
    secretId: input.secretId,
    configuredAt: setup.now().toISOString(),
  };
  await setup.banks.set(input.merchantId, input.method, settings);
  return settings;
}
