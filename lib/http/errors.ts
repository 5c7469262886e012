/** The request body is not the JSON document the endpoint expects. */
export class MalformedJsonError extends Error {
  override name = 'MalformedJsonError';
  constructor() {
    super('The request body is not valid JSON');
  }
}

/** The endpoint exists but is switched off on this stage (e.g. diagnostics in production). */
export class EndpointDisabledError extends Error {
  override name = 'EndpointDisabledError';
  constructor() {
    super('This endpoint is not enabled on this stage');
  }
}

/** The path exists but not for this method; `allowed` goes out in the Allow header. */
export class MethodNotAllowedError extends Error {
  override name = 'MethodNotAllowedError';
  constructor(readonly allowed: readonly string[]) {
    super('This method is not allowed on this path');
  }
}
