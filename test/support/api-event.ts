import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

/** A REST API (v1) proxy event as API Gateway sends it, with the fields our stacks read. */
export function apiEvent(overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return {
    body: null,
    headers: {},
    multiValueHeaders: {},
    httpMethod: 'GET',
    isBase64Encoded: false,
    path: '/v1/test',
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    resource: '/v1/test',
    requestContext: { requestId: 'req-123' } as APIGatewayProxyEvent['requestContext'],
    ...overrides,
  };
}

export function lambdaContext(): Context {
  return {
    awsRequestId: 'aws-req-1',
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test',
    memoryLimitInMB: '128',
    logGroupName: '/aws/lambda/test',
    logStreamName: 'stream',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
