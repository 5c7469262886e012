import type { AcquirerReference, AuthorizationOutcome } from '../acquirer';

/** e.Rede's transaction fields the connector reads (an authorization's answer, or `authorization` in a query). */
export interface ERedeTransaction {
  returnCode?: string;
  returnMessage?: string;
  reference?: string;
  tid?: string;
  nsu?: string;
  authorizationCode?: string;
  dateTime?: string;
  /** Queries only: Approved, Denied, Canceled, Pending. */
  status?: string;
}

/** returnCode of an approved authorization or capture. */
export const EREDE_APPROVED = '00';
/** returnCodes of a refund accepted (done, or requested and to be done by Rede). */
export const EREDE_REFUNDED = new Set(['359', '360']);

export function eredeReference(transaction: ERedeTransaction, at: string): AcquirerReference {
  return {
    tid: transaction.tid ?? '',
    nsu: transaction.nsu ?? '',
    authorizationCode: transaction.authorizationCode || null,
    returnCode: transaction.returnCode ?? '',
    ...(transaction.returnMessage ? { returnMessage: transaction.returnMessage } : {}),
    at,
  };
}

/** An authorization's answer: returnCode 00 approves; any other code is Rede's refusal (its code and message kept). */
export function eredeOutcome(transaction: ERedeTransaction, captured: boolean, at: string): AuthorizationOutcome {
  const reference = eredeReference(transaction, at);
  if (transaction.returnCode === EREDE_APPROVED) return { approved: true, captured, reference };
  return { approved: false, reason: 'declined', reference };
}
