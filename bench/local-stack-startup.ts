/**
 * `npm run bench:startup`: how long the local stack takes to be ready (in memory, free ports),
 * phase by phase, over a few runs. Prints figures; asserts nothing.
 */
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';
import { loadStageDefinitions } from '../scripts/local/stage-definitions';

const runs = Number(process.argv[2] ?? 3);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = Date.now();
  const result = await work();
  return [result, Date.now() - started];
};

const [definitions, printMs] = await timed(() => loadStageDefinitions('sandbox'));
console.log(`serverless print (resolve serverless.yml): ${seconds(printMs)}`);

for (let run = 1; run <= runs; run++) {
  const [emulatorsOnly, emulatorsMs] = await timed(() => startEphemeralStack({ name: 'bench', withOffline: false, definitions }));
  await emulatorsOnly.stop();
  const [full, fullMs] = await timed(() => startEphemeralStack({ name: 'bench', withOffline: true, definitions }));
  const [, coldMs] = await timed(() => fetch(`${full.baseUrl}/v1/health`));
  const [, warmMs] = await timed(() => fetch(`${full.baseUrl}/v1/health`));
  console.log(
    `run ${run}: emulators + tables ${seconds(emulatorsMs)}, with serverless offline ${seconds(fullMs)}, first /v1/health ${seconds(coldMs)}, next ${seconds(warmMs)}`,
  );
  await full.stop();
}
