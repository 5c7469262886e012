import { secretJsonObject } from '../../connections/secret-json';
import { BANK_LAYOUTS, type SupportedBankCode } from './bank-layouts';
import { BOLETO_BANK_PROVIDERS, type BoletoBankSettings } from './boleto-bank-settings';

export class BoletoBankSetupError extends Error {
  override name = 'BoletoBankSetupError';
}

const FIELDS = ['provider', 'bank', 'agencia', 'conta', 'convenio', 'carteira', 'documento', 'pixKey', 'cidade'] as const;

/**
 * A boleto bank secret (`{"provider": "cnab240", "bank": "<3 digits>", "agencia", "conta", "convenio", "carteira",
 * "documento", "pixKey"?}`) checked field by field against its bank's layout. Errors name the field, never its value.
 */
export function boletoBankFromSecret(text: string): Omit<BoletoBankSettings, 'secretId' | 'configuredAt'> {
  const secret = secretJsonObject(text);
  if (secret === 'notJson') throw new BoletoBankSetupError('the secret is not JSON');
  if (secret === 'notAnObject') throw new BoletoBankSetupError('the secret must be a JSON object');
  const unknown = Object.keys(secret).find((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown) throw new BoletoBankSetupError(`unknown field "${unknown}" (known: ${FIELDS.join(', ')})`);
  const text_ = (field: (typeof FIELDS)[number]) => {
    const value = secret[field];
    if (typeof value !== 'string' || value.trim() === '') throw new BoletoBankSetupError(`"${field}" is required (a string)`);
    return value.trim();
  };
  const provider = text_('provider');
  if (!(BOLETO_BANK_PROVIDERS as readonly string[]).includes(provider)) {
    throw new BoletoBankSetupError(`"provider" must be one of ${BOLETO_BANK_PROVIDERS.join(', ')}`);
  }
  const bank = text_('bank');
  if (!/^\d{3}$/.test(bank)) throw new BoletoBankSetupError('"bank" must be the 3-digit bank code (e.g. 001, 237, 341)');
  const layout = BANK_LAYOUTS[bank as SupportedBankCode];
  if (!layout) {
    throw new BoletoBankSetupError(
      `bank ${bank} has no nosso número layout here (supported: ${Object.keys(BANK_LAYOUTS).join(', ')})`,
    );
  }
  const account = {
    code: bank,
    agencia: text_('agencia'),
    conta: text_('conta'),
    convenio: text_('convenio'),
    carteira: text_('carteira'),
  };
  const problem = layout.check(account);
  if (problem) throw new BoletoBankSetupError(problem);
  const documento = text_('documento').replace(/\D/g, '');
  if (documento.length !== 11 && documento.length !== 14) {
    throw new BoletoBankSetupError('"documento" must be the beneficiary\'s CPF (11 digits) or CNPJ (14 digits)');
  }
  const pixKey = secret.pixKey === undefined ? undefined : text_('pixKey');
  if (pixKey !== undefined && pixKey.length > 77) throw new BoletoBankSetupError('"pixKey" has at most 77 characters');
  const cidade = secret.cidade === undefined ? undefined : text_('cidade');
  if (cidade !== undefined && cidade.length > 15) throw new BoletoBankSetupError('"cidade" has at most 15 characters');
  return { provider: 'cnab240', ...account, documento, ...(pixKey ? { pixKey } : {}), ...(cidade ? { cidade } : {}) };
}
