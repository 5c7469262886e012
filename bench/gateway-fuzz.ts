/**
 * `npm run fuzz:gateway [runs] [seed]`: the gateway fuzz suite (test/fuzz/gateway-fuzz.test.ts) at full size,
 * 10,000 generated requests by default, against its own local stack. Prints requests sent, answers per status,
 * 5xx seen and every request whose answer broke a rule; exits non-zero when there is one.
 */
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';
import { prepareFuzzContext } from '../test/support/fuzz/fuzz-context';
import { runGatewayFuzz } from '../test/support/fuzz/run-fuzz';

const RUNS = Number(process.argv[2] ?? 10_000);
const SEED = Number(process.argv[3] ?? 20260413);

const stack = await startEphemeralStack({ name: 'fuzz-gateway', withOffline: true });
try {
  const report = await runGatewayFuzz(await prepareFuzzContext(stack.baseUrl, stack.context), { runs: RUNS, seed: SEED });
  console.log(`gateway fuzz, seed ${SEED}: ${report.sent} requests in ${report.seconds.toFixed(0)} s`);
  console.log(`  answers by status: ${JSON.stringify(report.byStatus)}`);
  console.log(`  5xx seen: ${report.serverErrors}; answers breaking a rule: ${report.failures.length}`);
  for (const failure of report.failures.slice(0, 40)) {
    const { method, target, headers, body } = failure.request;
    console.log(`\n  ${failure.problems.join(', ')} <- ${method} ${target.slice(0, 200)}`);
    console.log(`    headers ${JSON.stringify(headers).slice(0, 300)}`);
    if (body) console.log(`    body ${body.slice(0, 300)}`);
    console.log(`    answer ${failure.status}: ${failure.body.slice(0, 300)}`);
  }
  process.exitCode = report.failures.length > 0 ? 1 : 0;
} finally {
  await stack.stop();
}
