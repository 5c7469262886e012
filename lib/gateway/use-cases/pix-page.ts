import type { PixCharge } from '../domain/pix-charge';
import type { Transaction } from '../domain/transaction';
import { GatewayError } from '../errors';
import type { GatewayDependencies } from './dependencies';
import { findByPage } from './hosted-page-payment';

/** The Pix charge behind a hosted Pix page (`/v1/pix/<uuid>`); another method's uuid is not found here. */
export async function findPixCharge(
  deps: GatewayDependencies,
  pageUuid: string,
): Promise<{ transaction: Transaction; charge: PixCharge }> {
  const transaction = await findByPage(deps, pageUuid);
  if (transaction.flow !== 'pix' || !transaction.pix) throw new GatewayError('not_found', 'Página não encontrada');
  return { transaction, charge: transaction.pix };
}
