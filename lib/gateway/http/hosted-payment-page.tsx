import type { ApiResult, Container, EndpointHandler } from '../../http';
import { formBody, htmlResponse, renderDocument, seeOther } from '../../http/web';
import { GatewayError } from '../errors';
import { cardFormErrors } from '../pages/card-form-errors';
import {
  ALREADY_SENT,
  afterRefusedCard,
  firstStep,
  type HostedPageStep,
  nextStep,
  outcomeStep,
  type PageContext,
  type PayRequest,
} from '../pages/hosted-page-steps';
import { THEMES } from '../pages/page-theme';
import { HostedPageView } from '../pages/payment-steps';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { completeRedirectPayment, findByPage } from '../use-cases/hosted-page-payment';
import { HostedPageCsrfError } from './hosted-page-csrf-error';

export type HostedPageMethod = 'acquirerA' | 'acquirerB_web' | 'bankA_shopline';

/**
 * GET and POST of a redirect method's hosted page: the HTTP adapter around the steps' controller (hosted-page-steps.ts),
 * which decides the step; this loads the transaction, runs the payment it asks for and renders the step it returns.
 * Card data lives only in the one POST that pays; nothing of it is sent back, logged or kept.
 */
export function hostedPaymentPage(container: Container, deps: GatewayDependencies, method: HostedPageMethod): EndpointHandler {
  return async (event) => {
    const transaction = await findByPage(deps, event.pathParameters?.uuid ?? '');
    if (transaction.method !== method || transaction.flow !== 'redirect')
      throw new GatewayError('not_found', 'Página não encontrada');
    const page: PageContext = {
      transaction,
      uuid: transaction.pageUuid as string,
      secret: await deps.serverSecret(),
      now: deps.now(),
      stage: container.config().stage,
    };
    if (event.httpMethod !== 'POST') return show(page, firstStep(page));
    const next = nextStep(page, formBody(event));
    if (!next) throw new HostedPageCsrfError(transaction.accessUrl);
    return next.kind === 'pay' ? pay(deps, page, next) : show(page, next);
  };
}

async function pay(deps: GatewayDependencies, page: PageContext, request: PayRequest): Promise<ApiResult> {
  try {
    const result = await completeRedirectPayment(deps, {
      pageUuid: page.uuid,
      transaction: page.transaction,
      card: request.card,
      cardType: request.cardType,
    });
    return seeOther(result.returnUrl);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.kind === 'invalid_request') return show(page, afterRefusedCard(page, request, cardFormErrors(error)));
    if (error.kind === 'transition_not_allowed') {
      // Another tab (or a double click) paid first: show what happened to it.
      const current = { ...page, transaction: await findByPage(deps, page.uuid) };
      return show(current, outcomeStep(current, 409, ALREADY_SENT));
    }
    throw error;
  }
}

function show(page: PageContext, step: HostedPageStep): ApiResult {
  const { transaction } = page;
  const view = <HostedPageView theme={THEMES[transaction.method as HostedPageMethod]} transaction={transaction} step={step} />;
  // Chromium applies form-action to the redirect that follows the POST: allow the store's origin.
  const storeOrigin = new URL(transaction.returnUrl as string).origin;
  return htmlResponse(step.status, renderDocument(view), { formActionOrigins: [storeOrigin] });
}
