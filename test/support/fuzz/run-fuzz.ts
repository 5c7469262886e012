import fc from 'fast-check';
import { httpFrom } from '../http-from';
import { FUZZ_ADDRESS, type FuzzContext } from './fuzz-context';
import { problemsOf } from './reply-checks';
import { adminRequests, apiRequests, type FuzzRequest, pageRequests } from './request-arbitraries';

export interface FuzzReport {
  sent: number;
  byStatus: Record<number, number>;
  serverErrors: number;
  failures: { request: FuzzRequest; status: number; problems: string[]; body: string }[];
  seconds: number;
}

/**
 * `runs` requests drawn with a fixed seed (the same requests every time for a seed), split between the JSON API
 * (half), the hosted pages and the admin UI (a quarter each), sent `concurrency` at a time from FUZZ_ADDRESS; every
 * answer checked by problemsOf.
 */
export async function runGatewayFuzz(
  context: FuzzContext,
  options: { runs: number; seed: number; concurrency?: number },
): Promise<FuzzReport> {
  const all = fc.oneof(
    { weight: 2, arbitrary: apiRequests(context) },
    { weight: 1, arbitrary: pageRequests(context) },
    { weight: 1, arbitrary: adminRequests(context) },
  );
  const requests = fc.sample(all, { seed: options.seed, numRuns: options.runs });
  const report: FuzzReport = { sent: 0, byStatus: {}, serverErrors: 0, failures: [], seconds: 0 };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as FuzzRequest;
      report.sent++;
      const reply = await httpFrom(FUZZ_ADDRESS, `${context.baseUrl}${request.target}`, request).catch((error: Error) => error);
      if (reply instanceof Error) {
        report.failures.push({ request, status: 0, problems: [`no answer (${reply.message})`], body: '' });
        continue;
      }
      report.byStatus[reply.status] = (report.byStatus[reply.status] ?? 0) + 1;
      if (reply.status >= 500) report.serverErrors++;
      const problems = problemsOf(request, reply);
      if (problems.length > 0) report.failures.push({ request, status: reply.status, problems, body: reply.text.slice(0, 400) });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));
  report.seconds = (performance.now() - started) / 1000;
  return report;
}
