import { randomBytes } from 'node:crypto';
import { type ApiResult, type EndpointHandler, jsonResponse } from '../../http';
import {
  formBody,
  htmlResponse,
  issueCsrfToken,
  renderDocument,
  scriptResponse,
  seeOther,
  verifyCsrfToken,
} from '../../http/web';
import type { PixCharge } from '../domain/pix-charge';
import { returnUrlFor } from '../domain/return-url';
import type { Transaction } from '../domain/transaction';
import { GatewayError } from '../errors';
import { ALREADY_SENT } from '../pages/hosted-page-steps';
import { PixPage } from '../pages/pix/pix-page';
import { PIX_PAGE_SCRIPT } from '../pages/pix/pix-page-script';
import { pixPageState, secondsLeft } from '../pages/pix/pix-page-state';
import { qrMatrix } from '../pages/pix/qr-code';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { findPixCharge, simulatePixPaymentOnPage } from '../use-cases/pix-page';
import { HostedPageCsrfError } from './hosted-page-csrf-error';

/** What the page is rendered from. */
interface PixPageContext {
  transaction: Transaction;
  charge: PixCharge;
  uuid: string;
  secret: string;
  now: Date;
  /** The sandbox pays a charge on request; production has no simulation (no button, POST simular is 404). */
  canSimulate: boolean;
}

/** GET /v1/pix/{uuid}: the hosted Pix page; POST /v1/pix/{uuid}/simular: its sandbox button. */
export function pixPageController(deps: GatewayDependencies): EndpointHandler {
  return async (event) => {
    const page = await pixPageContext(deps, event.pathParameters?.uuid ?? '');
    return event.httpMethod === 'POST' ? simulate(deps, page, formBody(event)) : showPixPage(page, 200);
  };
}

/** The sandbox pays the charge; the buyer goes back to the store (303), as after paying on the card pages. */
async function simulate(deps: GatewayDependencies, page: PixPageContext, form: Record<string, string>): Promise<ApiResult> {
  if (!page.canSimulate) throw new GatewayError('not_found', 'Página não encontrada');
  if (!verifyCsrfToken(page.secret, page.uuid, form.csrf, page.now)) throw new HostedPageCsrfError(page.transaction.accessUrl);
  if (pixPageState(page.transaction.status, page.charge, page.now) !== 'awaiting') return showPixPage(page, 409, ALREADY_SENT);
  try {
    const paid = await simulatePixPaymentOnPage(deps, page.transaction);
    return seeOther(paid.returnUrl ? returnUrlFor(paid.returnUrl, paid.id) : (paid.accessUrl as string));
  } catch (error) {
    if (!(error instanceof GatewayError) || error.kind !== 'transition_not_allowed') throw error;
    // Another tab (or a double click) paid first, or the charge expired meanwhile: show what happened to it.
    return showPixPage(await pixPageContext(deps, page.uuid), 409, ALREADY_SENT);
  }
}

/** GET /v1/pix/{uuid}/status: `{"status"}`, what the page's script polls (never cached). */
export function pixPageStatusController(deps: GatewayDependencies): EndpointHandler {
  return async (event) => {
    const { transaction } = await findPixCharge(deps, event.pathParameters?.uuid ?? '');
    return jsonResponse(200, { status: transaction.status }, { 'cache-control': 'no-store' });
  };
}

/** GET /v1/pix/pix-page.js: the page's script (no table, no secret). */
export function pixPageScript(): Promise<ApiResult> {
  return Promise.resolve(scriptResponse(PIX_PAGE_SCRIPT));
}

async function pixPageContext(deps: GatewayDependencies, uuid: string): Promise<PixPageContext> {
  const { transaction, charge } = await findPixCharge(deps, uuid);
  return {
    transaction,
    charge,
    uuid: transaction.pageUuid as string,
    secret: await deps.serverSecret(),
    now: deps.now(),
    canSimulate: deps.pixProvider.simulatePayment !== undefined,
  };
}

/** The page in the state the transaction and the clock say; a script nonce and a CSRF token while it awaits payment. */
async function showPixPage(page: PixPageContext, status: number, note?: string): Promise<ApiResult> {
  const { transaction, charge, now } = page;
  const state = pixPageState(transaction.status, charge, now);
  const awaiting = state === 'awaiting';
  const left = secondsLeft(charge, now);
  const scriptNonce = awaiting ? randomBytes(16).toString('base64') : undefined;
  // The simulate form's token lives as long as the charge may still be paid.
  const simulateCsrf = awaiting && page.canSimulate ? issueCsrfToken(page.secret, page.uuid, now, Math.max(60, left)) : undefined;
  const returnUrl = transaction.returnUrl ? returnUrlFor(transaction.returnUrl, transaction.id) : undefined;
  const qrCode = awaiting ? await qrMatrix(charge.brCode) : undefined;
  const view = (
    <PixPage
      transaction={transaction}
      uuid={page.uuid}
      charge={charge}
      state={state}
      qrCode={qrCode}
      secondsLeft={left}
      returnUrl={returnUrl}
      simulateCsrf={simulateCsrf}
      scriptNonce={scriptNonce}
      note={note}
    />
  );
  // Chromium applies form-action to the redirect that follows the POST: allow the store's origin.
  const formActionOrigins = transaction.returnUrl ? [new URL(transaction.returnUrl).origin] : [];
  return htmlResponse(status, renderDocument(view), { scriptNonce, formActionOrigins });
}
