import type { Stage } from '../../config';
import { issueCsrfToken, verifyCsrfToken } from '../../http/web';
import { AcquirerUnavailableError } from '../acquirers/acquirer';
import { returnUrlFor } from '../domain/return-url';
import { refusalFor } from '../domain/state-machine';
import type { Transaction } from '../domain/transaction';
import type { BuyerCardType } from '../use-cases/hosted-page-payment';
import type { CardFields } from '../validation/new-transaction';
import { authenticationBinding, isAuthenticationCode, sandboxAuthenticationCode } from './authentication-code';
import { type FieldErrors, normaliseExpiry } from './card-form-errors';

/**
 * The hosted payment page's steps, decided without I/O. A redirect method's page is a short conversation, each step a
 * form POST carrying the CSRF token and its `etapa`: acquirerA with authentication: challenge → card;
 * bankA_shopline: choice → card; otherwise: card. The controller says which step to show (the views render exactly
 * the `HostedPageStep` they are given) or that the card is to be paid (`PayRequest`: the HTTP adapter runs the use case
 * and comes back with `afterRefusedCard`). A new kind of page (another method, Pix) is a new step kind and a new view.
 */

/** A form's `etapa`: which step it was posted from. */
export type StepName = 'autenticacao' | 'escolha' | 'pagamento';

/** What was typed that is shown again (never the card number or CVV). */
export interface CardValues {
  cartao_validade?: string;
  bandeira?: string;
}

/** A step the buyer sees, with the status the page answers with. */
interface Shown {
  status: number;
  /** The CSRF token its form carries. */
  csrf: string;
  errors?: FieldErrors;
}

export type HostedPageStep =
  | (Shown & { kind: 'authentication'; sandboxCode: string })
  | (Shown & { kind: 'choice'; debitAllowed: boolean })
  | (Shown & {
      kind: 'card';
      heading: string;
      /** acquirerA's buy page asks for the brand, as the real one does; the others detect it from the number. */
      askBrand: boolean;
      values: CardValues;
      /** What earlier steps established, carried as hidden fields (the proof of authentication, the card type). */
      carried: Record<string, string>;
      intro?: string;
    })
  | { kind: 'outcome'; status: number; returnUrl: string; note?: string };

/** The buyer's card, to be paid by the HTTP adapter (completeRedirectPayment). */
export interface PayRequest {
  kind: 'pay';
  card: CardFields;
  cardType?: BuyerCardType;
  carried: Record<string, string>;
  values: CardValues;
}

/** What a step decision is made from. */
export interface PageContext {
  transaction: Transaction;
  uuid: string;
  /** The web secret: CSRF tokens, the proof of authentication, the sandbox code. */
  secret: string;
  now: Date;
  stage: Stage;
}

/** What a second submission (another tab, a double click, the back button) is told. */
export const ALREADY_SENT = 'Este pagamento já tinha sido enviado, talvez em outra aba.';

/** A passed authentication is good for 15 minutes of typing the card. */
const AUTHENTICATION_TTL_SECONDS = 900;

const awaitsBuyer = (transaction: Transaction) => refusalFor('complete_payment', transaction) === undefined;
const needsAuthentication = (transaction: Transaction) => transaction.acquirerAMode === 'loja_com_autenticacao';
const debitAllowed = (transaction: Transaction) => transaction.installments === 1;

/** GET: where the buyer starts (or what happened, once the transaction no longer awaits them). */
export function firstStep(page: PageContext, errors?: FieldErrors, status = 200): HostedPageStep {
  const { transaction } = page;
  if (!awaitsBuyer(transaction)) return outcomeStep(page, 200);
  if (needsAuthentication(transaction)) return authenticationStep(page, errors, status);
  if (transaction.method === 'bankA_shopline') {
    return { kind: 'choice', status, csrf: csrfOf(page), errors, debitAllowed: debitAllowed(transaction) };
  }
  return cardStep(page, {}, {}, errors, status);
}

/** POST: the step after the one the form was posted from; `undefined` when the CSRF token is not this page's. */
export function nextStep(page: PageContext, form: Record<string, string>): HostedPageStep | PayRequest | undefined {
  if (!verifyCsrfToken(page.secret, page.uuid, form.csrf, page.now)) return undefined;
  if (!awaitsBuyer(page.transaction)) return outcomeStep(page, 409, ALREADY_SENT);
  return isStepName(form.etapa) ? STEPS[form.etapa](page, form) : firstStep(page);
}

/** The card step again after the use case refused what was typed (errors next to the fields). */
export function afterRefusedCard(page: PageContext, pay: PayRequest, errors: FieldErrors): HostedPageStep {
  return cardStep(page, pay.carried, pay.values, errors, 400);
}

