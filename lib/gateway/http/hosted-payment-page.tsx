import type { VNode } from 'preact';
import { serviceConfig } from '../../config';
import type { ApiEvent, ApiResult, EndpointHandler } from '../../http';
import { formBody, htmlResponse, issueCsrfToken, renderDocument, seeOther, verifyCsrfToken } from '../../http/web';
import { AcquirerUnavailableError } from '../acquirers/acquirer';
import { returnUrlFor } from '../domain/return-url';
import { refusalFor } from '../domain/state-machine';
import type { Transaction } from '../domain/transaction';
import { GatewayError } from '../errors';
import { authenticationBinding, isAuthenticationCode, sandboxAuthenticationCode } from '../pages/authentication-code';
import { cardFormErrors, normaliseExpiry } from '../pages/card-form-errors';
import { THEMES } from '../pages/page-theme';
import { AuthenticationStep, CardStep, ChoiceStep, type FieldErrors, OutcomeStep } from '../pages/payment-steps';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { type BuyerCardType, completeRedirectPayment, findByPage } from '../use-cases/hosted-page-payment';
import { HostedPageCsrfError } from './hosted-page-csrf-error';

export type HostedPageMethod = 'acquirerA' | 'acquirerB_web' | 'bankA_shopline';

/** What a second submission (another tab, a double click, the back button) is told. */
const ALREADY_SENT = 'Este pagamento já tinha sido enviado, talvez em outra aba.';

/** A passed authentication is good for 15 minutes of typing the card. */
const AUTHENTICATION_TTL_SECONDS = 900;

interface Page {
  deps: GatewayDependencies;
  transaction: Transaction;
  uuid: string;
  secret: string;
  now: Date;
}

/**
 * GET and POST of a redirect method's hosted page. Steps, each a form POST carrying the CSRF token:
 * acquirerA with authentication: challenge → card; bankA_shopline: choice → card; otherwise: card.
 * Card data lives only in the one POST that pays; nothing of it is sent back, logged or kept.
 */
export function hostedPaymentPage(deps: GatewayDependencies, method: HostedPageMethod): EndpointHandler {
  return async (event) => {
    const transaction = await findByPage(deps, event.pathParameters?.uuid ?? '');
    if (transaction.method !== method || transaction.flow !== 'redirect')
      throw new GatewayError('not_found', 'Página não encontrada');
    const page: Page = {
      deps,
      transaction,
      uuid: transaction.pageUuid as string,
      secret: await deps.serverSecret(),
      now: deps.now(),
    };
    return event.httpMethod === 'POST' ? submit(page, event) : firstStep(page);
  };
}

const awaitsBuyer = (transaction: Transaction) => refusalFor('complete_payment', transaction) === undefined;
const needsAuthentication = (transaction: Transaction) => transaction.acquirerAMode === 'loja_com_autenticacao';
const debitAllowed = (transaction: Transaction) => transaction.installments === 1;

function respond(page: Page, status: number, view: VNode): ApiResult {
  // Chromium applies form-action to the redirect that follows the POST: allow the store's origin.
  const storeOrigin = new URL(page.transaction.returnUrl as string).origin;
  return htmlResponse(status, renderDocument(view), { formActionOrigins: [storeOrigin] });
}

function theme(transaction: Transaction) {
  return THEMES[transaction.method as HostedPageMethod];
}

function firstStep(page: Page, errors?: FieldErrors, status = 200): ApiResult {
  const { transaction } = page;
  if (!awaitsBuyer(transaction)) return outcome(page, 200);
  if (needsAuthentication(transaction)) return authenticationStep(page, errors, status);
  if (transaction.method === 'bankA_shopline') {
    return respond(page, status, <ChoiceStep {...stepProps(page, errors)} debitAllowed={debitAllowed(transaction)} />);
  }
  return cardStep(page, {}, {}, errors, status);
}

