/**
 * `npm run seed:transactions -- --merchant m-demo --count 3000 [--days 60] [--base-url http://127.0.0.1:3000] [--target local|aws] [--stage sandbox]`
 * Fills a merchant with plausible transactions so the admin UI can be tried as a new user would.
 * Refuses production: demo data must never mix with real payments.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { processEnv } from '../../lib/config';
import { SandboxAcquirer } from '../../lib/gateway/acquirers/sandbox-acquirer';
import { writeTransactions } from '../../lib/gateway/admin/demo/bulk-transaction-store';
import { demoTransactions } from '../../lib/gateway/admin/demo/demo-transactions';
import { DynamoTransactionStore } from '../../lib/gateway/transactions/dynamo-transaction-store';
import { connect, type Target } from '../cli/target';

const { values } = parseArgs({
  options: {
    merchant: { type: 'string' },
    count: { type: 'string', default: '3000' },
    days: { type: 'string', default: '60' },
    'base-url': { type: 'string' },
    target: { type: 'string', default: 'local' },
    stage: { type: 'string', default: 'sandbox' },
  },
});
const count = Number(values.count);
const days = Number(values.days);
if (!values.merchant || !Number.isInteger(count) || count < 1 || count > 1_000_000 || !Number.isInteger(days) || days < 1) {
  console.error('usage: npm run seed:transactions -- --merchant <id> [--count 1..1000000] [--days N]');
  process.exit(2);
}
if (values.stage !== 'sandbox') {
  console.error('seed:transactions writes demo data and only runs against the sandbox stage');
  process.exit(2);
}
const env = processEnv();
const baseUrl = values['base-url'] ?? `http://127.0.0.1:${env.PORT ?? '3000'}`;
// A local stack's emulators sit beside its API (PORT+1, PORT+2): --base-url names the stack, so its port is PORT.
const localPort = new URL(baseUrl).port || '80';
const stage = await connect(values.target as Target, 'sandbox', values.target === 'local' ? { ...env, PORT: localPort } : env);
const merchant = await stage.merchants.get(values.merchant);
if (!merchant) {
  console.error(`merchant ${values.merchant} does not exist (npm run cli -- merchant list)`);
  process.exit(2);
}
const started = performance.now();
// Blocks of 1,000 ids: the same counter as the API, so seeded ids never collide with real ones.
const ids = new DynamoTransactionStore(stage.clients.documents, stage.names.gatewayTable, 1000);
const transactions = await demoTransactions(
  { merchant, count, days, now: new Date(), baseUrl, nextId: () => ids.nextId(), newUuid: randomUUID },
  new SandboxAcquirer(),
);
await writeTransactions(stage.clients.documents, stage.names.gatewayTable, transactions);
console.log(
  `${count} transactions written for ${merchant.id} (ids ${transactions[0]?.id}…${transactions.at(-1)?.id}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
