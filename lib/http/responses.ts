import type { ApiResult } from './types';

type Headers = Record<string, string>;

export function jsonResponse(statusCode: number, body: unknown, headers: Headers = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

/** Bytes travel base64-encoded through API Gateway and come out byte-exact to the client. */
export function binaryResponse(statusCode: number, body: Buffer, headers: Headers = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/octet-stream', ...headers },
    body: body.toString('base64'),
    isBase64Encoded: true,
  };
}

export function xmlResponse(statusCode: number, xml: string, headers: Headers = {}): ApiResult {
  return { statusCode, headers: { 'content-type': 'application/xml', ...headers }, body: xml };
}
