/** A form came without a valid CSRF token for this session (or login page): refused, nothing done. */
export class CsrfRefusedError extends Error {
  override name = 'CsrfRefusedError';
  constructor() {
    super('The form expired or did not come from this site. Go back, reload the page and try again.');
  }
}

/** An admin URL that names nothing (unknown action, malformed id). */
export class AdminNotFoundError extends Error {
  override name = 'AdminNotFoundError';
  constructor() {
    super('There is nothing at this address.');
  }
}
