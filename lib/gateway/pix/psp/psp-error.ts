import { GatewayError, type GatewayErrorKind } from '../../errors';

/** Why a call to the merchant's Pix PSP failed. */
export type PixPspFailure =
  | 'unavailable' // 5xx or 429 on every attempt
  | 'timeout' // no answer in time on every attempt
  | 'certificate' // mutual TLS failed: our certificate refused, or the PSP's not trusted
  | 'authentication' // OAuth credentials refused, a token refused even after one refresh, or a missing scope
  | 'rejected' // the PSP refused the request (400 problem+json)
  | 'not_found'
  | 'protocol' // an answer that is not what the API Pix specifies
  | 'configuration'; // the merchant's PSP settings are unusable (bad URL, unreadable certificate or key)

const KINDS: Record<PixPspFailure, GatewayErrorKind> = {
  unavailable: 'acquirer_unavailable',
  timeout: 'acquirer_unavailable',
  certificate: 'acquirer_unavailable',
  authentication: 'acquirer_unavailable',
  rejected: 'invalid_request',
  not_found: 'not_found',
  protocol: 'acquirer_unavailable',
  configuration: 'acquirer_unavailable',
};

/**
 * A gateway error (so the gateway's error catalogue gives it its `erro` envelope and status) that says what went
 * wrong with the PSP. Its message and details are built from our own words, the HTTP status and the PSP's problem
 * title and property names: never a header, a body, a token, a secret or a certificate.
 */
export class PixPspError extends GatewayError {
  override name = 'PixPspError';
  constructor(
    readonly failure: PixPspFailure,
    message: string,
    readonly details: { status?: number; attempts?: number; violacoes?: { razao: string; propriedade: string }[] } = {},
  ) {
    super(KINDS[failure], message);
  }
}
