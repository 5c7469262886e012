import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Stage } from '../config';
import { logger as containerLogger } from '../log';
import type { MetricsSink } from '../metrics';
import { accessLog } from './middlewares/access-log';
import { errorResponder } from './middlewares/error-responder';
import { requestIdHeaders } from './middlewares/request-id';
import { requestMetrics, type Surface } from './middlewares/request-metrics';
import type { ApiEvent, ApiResult, Context, ErrorRenderer } from './types';

export interface EndpointOptions {
  /** Which surface the function serves: requests are counted per surface and operation. */
  surface: Surface;
  /** This surface's error format. */
  renderError: ErrorRenderer;
  /** Header names that carry the request id on every response. */
  requestIdHeaders?: readonly string[];
  logger?: Logger;
  /** The container's metrics sink (handlers pass the accessor in: lib/http/container-wiring.ts). */
  metrics: () => MetricsSink;
  /** The stage, for error pages that show it (the web UIs' banner); given to the renderer as `stage`. */
  stage?: () => Stage;
}

export type EndpointHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/**
 * The middy stack every HTTP function shares: Lambda context on every log line, one access-log
 * line and one metrics document per request, the request id on every response, and errors rendered in the surface's
 * own format (nothing else leaks).
 */
export function httpEndpoint(handler: EndpointHandler, options: EndpointOptions) {
  const log = options.logger ?? containerLogger();
  return middy<ApiEvent, ApiResult>()
    .use(injectLambdaContext(log, { resetKeys: true }))
    .use(accessLog(log))
    .use(requestMetrics(options.surface, options.metrics))
    .use(requestIdHeaders(options.requestIdHeaders ?? ['x-request-id']))
    .use(errorResponder(withStage(options.renderError, options.stage), log))
    .handler(handler);
}

function withStage(render: ErrorRenderer, stage: (() => Stage) | undefined): ErrorRenderer {
  return stage ? (error, request) => render(error, { ...request, stage: stageOrSandbox(stage) }) : render;
}

/** The error page must render even when the configuration is what failed: then it says sandbox, the cautious banner. */
function stageOrSandbox(stage: () => Stage): Stage {
  try {
    return stage();
  } catch {
    return 'sandbox';
  }
}
