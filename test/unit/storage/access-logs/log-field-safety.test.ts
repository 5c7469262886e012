import { describe, expect, it } from 'vitest';
import { accessLogRecord } from '../../../../lib/storage/access-logs/access-log-record';
import { logSafeHost, maskSignatures } from '../../../../lib/storage/access-logs/log-field-safety';
import type { S3Request } from '../../../../lib/storage/requests/s3-request';

const fieldsOf = (line: string) => line.match(/"(?:[^"\\]|\\.)*"|\[[^\]]*\]|\S+/g) ?? [];

function record(query: [string, string][], headers: Record<string, string[]>): string {
  const request: S3Request = {
    method: 'GET',
    rawPath: '/bucket/key',
    path: '/bucket/key',
    host: 'localhost',
    bucket: 'bucket',
    key: 'key',
    virtualHost: false,
    query,
    headers,
    body: Buffer.alloc(0),
    requestId: 'r1',
  };
  const at = new Date('2026-01-01T00:00:00Z');
  return accessLogRecord({ request, bucketOwner: 'owner', status: 200, bytesSent: 1, startedAt: at, endedAt: at });
}

describe('access log fields a client controls (issue 31)', () => {
  it('masks SigV2 and SigV4 signatures and session tokens, keeps the access key id', () => {
    const line = record(
      [
        ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
        ['X-Amz-Credential', 'AKID/20260101/us-east-1/s3/aws4_request'],
        ['X-Amz-Signature', 'a'.repeat(64)],
        ['X-Amz-Security-Token', 'token/with+chars'],
      ],
      { host: ['localhost:3000'] },
    );
    expect(line).not.toContain('a'.repeat(64));
    expect(line).not.toContain('token');
    expect(line).toContain('X-Amz-Signature=REDACTED');
    expect(line).toContain('X-Amz-Security-Token=REDACTED');
    expect(line).toContain('X-Amz-Credential=AKID%2F20260101');
    const v2 = record(
      [
        ['AWSAccessKeyId', 'AKID'],
        ['Expires', '1'],
        ['Signature', 'abc+/='],
      ],
      { referer: ['https://site.example/x?Signature=zzz&X-Amz-Signature=yyy'] },
    );
    expect(v2).toContain('Signature=REDACTED HTTP/1.1');
    expect(v2).not.toMatch(/abc|zzz|yyy/);
    expect(maskSignatures('/k?x-amz-signature=1&signaturex=2')).toBe('/k?x-amz-signature=REDACTED&signaturex=2');
  });

  it('writes a forged Host as one field; a real host, IPv6 literal and port as they are', () => {
    for (const host of ['a b', 'x" 200 "y', 'evil[1] "q', 'tab\there', 'ünï']) {
      const line = record([], { host: [host] });
      expect(fieldsOf(line), host).toHaveLength(26);
      expect(fieldsOf(line)[22]).toBe(logSafeHost(host));
      expect(logSafeHost(host)).toMatch(/^[A-Za-z0-9.\-_:%]+$/);
    }
    for (const host of ['localhost:3000', 'b.s3.example.com', '[::1]:3000', '127.0.0.1']) expect(logSafeHost(host)).toBe(host);
  });
});
