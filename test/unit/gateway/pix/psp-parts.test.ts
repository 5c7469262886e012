import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_PIX_SCOPE,
  PixCallbackError,
  PixPspConfigError,
  PixPspError,
  parsePixCallback,
  pixPspConfigFromSecret,
  SecretValue,
} from '../../../../lib/gateway/pix/psp';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBcert\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIBkey\n-----END PRIVATE KEY-----\n';
const SECRET = {
  baseUrl: 'https://pix.psp.example/api/v2/',
  clientId: 'client-1',
  clientSecret: 'super-secret-value',
  certificatePem: CERT,
  privateKeyPem: KEY,
  chave: '+5511999998888',
};

describe('the merchant PSP configuration (a Secrets Manager secret)', () => {
  it('reads the JSON secret, defaults the token URL and scope, and hides every secret', () => {
    const config = pixPspConfigFromSecret(JSON.stringify(SECRET));
    expect(config).toMatchObject({
      baseUrl: 'https://pix.psp.example/api/v2',
      tokenUrl: 'https://pix.psp.example/api/v2/oauth/token',
      clientId: 'client-1',
      chave: '+5511999998888',
      scope: DEFAULT_PIX_SCOPE,
    });
    expect(config.clientSecret.reveal()).toBe('super-secret-value');
    expect(config.privateKey.reveal()).toBe(KEY);
    for (const shown of [JSON.stringify(config), inspect(config, { depth: 9 }), `${config.certificate}`]) {
      expect(shown).not.toMatch(/super-secret|BEGIN|MIIB/);
    }
  });

  it('refuses a bad secret naming the field, never the value', () => {
    const cases: [unknown, RegExp][] = [
      ['{not json', /not JSON/],
      [{ ...SECRET, baseUrl: 'http://pix.psp.example' }, /\/baseUrl/],
      [{ ...SECRET, clientSecret: undefined }, /\/clientSecret/],
      [{ ...SECRET, privateKeyPem: 'super-secret-value' }, /\/privateKeyPem/],
      [{ ...SECRET, chave: 'k'.repeat(78) }, /\/chave/],
      [{ ...SECRET, extra: 1 }, /additionalProperties/],
    ];
    for (const [secret, message] of cases) {
      const run = () => pixPspConfigFromSecret(secret);
      expect(run).toThrow(PixPspConfigError);
      expect(run).toThrow(message);
      expect(run).not.toThrow(/super-secret/);
    }
  });

  it('SecretValue prints as [REDACTED] however it is printed', () => {
    const value = new SecretValue('token-abc');
    expect([JSON.stringify({ value }), String(value), inspect({ value }), `${value}`].join(' ')).not.toContain('token-abc');
  });
});

describe('the PSP callback body', () => {
  const pix = {
    endToEndId: 'E12345678202611250807abcdefghijk',
    txid: 'fc9a4366ff3d4964b5dbc6c91a8722d3',
    valor: '25.00',
    horario: '2026-11-25T08:07:10.000Z',
  };

  it('reads the API Pix shape, with devoluções, as text or parsed', () => {
    const devolucao = {
      id: 'dev1',
      rtrId: 'D12345678202611250810abcdefghijk',
      valor: '5.00',
      horario: { solicitacao: '2026-11-25T08:10:00Z' },
      status: 'DEVOLVIDO',
    };
    expect(parsePixCallback(JSON.stringify({ pix: [pix] }))).toEqual({ pix: [pix] });
    expect(parsePixCallback({ pix: [{ ...pix, devolucoes: [devolucao], componentesValor: {} }] }).pix[0]!.devolucoes).toEqual([
      devolucao,
    ]);
  });

  it('refuses anything else', () => {
    for (const body of [
      'nope',
      {},
      { pix: [] },
      { pix: [{ ...pix, valor: '25' }] },
      { pix: [{ ...pix, horario: 'today' }] },
      { pix: [{ ...pix, endToEndId: 'E12345678202613250807abcdefghijk' }] }, // month 13
      { pix: [{ ...pix, endToEndId: 'D12345678202611250807abcdefghijk' }] },
      {
        pix: [
          {
            ...pix,
            devolucoes: [
              {
                id: 'd',
                rtrId: 'E12345678202611250810abcdefghijk',
                valor: '1.00',
                horario: { solicitacao: '2026-11-25T08:10:00Z' },
                status: 'DEVOLVIDO',
              },
            ],
          },
        ],
      },
    ]) {
      expect(() => parsePixCallback(body), JSON.stringify(body)).toThrow(PixCallbackError);
    }
  });
});

describe('backoff and errors', () => {
  it('waits up to base × 2^(n-1), capped, with full jitter', () => {
    const policy = { maxAttempts: 5, baseDelayMs: 200, maxDelayMs: 1000 };
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(policy, attempt, () => 0.999))).toEqual([199, 399, 799, 999]);
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
  });

  it('a PSP error is a gateway error the error catalogue maps', () => {
    expect(new PixPspError('not_found', 'x').kind).toBe('not_found');
    expect(new PixPspError('rejected', 'x').kind).toBe('invalid_request');
    expect(new PixPspError('timeout', 'x').kind).toBe('acquirer_unavailable');
  });
});
