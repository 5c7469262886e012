import { isForbiddenAddress } from '../../delivery/target-policy';
import { GatewayError } from '../errors';
import { sealSecret } from '../webhooks/secret-box';
import { MAX_WEBHOOKS_PER_MERCHANT, newWebhookId, newWebhookSecret, type Webhook, webhookView } from '../webhooks/webhook';
import { checkWebhookUrl } from '../webhooks/webhook-url';
import type { GatewayDependencies } from './dependencies';
import { openAccess } from './merchant-access';

type WebhookDeps = Pick<
  GatewayDependencies,
  'store' | 'webhooks' | 'serverSecret' | 'webhookAllowPrivate' | 'resolveHost' | 'now'
>;

/**
 * Registers an endpoint for a merchant (API or admin UI): the URL must pass the SSRF policy by itself and by every
 * address its host resolves to now (delivery checks again, after each resolution). The secret is returned once.
 */
export async function addWebhook(
  deps: WebhookDeps,
  merchantId: string,
  rawUrl: unknown,
): Promise<{ webhook: Webhook; segredo: string }> {
  const verdict = checkWebhookUrl(rawUrl, deps.webhookAllowPrivate);
  if (!verdict.ok) throw new GatewayError('invalid_request', `url: ${verdict.reason}`);
  if (!deps.webhookAllowPrivate) {
    const host = verdict.url.hostname.replace(/^\[|\]$/g, '');
    const addresses = await deps.resolveHost(host).catch(() => [] as string[]);
    if (addresses.length === 0) throw new GatewayError('invalid_request', 'url: o host não resolve');
    if (addresses.some(isForbiddenAddress)) throw new GatewayError('invalid_request', 'url: endereço interno não permitido');
  }
  const existing = await deps.webhooks.list(merchantId);
  if (existing.length >= MAX_WEBHOOKS_PER_MERCHANT) {
    throw new GatewayError('invalid_request', `no máximo ${MAX_WEBHOOKS_PER_MERCHANT} webhooks por loja`);
  }
  const segredo = newWebhookSecret();
  const webhook: Webhook = {
    id: newWebhookId(),
    merchantId,
    url: verdict.url.href,
    sealedSecret: sealSecret(await deps.serverSecret(), segredo),
    createdAt: deps.now().toISOString(),
  };
  await deps.webhooks.add(webhook);
  return { webhook, segredo };
}

/** POST /v1/webhooks {token, url} → 201 {"webhook": {id, url, segredo, criado_em}}. */
export async function registerWebhook(deps: WebhookDeps, input: { body: unknown }) {
  const body = (typeof input.body === 'object' && input.body !== null ? input.body : {}) as Record<string, unknown>;
  const access = await openAccess(deps.store, { token: body.token });
  const { webhook, segredo } = await addWebhook(deps, access.merchant.merchantId, body.url);
  return { statusCode: 201, body: { webhook: webhookView(webhook, segredo) } };
}

/** GET /v1/webhooks?token= → 200 {"webhooks": [{id, url, criado_em}]} (never the secret). */
export async function listWebhooks(deps: WebhookDeps, input: { token: unknown }) {
  const access = await openAccess(deps.store, { token: input.token });
  const webhooks = await deps.webhooks.list(access.merchant.merchantId);
  return { statusCode: 200, body: { webhooks: webhooks.map((webhook) => webhookView(webhook)) } };
}

/** DELETE /v1/webhooks/{id}?token= → 200 {"webhook": {id, url, criado_em}}; another merchant's id is unknown (404). */
export async function deleteWebhook(deps: WebhookDeps, input: { token: unknown; webhookId: string }) {
  const access = await openAccess(deps.store, { token: input.token });
  const removed = /^wh_[0-9a-f]{24}$/.test(input.webhookId)
    ? await deps.webhooks.remove(access.merchant.merchantId, input.webhookId)
    : undefined;
  if (!removed) throw new GatewayError('not_found', `Webhook ${input.webhookId.slice(0, 40)} não encontrado`);
  return { statusCode: 200, body: { webhook: webhookView(removed) } };
}
