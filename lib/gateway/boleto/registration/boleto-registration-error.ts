/** A boleto file operation refused for a reason the operator can act on (no connection, a file for another bank). */
export class BoletoRegistrationError extends Error {
  override name = 'BoletoRegistrationError';
}
