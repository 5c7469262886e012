/**
 * `npm run bench:admin`: the admin UI's list and search pages at 10k and then 100k transactions for
 * one merchant. Latency (p50/p99) is measured through serverless offline with a logged-in session
 * (session read + query + rendering); the DynamoDB queries each page costs come from the store itself.
 * Items are written with BatchWrite (the same items the API writes). Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { SandboxAcquirer } from '../lib/gateway/acquirers/sandbox-acquirer';
import { writeTransactions } from '../lib/gateway/admin/demo/bulk-transaction-store';
import { demoTransactions, seededRandom } from '../lib/gateway/admin/demo/demo-transactions';
import { parseSearch } from '../lib/gateway/admin/search/search-criteria';
import type { Transaction } from '../lib/gateway/domain/transaction';
import { DynamoTransactionStore } from '../lib/gateway/transactions/dynamo-transaction-store';
import { ADMIN_SEARCH_READS } from '../lib/gateway/transactions/query/transaction-query-plan';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';

const RUNS = Number(process.argv[2] ?? 30);
const SIZES = [10_000, 100_000];
const MERCHANT = { id: 'm-bench-admin', name: 'Bench Store', acquirerAMode: 'loja_sem_autenticacao' as const };

const stack = await startEphemeralStack({ name: 'bench-admin', withOffline: true });
try {
  const { documents } = stack.context.clients;
  const table = stack.context.names.gatewayTable;
  await stack.context.merchants.create({ ...MERCHANT, token: randomUUID() });
  const password = randomUUID();
  await stack.context.merchants.createAdminUser({ merchantId: MERCHANT.id, email: 'bench@admin.test', password });
  const cookie = await logIn(stack.baseUrl, 'bench@admin.test', password);
  const store = new DynamoTransactionStore(documents, table, 1000);
  let written: Transaction[] = [];
  const rows: string[][] = [];

  for (const size of SIZES) {
    const started = performance.now();
    const batch = await demoTransactions(
      {
        merchant: MERCHANT,
        count: size - written.length,
        days: 365,
        now: new Date(),
        baseUrl: stack.baseUrl,
        nextId: () => store.nextId(),
        newUuid: randomUUID,
        random: seededRandom(size),
      },
      new SandboxAcquirer(),
    );
    await writeTransactions(documents, table, batch);
    written = written.concat(batch);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${size} transactions for one merchant (${batch.length} written in ${seconds.toFixed(0)} s, ${(batch.length / seconds).toFixed(0)} items/s)`,
    );

    const sample = written[Math.floor(written.length / 2)] as Transaction;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const scenarios: [string, string][] = [
      ['list, first page', ''],
      ['list, page 50 (cursor)', 'CURSOR'],
      ['order number (GSI3)', `order=${sample.orderNumber}`],
      ['id', `id=${sample.id}`],
      ['status + last 7 days', `status=paga&from=${weekAgo}`],
      ['buyer name + amount range', 'buyer=beatriz&min=100&max=500'],
      ['document (1 match in all)', `buyer=${sample.buyer?.documento}`],
    ];
    for (const [label, query] of scenarios) {
      const search = query === 'CURSOR' ? await cursorAt(stack.baseUrl, cookie, 49) : query;
      const parsed = parseSearch(Object.fromEntries(new URLSearchParams(search)));
      // The store's own read of that page (its query count): the cursor, signed for the UI, is followed through it.
      const page = await store.search({
        merchantId: MERCHANT.id,
        criteria: parsed.criteria,
        after: parsed.cursor?.split('.')[0],
        pageSize: 25,
        reads: ADMIN_SEARCH_READS,
      });
      const latencies = await timePage(stack.baseUrl, cookie, search);
      rows.push([
        String(size),
        label,
        latencies.p50,
        latencies.p99,
        String(page.queries),
        `${page.transactions.length}${page.partial ? ' (partial, more on next page)' : ''}`,
      ]);
    }
  }
  console.log(`\nGET /v1/admin/transactions, ${RUNS} sequential requests per line after a warm-up:`);
  const header = ['merchant size', 'page', 'p50 ms', 'p99 ms', 'DynamoDB queries', 'rows'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  console.log('(every page also reads its session: one GetItem)');
} finally {
  await stack.stop();
}

/** The query string of page `n` of the unfiltered list (following the UI's Next links like a merchant clicking them). */
async function cursorAt(baseUrl: string, cookie: string, pages: number): Promise<string> {
  let query = '';
  for (let i = 0; i < pages; i++) {
    const html = await (await fetch(`${baseUrl}/v1/admin/transactions${query}`, { headers: { cookie } })).text();
    const cursor = /[?&]cursor=([^"&]+)/.exec(html)?.[1];
    if (!cursor) throw new Error(`no page ${i + 2}`);
    query = `?cursor=${cursor}`;
  }
  return query.slice(1);
}

async function timePage(baseUrl: string, cookie: string, query: string) {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/v1/admin/transactions${query ? `?${query}` : ''}`, { headers: { cookie } });
    await response.text();
    if (response.status !== 200) throw new Error(`page answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await get();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await get());
  times.sort((a, b) => a - b);
  const pick = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  return { p50: pick(0.5), p99: pick(0.99) };
}

async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const form = await fetch(`${baseUrl}/v1/admin/login`);
  const preLogin = form.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const reply = await fetch(`${baseUrl}/v1/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: preLogin },
    body: new URLSearchParams({ _csrf: csrf, email, password }).toString(),
  });
  const session = reply.headers.getSetCookie().find((line) => line.startsWith('gw_admin_session='));
  if (!session) throw new Error(`login failed (${reply.status})`);
  return session.split(';')[0] as string;
}
