import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AcquirerAMode } from '../../lib/gateway';
import { scanAll } from './scan-all';

export { cardBody } from './gateway-bodies';

import { testStack } from './stack';

const { baseUrl, stage } = testStack();

export interface GatewayReply {
  status: number;
  body: { transacao: Record<string, any> };
}

/** Calls the gateway through serverless offline, as a merchant's server would. */
export async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<GatewayReply> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Not JSON (${response.status}): ${text.slice(0, 300)}`);
  }
  return { status: response.status, body: parsed };
}

/** A fresh merchant with its own token, so test files never share state. */
export async function newMerchant(
  acquirerAMode: AcquirerAMode = 'loja_sem_autenticacao',
): Promise<{ id: string; token: string }> {
  const id = `m-${randomUUID().slice(0, 12)}`;
  const token = randomUUID();
  await stage.merchants.create({ id, name: `Store ${id}`, acquirerAMode, token });
  return { id, token };
}

export function redirectBody(token: string, method: string, overrides: { transacao?: object } = {}) {
  return {
    token,
    transacao: {
      url_retorno: 'https://shop.test/retorno?pedido=55',
      capturar: true,
      pedido: { numero: '55', total: '25.90', moeda: 'real' },
      pagamento: { meio_pagamento: method },
      ...overrides.transacao,
    },
  };
}

export function boletoBody(token: string, method = 'boleto_bankA', dueDate = '31122030') {
  return {
    token,
    transacao: {
      pedido: { numero: '900', total: '150.00', moeda: 'real', descricao: 'Boleto' },
      pagamento: { meio_pagamento: method, data_vencimento: dueDate },
      comprador: {
        nome: 'João Souza',
        documento: '123.456.789-09',
        endereco: 'Rua A',
        numero: '10',
        cep: '20040020',
        bairro: 'Centro',
        cidade: 'Rio',
        estado: 'RJ',
      },
    },
  };
}

/**
 * Proof that no card number used by a test reached a table or the functions' logs, and that no
 * security code or expiry was stored or logged in clear under any name.
 */
export async function expectNoCardData(pans: string[], logFile: string): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const logs = readFileSync(logFile, 'utf8');
  for (const pan of pans) expect(logs.includes(pan), `logs hold ${pan}`).toBe(false);
  expect(/"(cartao_cvv|cvv|cartao_validade)":"\d/.exec(logs)?.[0], 'logs hold a security code or expiry').toBeUndefined();
  for (const table of [stage.names.gatewayTable, stage.names.storageTable]) {
    const dump = JSON.stringify(await scanAll({ TableName: table }));
    for (const pan of pans) expect(dump.includes(pan), `${table} holds ${pan}`).toBe(false);
    expect(
      /"(cartao_cvv|cvv|cvc|cartao_numero|cartao_validade|expiry|number)":/.exec(dump)?.[0],
      `${table} has a card field`,
    ).toBeUndefined();
  }
}
