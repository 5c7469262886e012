import { describe, expect, it } from 'vitest';
import {
  type AcquirerReference,
  AcquirerUnavailableError,
  type AuthorizationOutcome,
  type CardPayment,
} from '../../../../lib/gateway/acquirers/acquirer';
import { AcquirerConnectionError, type AcquirerConnector, ConnectedAcquirer } from '../../../../lib/gateway/acquirers/connection';
import { AcquirerTransportError, SILENT_ACQUIRER_LOGGER } from '../../../../lib/gateway/acquirers/http/acquirer-http';
import { SandboxAcquirer } from '../../../../lib/gateway/acquirers/sandbox-acquirer';

const reference: AcquirerReference = { tid: 't', nsu: 'n', authorizationCode: 'a', returnCode: '6', at: '' };
const approved: AuthorizationOutcome = { approved: true, captured: true, reference };
const payment: CardPayment = {
  processor: 'acquirerA',
  merchantId: 'm-1',
  transactionId: 42,
  amountCents: 1000,
  card: { number: '4111111111111111', cvv: '123', expiry: '122030', brand: 'visa' },
  installments: 1,
  operationType: 'credito_a_vista',
  capture: true,
};

/** A connector whose calls follow a script; every call is recorded. */
function scripted(script: Partial<Record<keyof AcquirerConnector, (() => Promise<unknown>)[]>>) {
  const calls: string[] = [];
  const next = (name: keyof AcquirerConnector) => async () => {
    calls.push(name);
    const step = script[name]?.shift();
    if (!step) throw new Error(`unexpected ${name}`);
    return step();
  };
  const connector = {
    authorize: next('authorize'),
    capture: next('capture'),
    refund: next('refund'),
    findByReference: next('findByReference'),
    amountsOf: next('amountsOf'),
  } as unknown as AcquirerConnector;
  const acquirer = new ConnectedAcquirer(
    { connectionOf: async (merchantId) => (merchantId === 'm-1' ? { connector, name: 'shop-cielo' } : undefined) },
    new SandboxAcquirer(),
    SILENT_ACQUIRER_LOGGER,
  );
  return { acquirer, calls };
}

const lost = () => Promise.reject(new AcquirerTransportError('network'));
const unknownOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof AcquirerUnavailableError ? { unknown: error.outcomeUnknown, message: error.message } : error,
  );

describe('ConnectedAcquirer: never twice, never unknown', () => {
  it('a merchant without a connection uses the fallback', async () => {
    const { acquirer, calls } = scripted({});
    expect((await acquirer.authorize({ ...payment, merchantId: 'm-2' })).approved).toBe(true);
    expect(calls).toEqual([]);
  });

  it('an unanswered authorization is looked up by order reference; the sale found decides', async () => {
    const { acquirer, calls } = scripted({ authorize: [lost], findByReference: [async () => approved] });
    expect(await acquirer.authorize(payment)).toBe(approved);
    expect(calls).toEqual(['authorize', 'findByReference']);
  });

  it('nothing found, or the query unanswered too: unavailable with the outcome unknown', async () => {
    const none = scripted({ authorize: [lost], findByReference: [async () => undefined] });
    expect(await unknownOf(none.acquirer.authorize(payment))).toMatchObject({ unknown: true });
    const both = scripted({ authorize: [lost], findByReference: [lost] });
    expect(await unknownOf(both.acquirer.authorize(payment))).toMatchObject({ unknown: true });
  });

  it('a refused connection is unavailable, the outcome known (nothing was done), and no query is made', async () => {
    const { acquirer, calls } = scripted({
      authorize: [() => Promise.reject(new AcquirerConnectionError('conexão shop-cielo recusada'))],
    });
    expect(await unknownOf(acquirer.authorize(payment))).toEqual({ unknown: false, message: 'conexão shop-cielo recusada' });
    expect(calls).toEqual(['authorize']);
  });

  it('a page submitted again asks first and never authorizes a second time when a sale exists', async () => {
    const { acquirer, calls } = scripted({ findByReference: [async () => approved] });
    expect(await acquirer.authorize({ ...payment, mayHaveBeenAttempted: true })).toBe(approved);
    expect(calls).toEqual(['findByReference']);
  });

  it('a refund whose answer is lost counts as done only when the sale shows it', async () => {
    const request = {
      processor: 'acquirerA' as const,
      merchantId: 'm-1',
      transactionId: 42,
      amountCents: 300,
      reference,
      refundedBeforeCents: 200,
    };
    const done = scripted({ refund: [lost], amountsOf: [async () => ({ capturedCents: 1000, refundedCents: 500 })] });
    expect((await done.acquirer.refund(request)).ok).toBe(true);
    const notDone = scripted({ refund: [lost], amountsOf: [async () => ({ capturedCents: 1000, refundedCents: 200 })] });
    expect(await unknownOf(notDone.acquirer.refund(request))).toMatchObject({ unknown: false });
  });
});
