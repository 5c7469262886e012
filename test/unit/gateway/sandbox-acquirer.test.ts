import { describe, expect, it } from 'vitest';
import type { CardPayment } from '../../../lib/gateway/acquirers/acquirer';
import { SandboxAcquirer } from '../../../lib/gateway/acquirers/sandbox-acquirer';
import { detalhesFor } from '../../../lib/gateway/domain/detalhes';

const acquirer = new SandboxAcquirer(() => new Date('2026-11-21T10:00:00Z'));
const payment = (number: string, extra: Partial<CardPayment> = {}): CardPayment => ({
  processor: 'acquirerA',
  merchantId: 'm-test',
  transactionId: 7,
  amountCents: 1000,
  card: { number, cvv: '123', expiry: '122030', brand: 'visa' },
  installments: 1,
  operationType: 'credito_a_vista',
  capture: true,
  ...extra,
});

describe('SandboxAcquirer', () => {
  it.each([
    ['4242424242424242', true, '00'],
    ['4000000000000002', false, '05'],
    ['4111111111111111', true, '00'],
    ['4012001037141112', false, '05'],
  ])('%s → approved %s, LR %s', async (number, approved, lr) => {
    const outcome = await acquirer.authorize(payment(number));
    expect(outcome.approved).toBe(approved);
    expect(outcome.reference.returnCode).toBe(lr);
  });

  it('follows the last-digit convention and is deterministic', async () => {
    const reasons: Record<string, string> = {
      '3': 'expired_card',
      '5': 'blocked_card',
      '6': 'timeout',
      '7': 'cancelled_card',
      '8': 'card_problem',
    };
    for (const [digit, reason] of Object.entries(reasons)) {
      const outcome = await acquirer.authorize(payment(`400000000000000${digit}`));
      expect(outcome).toMatchObject({ approved: false, reason });
    }
    expect(await acquirer.authorize(payment('4111111111111111'))).toEqual(await acquirer.authorize(payment('4111111111111111')));
  });

  it('authorizes without capturing when asked, and refuses the capture of totals ending in .51', async () => {
    expect(await acquirer.authorize(payment('4242424242424242', { capture: false }))).toMatchObject({
      approved: true,
      captured: false,
    });
    expect(await acquirer.authorize(payment('4242424242424242', { amountCents: 1051 }))).toMatchObject({
      approved: false,
      reason: 'capture_refused',
    });
    const authorized = await acquirer.authorize(payment('4242424242424242', { amountCents: 1051, capture: false }));
    expect(authorized.approved).toBe(true);
    const capture = await acquirer.capture({
      processor: 'acquirerA',
      merchantId: 'm-test',
      transactionId: 7,
      amountCents: 1051,
      reference: authorized.reference,
    });
    expect(capture).toMatchObject({ ok: false, reason: 'capture_refused' });
  });

  it('fills detalhes per acquirer with a masked pan', async () => {
    const { reference } = await acquirer.authorize(payment('4242424242424242'));
    const card = { brand: 'visa' as const, first6: '424242', last4: '4242' };
    const a = detalhesFor('acquirerA', reference, card, 'credito_a_vista');
    expect(Object.keys(a)).toEqual(['tid', 'nsu', 'pan', 'arp', 'lr']);
    expect(a.pan).toBe('424242******4242');
    expect(Object.keys(detalhesFor('acquirerB', reference, card, 'credito_a_vista'))).toEqual([
      'numero_sequencial',
      'numero_comprovante_venda',
      'numero_autenticacao',
      'numero_autorizacao',
      'url_comprovante',
    ]);
    expect(detalhesFor('bankA_shopline', reference, card, 'debito')).toMatchObject({
      data_pagamento: '21/11/2026',
      tipo_cartao: 'debito',
    });
  });
});
