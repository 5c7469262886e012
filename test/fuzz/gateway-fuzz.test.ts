import { beforeAll, describe, expect, it } from 'vitest';
import { type FuzzContext, prepareFuzzContext } from '../support/fuzz/fuzz-context';
import { runGatewayFuzz } from '../support/fuzz/run-fuzz';
import { testStack } from '../support/stack';

/** CI's share: about a minute on the test machine. `FUZZ_RUNS=10000` (or `npm run fuzz:gateway`) for a full run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4000);
const SEED = Number(process.env.FUZZ_SEED ?? 20260413);

const { baseUrl, stage } = testStack();
let context: FuzzContext;

beforeAll(async () => {
  context = await prepareFuzzContext(baseUrl, stage);
});

describe(`gateway fuzz (${RUNS} generated requests, seed ${SEED})`, () => {
  it('answers every request below 500, in its surface format, leaking nothing and echoing no card number', async () => {
    const report = await runGatewayFuzz(context, { runs: RUNS, seed: SEED });
    expect(report.sent).toBe(RUNS);
    expect(report.failures.slice(0, 10), JSON.stringify(report.byStatus)).toEqual([]);
  }, 600_000);
});
