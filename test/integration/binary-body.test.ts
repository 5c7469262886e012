import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testStack } from '../support/stack';

const { baseUrl } = testStack();
const oneMiB = randomBytes(1024 * 1024);

/**
 * serverless-offline decodes every body that is not octet-stream or multipart as UTF-8; our patch
 * (patches/serverless-offline+*.patch) makes it base64-encode them as API Gateway does with
 * binaryMediaTypes ['*\/*'], so the bytes reach the handler and S3 intact.
 */
describe('POST /v1/_diagnostics/echo through serverless offline', () => {
  it.each([['image/png'], ['text/plain'], [undefined]])(
    'returns a 1 MiB random body byte-exact with Content-Type %s',
    async (contentType) => {
      const response = await fetch(`${baseUrl}/v1/_diagnostics/echo`, {
        method: 'POST',
        // fetch adds text/plain to a string body only; a Uint8Array body goes without Content-Type.
        headers: contentType ? { 'content-type': contentType } : {},
        body: new Uint8Array(oneMiB),
      });
      expect(response.status).toBe(200);
      const echoed = Buffer.from(await response.arrayBuffer());
      expect(echoed.length).toBe(oneMiB.length);
      expect(echoed.equals(oneMiB)).toBe(true);
      expect(response.headers.get('x-request-id')).toMatch(/.+/);
    },
  );

  it('keeps bytes that are not valid UTF-8 under text/plain', async () => {
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0xff, 0xfe, 0x00, 0x80]);
    const response = await fetch(`${baseUrl}/v1/_diagnostics/echo`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=iso-8859-1' },
      body: new Uint8Array(latin1),
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(latin1)).toBe(true);
  });

  it.each(['null', 'false', '0'])('keeps a JSON body of %s (falsy once parsed) as the bytes sent', async (text) => {
    const response = await fetch(`${baseUrl}/v1/_diagnostics/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(text);
  });
});

describe('GET /v1/health', () => {
  it('reaches the real DynamoDB Local and S3 emulator through a handler', async () => {
    const response = await fetch(`${baseUrl}/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      stage: 'sandbox',
      healthy: true,
      checks: { gatewayTable: 'ok', storageTable: 'ok', blobBucket: 'ok' },
    });
  });
});
