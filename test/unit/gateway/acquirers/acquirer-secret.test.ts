import { describe, expect, it } from 'vitest';
import { AcquirerSecretError, acquirerSecretFromText } from '../../../../lib/gateway/acquirers/connection';

const cielo = {
  provider: 'cielo',
  apiUrl: 'https://api.cieloecommerce.cielo.com.br/',
  queryUrl: 'https://apiquery.cieloecommerce.cielo.com.br',
  merchantId: '7f0b1c6e-0d4e-4b8e-9a35-2f0a6a1b9c11',
  merchantKey: 'KEY-THAT-MUST-NEVER-BE-ECHOED',
};
const erede = {
  provider: 'erede',
  apiUrl: 'https://api.userede.com.br/erede',
  tokenUrl: 'https://api.userede.com.br/redelabs/oauth2/token',
  clientId: '12345678',
  clientSecret: 'CLIENT-SECRET-NEVER-ECHOED',
};
const parse = (value: unknown, slot: 'acquirerA' | 'acquirerB' = 'acquirerA', allowHttp = false) =>
  acquirerSecretFromText(typeof value === 'string' ? value : JSON.stringify(value), slot, { allowHttp });

function refusal(value: unknown, slot: 'acquirerA' | 'acquirerB' = 'acquirerA', allowHttp = false): string {
  try {
    parse(value, slot, allowHttp);
  } catch (error) {
    expect(error).toBeInstanceOf(AcquirerSecretError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('acquirer connection secrets', () => {
  it('accepts Cielo for acquirerA and e.Rede for acquirerB, base URLs without the trailing slash', () => {
    expect(parse(cielo)).toEqual({ ...cielo, apiUrl: 'https://api.cieloecommerce.cielo.com.br' });
    expect(parse(erede, 'acquirerB')).toEqual(erede);
  });

  it.each([
    [{ ...cielo, merchantKey: '' }, 'missing field merchantKey'],
    [{ ...cielo, provider: 'getnet' }, 'provider must be "cielo"'],
    [{ ...cielo, merchantId: 'abc' }, 'merchantId must be the Cielo MerchantId'],
    [{ ...cielo, apiUrl: 'http://127.0.0.1:9' }, 'apiUrl is http://'],
    [{ ...cielo, queryUrl: 'https://user:pw@host' }, 'queryUrl must be a plain base URL'],
    [{ ...cielo, apiUrl: 'ftp://host' }, 'apiUrl must be https://'],
    ['[1]', 'not a JSON object'],
    ['{', 'not JSON'],
  ])('refuses %j: %s, never quoting a value', (value, reason) => {
    const message = refusal(value);
    expect(message).toContain(reason);
    expect(message).not.toContain('KEY-THAT-MUST-NEVER-BE-ECHOED');
  });

  it('e.Rede on acquirerA, Cielo on acquirerB: refused; http:// only with the local flag', () => {
    expect(refusal(erede, 'acquirerA')).toContain('provider must be "cielo"');
    expect(refusal(cielo, 'acquirerB')).toContain('provider must be "erede"');
    expect(refusal({ ...erede, clientSecret: undefined }, 'acquirerB')).toBe('missing field clientSecret');
    expect(parse({ ...erede, tokenUrl: 'http://127.0.0.1:1/oauth2/token' }, 'acquirerB', true).provider).toBe('erede');
  });
});
