import type { PixCharge } from '../domain/pix-charge';
import type { Transaction } from '../domain/transaction';
import { GatewayError } from '../errors';
import type { GatewayDependencies } from './dependencies';
import { findByPage } from './hosted-page-payment';
import { expireIfOverdue } from './pix-expiry';
import { applyPixPayment } from './pix-payment';

/**
 * The Pix charge behind a hosted Pix page (`/v1/pix/<uuid>`); another method's uuid is not found here. An overdue
 * charge is expired on this read, as a consult does, so the page and its status poll never show it as payable in the
 * minute before the expiry pass comes by.
 */
export async function findPixCharge(
  deps: GatewayDependencies,
  pageUuid: string,
): Promise<{ transaction: Transaction; charge: PixCharge }> {
  const found = await findByPage(deps, pageUuid);
  if (found.flow !== 'pix' || !found.pix) throw new GatewayError('not_found', 'Página não encontrada');
  const transaction = await expireIfOverdue(deps, found);
  return { transaction, charge: found.pix };
}

/**
 * The sandbox button of the hosted Pix page: the sandbox pays the charge as the payer's bank would, through the one use
 * case every payment path shares (applyPixPayment: once, whatever the number of tabs). Production has no simulation.
 */
export async function simulatePixPaymentOnPage(deps: GatewayDependencies, transaction: Transaction): Promise<Transaction> {
  const simulate = deps.pixProvider.simulatePayment;
  if (!simulate) throw new GatewayError('not_found', 'Página não encontrada');
  return applyPixPayment(deps, transaction, { ...(await simulate(transaction)), by: 'buyer' });
}
