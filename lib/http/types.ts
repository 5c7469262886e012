import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

export type ApiEvent = APIGatewayProxyEvent;
export type ApiResult = APIGatewayProxyResult;
export type { Context };

/** Renders any error thrown by a handler into this surface's own error format. */
export type ErrorRenderer = (error: unknown, request: { requestId: string; path: string; method?: string }) => ApiResult;
