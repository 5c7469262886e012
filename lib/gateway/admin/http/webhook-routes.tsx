import type { ApiResult } from '../../../http';
import { seeOther } from '../../../http/web';
import { maskCardNumbers } from '../../../log';
import { GatewayError } from '../../errors';
import { parseDeliverySortKey } from '../../table/gateway-table';
import { addWebhook } from '../../use-cases/webhook-endpoints';
import { DeliveriesPage } from '../views/deliveries-page';
import { WebhookSettingsPage } from '../views/webhook-settings-page';
import { adminCursor } from './admin-cursor';
import { page, type SignedInRequest } from './admin-endpoint';

const DELIVERIES_PER_PAGE = 25;

/** GET /v1/admin/settings: the merchant's webhook endpoints. POST: add (the secret is on this answer only) or remove one. */
export async function webhookSettings(request: SignedInRequest): Promise<ApiResult> {
  const { deps, session, form, frame } = request;
  const merchantId = session.merchantId;
  const render = async (extra: Partial<Parameters<typeof WebhookSettingsPage>[0]> = {}, status = 200) =>
    page(status, <WebhookSettingsPage {...frame} webhooks={await deps.gateway.webhooks.list(merchantId)} {...extra} />);
  if (request.event.httpMethod !== 'POST') return render();

  if (form.action === 'remove') {
    const removed = await deps.gateway.webhooks.remove(merchantId, String(form.id ?? ''));
    if (removed) await audit(request, 'webhook_removed', removed.url);
    return seeOther(`${request.base}/settings`);
  }
  try {
    const created = await addWebhook(deps.gateway, merchantId, form.url);
    await audit(request, 'webhook_added', created.webhook.url);
    // Rendered, not redirected: the secret must not travel in a URL or be stored to show it again.
    return render({ created });
  } catch (error) {
    if (!(error instanceof GatewayError) || error.kind !== 'invalid_request') throw error;
    return render({ problem: error.message, url: maskCardNumbers(String(form.url ?? '')).slice(0, 2048) }, 400);
  }
}

/** GET /v1/admin/deliveries: deliveries with their attempts. POST {delivery}: resend one that is not pending. */
export async function webhookDeliveries(request: SignedInRequest): Promise<ApiResult> {
  const { deps, session, form, frame } = request;
  if (request.event.httpMethod === 'POST') {
    const key = String(form.delivery ?? '');
    const resent = await deps.outbox.scheduleResend(session.merchantId, key, deps.now().toISOString());
    if (resent) await audit(request, 'webhook_resent', parseDeliverySortKey(key)?.eventId ?? key);
    return seeOther(`${request.base}/deliveries?${resent ? 'resent=1' : 'resent=0'}`);
  }
  const query = request.event.queryStringParameters ?? {};
  const cursor = adminCursor(request, 'deliveries');
  const result = await deps.outbox.listDeliveries(session.merchantId, DELIVERIES_PER_PAGE, cursor.open(query.cursor));
  const notice =
    query.resent === '1'
      ? 'Resend scheduled: it goes out within seconds.'
      : query.resent === '0'
        ? 'That delivery is already pending (or unknown): nothing to resend.'
        : undefined;
  return page(
    200,
    <DeliveriesPage
      {...frame}
      deliveries={result.deliveries}
      nextCursor={cursor.sign(result.next)}
      first={!query.cursor}
      notice={notice}
    />,
  );
}

async function audit(request: SignedInRequest, action: 'webhook_added' | 'webhook_removed' | 'webhook_resent', outcome: string) {
  await request.deps.audit.record(request.session.merchantId, {
    at: request.deps.now().toISOString(),
    action,
    actor: request.session.email,
    outcome,
    ...request.origin,
  });
}
