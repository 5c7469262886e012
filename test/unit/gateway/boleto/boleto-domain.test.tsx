import { describe, expect, it } from 'vitest';
import { BoletoSection } from '../../../../lib/gateway/admin/views/boleto-section';
import { BANK_LAYOUTS, BoletoBankSetupError, boletoBankFromSecret } from '../../../../lib/gateway/boleto/bank-connection';
import { barcodeFromLine, decodeBarcode } from '../../../../lib/gateway/boleto/febraban-code';
import { registeredBoletoOf } from '../../../../lib/gateway/boleto/registration/registered-boleto-of';
import type { RegisteredBoleto } from '../../../../lib/gateway/domain/boleto-record';
import { type Transaction, toApiView } from '../../../../lib/gateway/domain/transaction';
import { transition } from '../../../../lib/gateway/domain/transition';
import { GatewayError } from '../../../../lib/gateway/errors';
import { renderDocument } from '../../../../lib/http/web';

const SECRET = {
  provider: 'cnab240',
  bank: '001',
  agencia: '1234-5',
  conta: '98765-4',
  convenio: '7654321',
  carteira: '17',
  documento: '12345678000195',
};

describe('boleto bank secrets', () => {
  it('accepts a secret that fits its bank’s layout', () => {
    expect(boletoBankFromSecret(JSON.stringify(SECRET))).toMatchObject({
      code: '001',
      convenio: '7654321',
      documento: '12345678000195',
    });
  });

  it.each([
    [{ bank: '1' }, '"bank" must be the 3-digit bank code'],
    [{ bank: '0001' }, '"bank" must be the 3-digit bank code'],
    [{ bank: '999' }, 'bank 999 has no nosso número layout here'],
    [{ convenio: '123' }, '"convenio" must be the 7-digit convênio for bank 001'],
    [{ carteira: '1' }, '"carteira" must be 2 digits'],
    [{ agencia: '12' }, '"agencia" must be 4 digits'],
    [{ documento: '123' }, '"documento" must be'],
    [{ provider: 'rest' }, '"provider" must be one of cnab240'],
    [{ merchantKey: 'x' }, 'unknown field "merchantKey"'],
  ])('refuses %j, saying why', (change, message) => {
    expect(() => boletoBankFromSecret(JSON.stringify({ ...SECRET, ...change }))).toThrow(BoletoBankSetupError);
    expect(() => boletoBankFromSecret(JSON.stringify({ ...SECRET, ...change }))).toThrow(message);
  });
});

describe('nosso número and barcode from the convênio', () => {
  it('Banco do Brasil, convênio of 7 digits: 000000 · convênio · sequence (10) · carteira in the campo livre', () => {
    const settings = { ...boletoBankFromSecret(JSON.stringify(SECRET)), secretId: 's', configuredAt: '' };
    const boleto = registeredBoletoOf({ id: 4321, dueDate: '2030-12-31', totalCents: 12_345 }, settings);
    expect(boleto.ourNumber).toBe('76543210000004321');
    expect(boleto.barcode.slice(19)).toBe('0000007654321000000432117');
    expect(barcodeFromLine(boleto.line)).toBe(boleto.barcode);
    expect(decodeBarcode(boleto.barcode, new Date('2030-12-01'))).toMatchObject({
      bankCode: '001',
      amountCents: 12_345,
      dueDate: '2030-12-31',
    });
  });

  it('Bradesco: agência · carteira · nosso número (11) · conta (7) · 0', () => {
    const account = { code: '237', agencia: '1234', conta: '76543-2', convenio: '1', carteira: '09' };
    expect(BANK_LAYOUTS['237'].check(account)).toBeUndefined();
    expect(BANK_LAYOUTS['237'].numbers(account, 55).freeField).toBe('1234090000000005500765430');
  });
});