/** A transaction that no longer awaits the buyer: its outcome and the way back to the store. */
export function outcomeStep(page: PageContext, status: number, note?: string): HostedPageStep {
  const { transaction } = page;
  return { kind: 'outcome', status, returnUrl: returnUrlFor(transaction.returnUrl as string, transaction.id), note };
}

const STEPS: Record<StepName, (page: PageContext, form: Record<string, string>) => HostedPageStep | PayRequest> = {
  /** acquirerA with authentication: the issuer's code, then the card step carrying proof of it. */
  autenticacao: (page, form) => {
    if (!needsAuthentication(page.transaction)) return firstStep(page);
    if (!isAuthenticationCode(page.secret, page.uuid, form.codigo)) {
      return authenticationStep(page, { codigo: 'Código incorreto. Confira e digite de novo.' }, 400);
    }
    const proof = issueCsrfToken(page.secret, authenticationBinding(page.uuid), page.now, AUTHENTICATION_TTL_SECONDS);
    return cardStep(page, { autenticacao: proof }, {});
  },
  /** bankA_shopline: credit or debit, then the card step. */
  escolha: (page, form) => {
    const choice = cardTypeOf(page.transaction, form.forma);
    if (!choice) return firstStep(page, { forma: 'Escolha uma forma de pagamento.' }, 400);
    return cardStep(page, { forma: choice }, {});
  },
  /** Every method: the card, which pays. */
  pagamento: (page, form) => payment(page, form),
};

const isStepName = (value: string | undefined): value is StepName => value !== undefined && Object.hasOwn(STEPS, value);

function csrfOf(page: PageContext): string {
  return issueCsrfToken(page.secret, page.uuid, page.now);
}

function authenticationStep(page: PageContext, errors?: FieldErrors, status = 200): HostedPageStep {
  if (page.stage !== 'sandbox') {
    throw new AcquirerUnavailableError('A autenticação do portador (3-D Secure) ainda não tem conector neste ambiente.');
  }
  return {
    kind: 'authentication',
    status,
    csrf: csrfOf(page),
    errors,
    sandboxCode: sandboxAuthenticationCode(page.secret, page.uuid),
  };
}

function cardStep(
  page: PageContext,
  carried: Record<string, string>,
  values: CardValues,
  errors?: FieldErrors,
  status = 200,
): HostedPageStep {
  const { transaction } = page;
  const shopline = transaction.method === 'bankA_shopline';
  const heading = shopline
    ? carried.forma === 'debito'
      ? 'Pagar com cartão de débito'
      : 'Pagar com cartão de crédito'
    : 'Dados do cartão';
  return {
    kind: 'card',
    status,
    csrf: csrfOf(page),
    errors,
    heading,
    askBrand: transaction.method === 'acquirerA',
    values,
    carried,
    intro: needsAuthentication(transaction) ? 'Autenticação confirmada. Agora informe os dados do cartão.' : undefined,
  };
}

function cardTypeOf(transaction: Transaction, typed: string | undefined): BuyerCardType | undefined {
  if (typed === 'credito') return 'credito';
  if (typed === 'debito' && debitAllowed(transaction)) return 'debito';
  return undefined;
}

function payment(page: PageContext, form: Record<string, string>): HostedPageStep | PayRequest {
  const { transaction } = page;
  const carried: Record<string, string> = {};
  if (needsAuthentication(transaction)) {
    if (!verifyCsrfToken(page.secret, authenticationBinding(page.uuid), form.autenticacao, page.now)) {
      return authenticationStep(page, { form: 'A autenticação expirou. Confirme o código de novo.' }, 400);
    }
    carried.autenticacao = form.autenticacao as string;
  }
  const cardType = transaction.method === 'bankA_shopline' ? cardTypeOf(transaction, form.forma) : undefined;
  if (transaction.method === 'bankA_shopline') {
    if (!cardType) return firstStep(page, { forma: 'Escolha uma forma de pagamento.' }, 400);
    carried.forma = cardType;
  }
  const values = { cartao_validade: (form.cartao_validade ?? '').slice(0, 7), bandeira: form.bandeira || undefined };
  const given = (value: string | undefined) => (value?.trim() ? value : undefined);
  const card = {
    cartao_numero: given(form.cartao_numero),
    cartao_cvv: given(form.cartao_cvv),
    cartao_validade: given(normaliseExpiry(form.cartao_validade)),
    bandeira: values.bandeira,
  };
  return { kind: 'pay', card, ...(cardType ? { cardType } : {}), carried, values };
}
