export { CsrfRefusedError } from '../../../http/web';

/** An admin URL that names nothing (unknown action, malformed id). */
export class AdminNotFoundError extends Error {
  override name = 'AdminNotFoundError';
  constructor() {
    super('There is nothing at this address.');
  }
}