function stepProps(page: Page, errors?: FieldErrors) {
  return {
    theme: theme(page.transaction),
    transaction: page.transaction,
    csrf: issueCsrfToken(page.secret, page.uuid, page.now),
    errors,
  };
}

function authenticationStep(page: Page, errors?: FieldErrors, status = 200): ApiResult {
  if (serviceConfig().stage !== 'sandbox') {
    throw new AcquirerUnavailableError('A autenticação do portador (3-D Secure) ainda não tem conector neste ambiente.');
  }
  return respond(
    page,
    status,
    <AuthenticationStep
      {...stepProps(page, errors)}
      theme={THEMES.authentication}
      sandboxCode={sandboxAuthenticationCode(page.secret, page.uuid)}
    />,
  );
}

function cardStep(
  page: Page,
  carried: Record<string, string>,
  values: { cartao_validade?: string; bandeira?: string },
  errors?: FieldErrors,
  status = 200,
): ApiResult {
  const { transaction } = page;
  const shopline = transaction.method === 'bankA_shopline';
  const heading = shopline
    ? carried.forma === 'debito'
      ? 'Pagar com cartão de débito'
      : 'Pagar com cartão de crédito'
    : 'Dados do cartão';
  return respond(
    page,
    status,
    <CardStep
      {...stepProps(page, errors)}
      heading={heading}
      askBrand={transaction.method === 'acquirerA'}
      values={values}
      carried={carried}
      intro={needsAuthentication(transaction) ? 'Autenticação confirmada. Agora informe os dados do cartão.' : undefined}
    />,
  );
}

function outcome(page: Page, status: number, note?: string): ApiResult {
  const { transaction } = page;
  return respond(
    page,
    status,
    <OutcomeStep
      theme={theme(transaction)}
      transaction={transaction}
      returnUrl={returnUrlFor(transaction.returnUrl as string, transaction.id)}
      note={note}
    />,
  );
}

/** The steps a form can post, each with what it does; anything else (or nothing) shows the first step again. */
type Step = 'autenticacao' | 'escolha' | 'pagamento';
const STEPS: Record<Step, (page: Page, form: Record<string, string>) => ApiResult | Promise<ApiResult>> = {
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
  pagamento: (page, form) => pay(page, form),
};

const isStep = (value: string | undefined): value is Step => value !== undefined && Object.hasOwn(STEPS, value);

async function submit(page: Page, event: ApiEvent): Promise<ApiResult> {
  const form = formBody(event);
  if (!verifyCsrfToken(page.secret, page.uuid, form.csrf, page.now)) throw new HostedPageCsrfError(page.transaction.accessUrl);
  if (!awaitsBuyer(page.transaction)) return outcome(page, 409, ALREADY_SENT);
  return isStep(form.etapa) ? STEPS[form.etapa](page, form) : firstStep(page);
}

function cardTypeOf(transaction: Transaction, typed: string | undefined): BuyerCardType | undefined {
  if (typed === 'credito') return 'credito';
  if (typed === 'debito' && debitAllowed(transaction)) return 'debito';
  return undefined;
}

async function pay(page: Page, form: Record<string, string>): Promise<ApiResult> {
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
  try {
    const result = await completeRedirectPayment(page.deps, {
      pageUuid: page.uuid,
      transaction,
      card: {
        cartao_numero: given(form.cartao_numero),
        cartao_cvv: given(form.cartao_cvv),
        cartao_validade: given(normaliseExpiry(form.cartao_validade)),
        bandeira: values.bandeira,
      },
      cardType,
    });
    return seeOther(result.returnUrl);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.kind === 'invalid_request') return cardStep(page, carried, values, cardFormErrors(error), 400);
    if (error.kind === 'transition_not_allowed') {
      // Another tab (or a double click) paid first: show what happened to it.
      const current = await findByPage(page.deps, page.uuid);
      return outcome({ ...page, transaction: current }, 409, ALREADY_SENT);
    }
    throw error;
  }
}
