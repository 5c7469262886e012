import { describe, expect, it } from 'vitest';
import { detectBrand, isExpired, maskedPan, passesLuhn, summariseCard } from '../../../lib/gateway/domain/card';
import { isPastDate, parseDueDate } from '../../../lib/gateway/domain/due-date';
import { formatAmount, parseAmount } from '../../../lib/gateway/domain/money';
import { flowOf, processorOf } from '../../../lib/gateway/domain/payment-methods';
import { isReturnUrl, returnUrlFor } from '../../../lib/gateway/domain/return-url';
import { refusalFor } from '../../../lib/gateway/domain/state-machine';
import { type Transaction, toApiView } from '../../../lib/gateway/domain/transaction';

describe('amounts', () => {
  it.each([
    ['10.00', 1000],
    ['0.01', 1],
    ['1234.56', 123456],
  ])('parses %s as %i cents and formats it back', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
    expect(formatAmount(cents)).toBe(text);
  });

  it.each([
    ['010.00', 1000],
    ['00.01', 1],
  ])('reads leading zeros as the spec says: %s is a decimal with a dot and two decimals (%i cents)', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each(['0.00', '000.00', '10', '10.0', '10,00', '-1.00', '1.000', 'abc', ''])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });
});

describe('cards', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223000048400011', 'mastercard'],
    ['30569309025904', 'diners'],
    ['6011111111111117', 'discover'],
    ['6362970000457013', 'elo'],
  ])('%s passes Luhn and is %s', (number, brand) => {
    expect(passesLuhn(number)).toBe(true);
    expect(detectBrand(number)).toBe(brand);
  });

  it('rejects bad check digits, non-digits and unsupported brands', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242-4242')).toBe(false);
    expect(detectBrand('378282246310005')).toBeUndefined(); // American Express: not accepted
  });

  it('expires after the last day of the month', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(isExpired('112026', now)).toBe(false);
    expect(isExpired('102026', now)).toBe(true);
    expect(isExpired('012027', now)).toBe(false);
  });

  it('keeps brand, first six and last four only', () => {
    const summary = summariseCard('4242424242424242', 'visa');
    expect(summary).toEqual({ brand: 'visa', first6: '424242', last4: '4242' });
    expect(maskedPan(summary)).toBe('424242******4242');
  });
});

describe('boleto due dates', () => {
  it('accepts real calendar dates only', () => {
    expect(parseDueDate('29022028')).toBe('2028-02-29');
    expect(parseDueDate('29022027')).toBeUndefined();
    expect(parseDueDate('31042027')).toBeUndefined();
    expect(parseDueDate('2027-01-01')).toBeUndefined();
  });

  it('judges "in the past" in Brazil time', () => {
    // 01:00 UTC on the 22nd is still the 21st in Brasília.
    expect(isPastDate('2026-11-21', new Date('2026-11-22T01:00:00Z'))).toBe(false);
    expect(isPastDate('2026-11-21', new Date('2026-11-22T04:00:00Z'))).toBe(true);
  });
});

describe('payment methods', () => {
  it('classifies every method into its flow; acquirerA follows the merchant mode', () => {
    expect(flowOf('acquirerB_ws', 'buy_page_acquirerA')).toBe('card');
    expect(flowOf('acquirerA', 'loja_sem_autenticacao')).toBe('card');
    expect(flowOf('acquirerA', 'loja_com_autenticacao')).toBe('redirect');
    expect(flowOf('acquirerA', 'buy_page_acquirerA')).toBe('redirect');
    expect(flowOf('acquirerB_web', 'loja_sem_autenticacao')).toBe('redirect');
    expect(flowOf('bankA_shopline', 'loja_sem_autenticacao')).toBe('redirect');
    expect(flowOf('boleto_bankA', 'loja_sem_autenticacao')).toBe('boleto');
    expect(flowOf('boleto_bankB', 'loja_sem_autenticacao')).toBe('boleto');
    expect(processorOf('acquirerB_web')).toBe('acquirerB');
  });
});

describe('state machine', () => {
  const card = (status: Transaction['status'], authorized: boolean) => ({ status, flow: 'card' as const, authorized });
  it('allows exactly the spec transitions plus estornar', () => {
    expect(refusalFor('capture', card('aguardando_pagamento', true))).toBeUndefined();
    expect(refusalFor('capture', card('paga', true))).toBe('already_final');
    expect(refusalFor('capture', card('negada', false))).toBe('already_final');
    expect(refusalFor('capture', { status: 'aguardando_pagamento', flow: 'redirect', authorized: false })).toBe('not_authorized');
    expect(refusalFor('refund', card('paga', true))).toBeUndefined();
    expect(refusalFor('refund', card('negada', false))).toBe('not_paid');
    expect(refusalFor('refund', card('cancelada', true))).toBe('not_paid');
    expect(
      refusalFor('complete_payment', { status: 'aguardando_pagamento', flow: 'redirect', authorized: false }),
    ).toBeUndefined();
    expect(refusalFor('complete_payment', { status: 'paga', flow: 'redirect', authorized: true })).toBe('already_final');
    for (const operation of ['capture', 'refund', 'complete_payment'] as const) {
      expect(refusalFor(operation, { status: 'aguardando_pagamento', flow: 'boleto', authorized: false })).toBe('boleto');
    }
  });
});

describe('return URLs and views', () => {
  it('appends transacao and keeps the merchant parameters', () => {
    expect(returnUrlFor('https://shop.test/back?order=9&x=a%20b', 42)).toBe('https://shop.test/back?order=9&x=a+b&transacao=42');
    expect(isReturnUrl('javascript:alert(1)')).toBe(false);
    expect(isReturnUrl('ftp://shop.test')).toBe(false);
    expect(isReturnUrl('/relative')).toBe(false);
  });

  it('shows numeric order numbers as integers, url_acesso only off the card flow, detalhes never for boletos', () => {
    const base = {
      id: 5,
      merchantId: 'm',
      merchantName: 'M',
      status: 'aguardando_pagamento',
      method: 'boleto_bankA',
      flow: 'boleto',
      orderNumber: '0012',
      totalCents: 1050,
      currency: 'real',
      capture: true,
      installments: 1,
      operationType: 'credito_a_vista',
      authorized: false,
      history: [],
      createdAt: '',
      updatedAt: '',
      accessUrl: 'http://x/v1/boleto/u',
      detalhes: { a: null },
    } as Transaction;
    expect(toApiView(base)).toEqual({
      id: 5,
      status: 'aguardando_pagamento',
      meio_pagamento: 'boleto_bankA',
      numero_pedido: '0012',
      total: '10.50',
      valor_estornado: '0.00',
      estornos: [],
      url_acesso: 'http://x/v1/boleto/u',
      erro: null,
    });
    const card = toApiView({ ...base, flow: 'card', method: 'acquirerB_ws', orderNumber: '12' });
    expect(card).not.toHaveProperty('url_acesso');
    expect(card.numero_pedido).toBe(12);
  });
});
