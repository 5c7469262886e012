import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../../lib/storage/auth/request-authenticator';
import type { S3Request } from '../../../../lib/storage/requests/s3-request';
import { Sha256 } from '../../../support/sha256-checksum';

const KEY = 'AKIANOTIFYTEST000001';
const SECRET = 'notify-test-secret';
const user = { id: 'u1', displayName: 'U', email: 'u@example.com', accessKey: KEY, createdAt: '' };
const keys = { resolveAccessKey: async (key: string) => (key === KEY ? { user, secretKey: SECRET } : undefined) };

/** A request signed as botocore's SNS client signs one: service `sns`, the body's hash signed but not sent as a header. */
async function snsSigned(path: string, body: string, bucket?: string): Promise<S3Request> {
  const signer = new SignatureV4({
    service: 'sns',
    region: 'us-east-1',
    credentials: { accessKeyId: KEY, secretAccessKey: SECRET },
    sha256: Sha256,
    applyChecksum: false,
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'http:',
    hostname: 'localhost',
    path,
    query: {},
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
  const headers = Object.fromEntries(
    Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), [String(value)]]),
  );
  expect(headers['x-amz-content-sha256']).toBeUndefined();
  return {
    method: 'POST',
    rawPath: path,
    path,
    host: 'localhost',
    ...(bucket ? { bucket } : {}),
    virtualHost: false,
    query: [],
    headers,
    body: Buffer.from(body),
    requestId: 'r',
  };
}

describe('SigV4 with service sns', () => {
  it('authenticates the topic API (POST /) without an x-amz-content-sha256 header, the body hash checked', async () => {
    const request = await snsSigned('/', 'Action=ListTopics&Version=2010-03-31');
    await expect(authenticate(request, keys, new Date())).resolves.toMatchObject({ principal: { kind: 'user', user } });
    const tampered = { ...request, body: Buffer.from('Action=DeleteTopic&Version=2010-03-31') };
    await expect(authenticate(tampered, keys, new Date())).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });

  it('refuses the sns scope on any other request', async () => {
    const request = await snsSigned('/bucket', 'x', 'bucket');
    const error = await authenticate(request, keys, new Date()).catch((failure: { code: string; message: string }) => failure);
    expect(error).toMatchObject({ message: expect.stringContaining('expecting "s3"') });
  });
});
