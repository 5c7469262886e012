/** A console address that names nothing (unknown action, missing key). */
export class ConsoleNotFoundError extends Error {
  override name = 'ConsoleNotFoundError';
  constructor() {
    super('There is nothing at this address.');
  }
}
