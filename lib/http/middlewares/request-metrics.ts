import type { MiddlewareObj } from '@middy/core';
import { type MetricsSink, statusClassOf } from '../../metrics';
import type { ApiEvent, ApiResult, Context } from '../types';

/** The surfaces requests are counted under: a closed set, as every dimension value is. */
export type Surface = 'gateway' | 'pages' | 'admin' | 'console' | 'storage' | 'diagnostics';

/**
 * The function's own name (`createTransaction`, `storageObject`) from the Lambda context's `<service>-<stage>-<name>`: the
 * operation a request counts under. A closed set as well (the functions of serverless.yml), never anything the client sent.
 */
export function operationOf(context: Pick<Context, 'functionName'>): string {
  const name = context.functionName ?? '';
  return /^[a-z0-9]+-[a-z0-9]+-(.+)$/i.exec(name)?.[1] ?? (name || 'unknown');
}

/**
 * One count and one latency per request, by surface, operation and status class (CloudWatch EMF). Runs its `onError`
 * after the error responder (middy unwinds in reverse order), so refusals count under the status the client saw.
 */
export function requestMetrics(surface: Surface, sink: () => MetricsSink): MiddlewareObj<ApiEvent, ApiResult> {
  const started = new WeakMap<object, number>();
  const record: MiddlewareObj<ApiEvent, ApiResult>['after'] = (request) => {
    const status = request.response?.statusCode ?? 500;
    sink().emit(
      { Surface: surface, Operation: operationOf(request.context), StatusClass: statusClassOf(status) },
      { requests: 1, latency: Date.now() - (started.get(request) ?? Date.now()) },
    );
  };
  return {
    name: 'requestMetrics',
    before: (request) => {
      started.set(request, Date.now());
    },
    after: record,
    onError: record,
  };
}
