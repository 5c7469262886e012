/** Why a gateway request failed, in the domain's words; lib/gateway/http/error-catalogue.ts gives each its code and status. */
export type GatewayErrorKind =
  | 'invalid_credentials'
  | 'invalid_return_url'
  | 'invalid_request'
  | 'invalid_payment_method'
  | 'not_found'
  | 'transition_not_allowed'
  | 'acquirer_unavailable'
  | 'idempotency_mismatch';

export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    readonly kind: GatewayErrorKind,
    message?: string,
    /** The transaction as it stands, when the error concerns one (e.g. a refused transition). */
    readonly transaction?: Record<string, unknown>,
  ) {
    super(message ?? kind);
  }
}

export class MerchantAlreadyExistsError extends Error {
  override name = 'MerchantAlreadyExistsError';
}

export class AdminUserAlreadyExistsError extends Error {
  override name = 'AdminUserAlreadyExistsError';
}

export class MerchantNotFoundError extends Error {
  override name = 'MerchantNotFoundError';
}

/** Another write changed the record between our read and our conditional write; retrying is safe. */
export class ConcurrentUpdateError extends Error {
  override name = 'ConcurrentUpdateError';
}
