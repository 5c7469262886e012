/**
 * A website request that failed with something other than an S3 error (a dependency outage, a bug). It travels to the
 * storage error renderer, which answers it as an HTML page (the website endpoint never answers XML) while the error
 * responder logs the failure, with its cause, as for any request.
 */
export class WebsiteRequestFailure extends Error {
  override name = 'WebsiteRequestFailure';
  constructor(override readonly cause: unknown) {
    super('Website request failed', { cause });
  }
}
