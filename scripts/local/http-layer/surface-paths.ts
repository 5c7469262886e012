/**
 * Which surface a path belongs to: the gateway's under /v1 (serverless.yml), the S3-compatible storage's everywhere
 * else. Paths are as sent, without the query.
 */
export const GATEWAY_PREFIX = '/v1';

export const isUnder = (prefix: string, path: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

export const isGatewayPath = (path: string): boolean => isUnder(GATEWAY_PREFIX, path);

export const isStoragePath = (path: string): boolean => !isGatewayPath(path);

/** The path of a request target (`/a/b?x`), or `/` when the request line had none. */
export const pathOfTarget = (target: string | undefined): string =>
  typeof target === 'string' ? (target.split('?')[0] ?? '') : '/';
