import HTTP_LAYER_PAGES from '../http/http-layer-pages.json' with { type: 'json' };

/**
 * Every route the gateway serves under /v1 (serverless.yml), as API Gateway names its resource, with its methods.
 * The route fallback answers the other methods of these paths with 405 and this list in `Allow`;
 * test/integration/deploy-template.test.ts fails when this table and the template disagree.
 */
export const GATEWAY_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/v1/health': ['GET'],
  '/v1/_diagnostics/echo': ['POST'],
  '/v1/transacao': ['GET', 'POST'],
  '/v1/transacao/{id}': ['GET'],
  '/v1/transacao/{id}/capturar': ['POST'],
  '/v1/transacao/{id}/estornar': ['POST'],
  '/v1/transacao/{id}/simular_pagamento': ['POST'],
  '/v1/pix/loc/{locationId}': ['GET'],
  '/v1/pix/jwks.json': ['GET'],
  '/v1/pix/psp/{merchantId}/{callbackSecret}/pix': ['POST'],
  '/v1/webhooks': ['GET', 'POST'],
  '/v1/webhooks/{id}': ['DELETE'],
  '/v1/openapi.json': ['GET'],
  '/v1/docs': ['GET'],
  '/v1/admin': ['GET'],
  '/v1/admin/login': ['GET', 'POST'],
  '/v1/admin/logout': ['POST'],
  '/v1/admin/transactions': ['GET'],
  '/v1/admin/transactions.csv': ['GET'],
  '/v1/admin/transactions/{id}': ['GET'],
  '/v1/admin/transactions/{id}/{action}': ['GET', 'POST'],
  '/v1/admin/activity': ['GET'],
  '/v1/admin/settings': ['GET', 'POST'],
  '/v1/admin/deliveries': ['GET', 'POST'],
  '/v1/admin/boletos': ['GET', 'POST'],
  '/v1/acquirerA/{uuid}': ['GET', 'POST'],
  '/v1/acquirerB_web/{uuid}': ['GET', 'POST'],
  '/v1/bankA_shopline/{uuid}': ['GET', 'POST'],
  '/v1/boleto/{uuid}': ['GET'],
  '/v1/pix/{uuid}': ['GET'],
  '/v1/pix/{uuid}/status': ['GET'],
  '/v1/pix/{uuid}/simular': ['POST'],
  '/v1/pix/pix-page.js': ['GET'],
  '/v1/console': ['GET', 'POST'],
  '/v1/console/sign-in': ['GET', 'POST'],
  '/v1/console/sign-out': ['POST'],
  '/v1/console/console.js': ['GET'],
  '/v1/console/buckets/{bucket}': ['GET', 'POST'],
  '/v1/console/buckets/{bucket}/object': ['GET', 'POST'],
  '/v1/console/buckets/{bucket}/download': ['GET'],
  '/v1/console/buckets/{bucket}/uploads': ['POST'],
};

/** The methods of a resource (API Gateway's `event.resource`), HEAD with GET; none for a path the gateway does not serve. */
export function allowedMethods(resource: string | undefined): string[] {
  const methods = (resource && Object.hasOwn(GATEWAY_ROUTES, resource) ? GATEWAY_ROUTES[resource] : undefined) ?? [];
  return methods.includes('GET') ? [...methods, 'HEAD'] : [...methods];
}

/**
 * Where a browser lands (admin UI, hosted pages, boleto slips, the docs and the storage console): refusals are pages
 * there. The HTTP layer's own refusals use the same list (http-layer-pages.json, read by scripts/local/http-layer).
 */
export function isPagePath(path: string): boolean {
  return HTTP_LAYER_PAGES.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function isAdminPath(path: string): boolean {
  return path === '/v1/admin' || path.startsWith('/v1/admin/');
}
