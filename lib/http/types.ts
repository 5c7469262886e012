import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Stage } from '../config';

export type ApiEvent = APIGatewayProxyEvent;
export type ApiResult = APIGatewayProxyResult;
export type { Context };

/** Renders any error thrown by a handler into this surface's own error format. */
export type ErrorRenderer = (
  error: unknown,
  /** `stage`: the web UIs' (admin, console) stage for the page's banner, sandbox when the configuration is what failed. */
  request: { requestId: string; path: string; method?: string; stage?: Stage },
) => ApiResult;
