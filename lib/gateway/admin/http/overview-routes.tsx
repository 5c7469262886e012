import type { ApiResult } from '../../../http';
import { summarise, windowStart } from '../overview/overview';
import { ActivityPage } from '../views/activity-page';
import { OverviewPage } from '../views/overview-page';
import { adminCursor } from './admin-cursor';
import { page, type SignedInRequest } from './admin-endpoint';

/** GET /v1/admin: totals per status and volume per day over the last 30 days. */
export async function showOverview(request: SignedInRequest): Promise<ApiResult> {
  const now = request.deps.now();
  const rows = await request.deps.transactions.createdSince(request.session.merchantId, windowStart(now));
  return page(200, <OverviewPage {...request.frame} overview={summarise(rows, now)} />);
}

/** GET /v1/admin/activity: the merchant's audit log, newest first. */
export async function showActivity(request: SignedInRequest): Promise<ApiResult> {
  const given = request.event.queryStringParameters?.cursor;
  const cursor = adminCursor(request, 'activity');
  const result = await request.deps.audit.list(request.session.merchantId, cursor.open(given));
  return page(
    200,
    <ActivityPage {...request.frame} entries={result.entries} nextCursor={cursor.sign(result.next)} first={!given} />,
  );
}