const boleto: RegisteredBoleto = {
  bank: { code: '341', agencia: '0057', conta: '12345', convenio: '1', carteira: '109' },
  ourNumber: '109000000011',
  ourNumberPrinted: '109/00000001-1',
  barcode: '3419'.padEnd(44, '0'),
  line: '0'.repeat(47),
  registration: 'pendente',
  occurrences: [],
};
const waiting: Transaction = {
  id: 1,
  merchantId: 'm',
  merchantName: 'M',
  status: 'aguardando_pagamento',
  method: 'boleto_bankA',
  flow: 'boleto',
  orderNumber: '1',
  totalCents: 15_000,
  currency: 'real',
  capture: true,
  installments: 1,
  operationType: 'credito_a_vista',
  authorized: false,
  dueDate: '2030-12-31',
  boleto,
  history: [{ status: 'aguardando_pagamento', at: '2030-12-01T00:00:00Z', by: 'create' }],
  createdAt: '2030-12-01T00:00:00Z',
  updatedAt: '2030-12-01T00:00:00Z',
};
const at = '2030-12-02T10:00:00Z';
const payment = { via: 'boleto' as const, cents: 15_350, on: '2030-12-02', at };

describe('boleto occurrences through transition()', () => {
  it('a liquidação makes it paga with the amount paid, one event, conditional on the revision', () => {
    const move = transition(waiting, { type: 'boleto', occurrence: { kind: 'paid', payment, key: 'k1' }, at, by: 'retorno' });
    expect(move.after.status).toBe('paga');
    expect(move.events.map((event) => event.tipo)).toEqual(['transacao.paga']);
    expect(move.guards).toContain('revision');
    expect(toApiView(move.after).detalhes).toMatchObject({ valor_pago: '153.50', data_pagamento: '2030-12-02' });
  });

  it('a second payment is a duplicate: recorded, no status change, no event, no history entry', () => {
    const paid = transition(waiting, { type: 'boleto', occurrence: { kind: 'paid', payment }, at, by: 'sandbox' }).after;
    const again = transition(paid, {
      type: 'boleto',
      occurrence: { kind: 'paid', payment: { ...payment, via: 'pix' } },
      at,
      by: 'x',
    });
    expect(again.after.status).toBe('paga');
    expect(again.events).toEqual([]);
    expect(again.after.history).toHaveLength(paid.history.length);
    expect(again.after.boleto?.duplicatePayments).toEqual([{ ...payment, via: 'pix' }]);
  });

  it('entrada confirmada keeps the status; rejeição → negada; baixa → cancelada with no refund', () => {
    const registered = transition(waiting, { type: 'boleto', occurrence: { kind: 'registered' }, at, by: 'r' });
    expect(registered.after).toMatchObject({ status: 'aguardando_pagamento', boleto: { registration: 'registrado' } });
    expect(registered.events).toEqual([]);
    const rejected = transition(waiting, { type: 'boleto', occurrence: { kind: 'rejected', reason: '08' }, at, by: 'r' });
    expect(rejected.after).toMatchObject({ status: 'negada', boleto: { registration: 'rejeitado', rejection: '08' } });
    const written = transition(waiting, { type: 'boleto', occurrence: { kind: 'written_off' }, at, by: 'r' });
    expect(written.events.map((event) => event.tipo)).toEqual(['transacao.cancelada']);
    expect(toApiView(written.after)).toMatchObject({ valor_estornado: '0.00', estornos: [] });
  });

  it('a baixa is asked once, only while unpaid; an unregistered boleto has no occurrences', () => {
    const asked = transition(waiting, { type: 'boleto', occurrence: { kind: 'baixa_requested' }, at, by: 'refund' }).after;
    expect(asked.boleto?.baixaRequestedAt).toBe(at);
    expect(() => transition(asked, { type: 'boleto', occurrence: { kind: 'baixa_requested' }, at, by: 'refund' })).toThrow(
      GatewayError,
    );
    const { boleto: _, ...plain } = waiting;
    expect(() => transition(plain, { type: 'boleto', occurrence: { kind: 'registered' }, at, by: 'r' })).toThrow(
      /não é registrado/,
    );
  });
});

describe('the admin’s boleto section', () => {
  it('lists duplicate payments for the merchant to return', () => {
    const row = (label: string, value: unknown) =>
      value === undefined ? null : (
        <p>
          {`${label}: `}
          {value as string}
        </p>
      );
    const html = renderDocument(
      <BoletoSection boleto={{ ...boleto, payment, duplicatePayments: [{ ...payment, via: 'pix' }] }} row={row} />,
    );
    expect(html).toContain('Duplicate payments');
    expect(html).toContain('by Pix on 2030-12-02');
    expect(html).toContain('return it to the payer');
  });
});
