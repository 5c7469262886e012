import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { servedOverHttps, serviceOrigin } from '../../../lib/http';
import { toS3Request } from '../../../lib/storage/http/s3-request-parser';
import { apiEvent } from '../../support/api-event';

const context = (fields: Record<string, string>) => fields as unknown as APIGatewayProxyEvent['requestContext'];
const forged = { Host: 'evil.example', 'X-Forwarded-Proto': 'https' };

describe('where this deployment is reached (issue 31): configuration or API Gateway, never client headers', () => {
  it('takes PUBLIC_BASE_URL first, without a trailing slash', () => {
    expect(serviceOrigin(apiEvent({ headers: forged }), 'https://pay.example.com/')).toBe('https://pay.example.com');
  });

  it("else API Gateway's domain name and stage prefix, over HTTPS", () => {
    const event = apiEvent({
      headers: forged,
      path: '/v1/transacao',
      requestContext: context({ domainName: 'abc123.execute-api.us-east-1.amazonaws.com', path: '/sandbox/v1/transacao' }),
    });
    expect(serviceOrigin(event)).toBe('https://abc123.execute-api.us-east-1.amazonaws.com/sandbox');
  });

  it("never the Host: serverless offline's placeholder domain or none falls back to http://localhost", () => {
    expect(
      serviceOrigin(apiEvent({ headers: forged, requestContext: context({ domainName: 'offlineContext_domainName' }) })),
    ).toBe('http://localhost');
    expect(serviceOrigin(apiEvent({ headers: forged }))).toBe('http://localhost');
    expect(servedOverHttps('http://127.0.0.1:3000')).toBe(false);
    expect(servedOverHttps('https://pay.example.com')).toBe(true);
  });

  it("the S3 request's X-Forwarded-Proto is the deployment's, whatever the client sent", () => {
    const event = apiEvent({ multiValueHeaders: { Host: ['127.0.0.1:3000'], 'X-Forwarded-Proto': ['https'] } });
    expect(toS3Request(event, 'localhost', 'http://127.0.0.1:3000').headers['x-forwarded-proto']).toEqual(['http']);
    const deployed = apiEvent({
      multiValueHeaders: { Host: ['s3.example.com'], 'X-Forwarded-Proto': ['http'] },
      requestContext: context({ domainName: 's3.example.com' }),
    });
    expect(toS3Request(deployed, 's3.example.com').headers['x-forwarded-proto']).toEqual(['https']);
  });
});
