import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../lib/gateway/domain/transaction';
import { sandboxAuthenticationCode } from '../../../lib/gateway/pages/authentication-code';
import {
  ALREADY_SENT,
  afterRefusedCard,
  firstStep,
  type HostedPageStep,
  nextStep,
  type PageContext,
  type PayRequest,
} from '../../../lib/gateway/pages/hosted-page-steps';
import { issueCsrfToken } from '../../../lib/http/web';

const secret = 's'.repeat(40);
const uuid = '0b5e1c9a-3f1e-4a57-9d1e-2f9a1b7c4d10';
const now = new Date('2026-11-25T09:00:00Z');

function page(overrides: Partial<Transaction> = {}): PageContext {
  const transaction: Transaction = {
    id: 42,
    merchantId: 'm-1',
    merchantName: 'Loja',
    status: 'aguardando_pagamento',
    method: 'acquirerB_web',
    flow: 'redirect',
    orderNumber: '7',
    totalCents: 1990,
    currency: 'real',
    capture: true,
    returnUrl: 'https://loja.example/volta',
    installments: 1,
    operationType: 'credito_a_vista',
    pageUuid: uuid,
    accessUrl: `https://gw.example/v1/acquirerB_web/${uuid}`,
    authorized: false,
    history: [],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...overrides,
  };
  return { transaction, uuid, secret, now, stage: 'sandbox' };
}

const csrf = () => issueCsrfToken(secret, uuid, now);
const kindOf = (step: HostedPageStep | PayRequest | undefined) => step?.kind;

describe('hosted page steps (the controller the views render)', () => {
  it('starts each method at its first step, and shows the outcome once the buyer is no longer awaited', () => {
    expect(kindOf(firstStep(page()))).toBe('card');
    expect(kindOf(firstStep(page({ method: 'bankA_shopline' })))).toBe('choice');
    expect(kindOf(firstStep(page({ method: 'acquirerA', acquirerAMode: 'loja_com_autenticacao' })))).toBe('authentication');
    const paid = firstStep(page({ status: 'paga' }));
    expect(paid).toMatchObject({ kind: 'outcome', status: 200, returnUrl: 'https://loja.example/volta?transacao=42' });
  });

  it('refuses a form without this page’s CSRF token, and tells a second submission it was already sent', () => {
    expect(nextStep(page(), { etapa: 'pagamento', csrf: 'forged' })).toBeUndefined();
    expect(nextStep(page({ status: 'paga' }), { etapa: 'pagamento', csrf: csrf() })).toMatchObject({
      kind: 'outcome',
      status: 409,
      note: ALREADY_SENT,
    });
  });

  it('authentication: a wrong code shows the challenge again (400), the right one leads to the card carrying its proof', () => {
    const context = page({ method: 'acquirerA', acquirerAMode: 'loja_com_autenticacao' });
    expect(nextStep(context, { etapa: 'autenticacao', csrf: csrf(), codigo: '000000x' })).toMatchObject({
      kind: 'authentication',
      status: 400,
    });
    const card = nextStep(context, { etapa: 'autenticacao', csrf: csrf(), codigo: sandboxAuthenticationCode(secret, uuid) });
    expect(card).toMatchObject({ kind: 'card', status: 200, askBrand: true });
    const proof = card?.kind === 'card' ? card.carried.autenticacao : undefined;
    expect(proof).toBeTruthy();
    // Paying without the proof goes back to the challenge; with it, the card is to be paid.
    expect(nextStep(context, { etapa: 'pagamento', csrf: csrf() })).toMatchObject({ kind: 'authentication', status: 400 });
    expect(nextStep(context, { etapa: 'pagamento', csrf: csrf(), autenticacao: proof as string })).toMatchObject({
      kind: 'pay',
      carried: { autenticacao: proof },
    });
  });

  it('shopline: debit only without instalments; the choice is carried to the card and paid as chosen', () => {
    const context = page({ method: 'bankA_shopline', installments: 3 });
    expect(firstStep(context)).toMatchObject({ kind: 'choice', debitAllowed: false });
    expect(nextStep(context, { etapa: 'escolha', csrf: csrf(), forma: 'debito' })).toMatchObject({ kind: 'choice', status: 400 });
    expect(nextStep(context, { etapa: 'escolha', csrf: csrf(), forma: 'credito' })).toMatchObject({
      kind: 'card',
      heading: 'Pagar com cartão de crédito',
      carried: { forma: 'credito' },
    });
    expect(nextStep(context, { etapa: 'pagamento', csrf: csrf(), forma: 'credito' })).toMatchObject({
      kind: 'pay',
      cardType: 'credito',
    });
  });

  it('the card step pays what was typed (expiry normalised) and, refused, shows only expiry and brand again', () => {
    const form = {
      etapa: 'pagamento',
      csrf: csrf(),
      cartao_numero: '4242 4242 4242 4242',
      cartao_cvv: '123',
      cartao_validade: '08/31',
      bandeira: '',
    };
    const pay = nextStep(page(), form);
    expect(pay).toMatchObject({
      kind: 'pay',
      card: { cartao_numero: '4242 4242 4242 4242', cartao_cvv: '123', cartao_validade: '082031', bandeira: undefined },
    });
    const again = afterRefusedCard(page(), pay as PayRequest, { cartao_cvv: 'Visa usa 3 dígitos.' });
    expect(again).toMatchObject({ kind: 'card', status: 400, values: { cartao_validade: '08/31' } });
    expect(JSON.stringify(again)).not.toContain('4242');
    expect(kindOf(nextStep(page(), { csrf: csrf() }))).toBe('card');
  });

  it('outside the sandbox the authentication challenge has no connector yet', () => {
    const context = { ...page({ method: 'acquirerA', acquirerAMode: 'loja_com_autenticacao' }), stage: 'production' as const };
    expect(() => firstStep(context)).toThrow(/3-D Secure/);
  });
});
