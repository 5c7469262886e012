import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAwsClients } from '../../../lib/aws';
import { loadServiceConfig } from '../../../lib/config';
import { renderS3Error, StorageError } from '../../../lib/storage';
import { handleS3Request } from '../../../lib/storage/http/s3-pipeline';
import { toS3Request } from '../../../lib/storage/http/s3-request-parser';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { apiEvent } from '../../support/api-event';
import { rawS3Headers } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser } from '../../support/storage-clients';

/**
 * One warm storage container, in this process, on the test stack's real DynamoDB, with a limit of 3 failed
 * authentications per address and minute (the test stack itself allows a million: its suites fail on purpose).
 */
const config = loadServiceConfig({ ...testStack().env, STORAGE_AUTH_FAILURES_PER_MINUTE: '3' });
const wiring = createStorageWiring(createAwsClients(config), config, config);

async function listBuckets(headers: Record<string, string>, sourceIp: string) {
  const event = apiEvent({
    httpMethod: 'GET',
    path: '/',
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    requestContext: { requestId: 'r', identity: { sourceIp } } as ReturnType<typeof apiEvent>['requestContext'],
  });
  try {
    const response = await handleS3Request(wiring.deps, wiring.keys, toS3Request(event, 'localhost'), wiring.reader);
    return { status: response.status, code: undefined, retryAfter: undefined };
  } catch (error) {
    const rendered = renderS3Error(error, { requestId: 'r', path: '/', method: 'GET' });
    return {
      status: rendered.statusCode,
      code: error instanceof StorageError ? error.code : 'not a StorageError',
      retryAfter: rendered.headers?.['retry-after'],
    };
  }
}

describe('failed S3 authentications per address', () => {
  it('are answered 403 up to the limit, then SlowDown with Retry-After; good signatures and other addresses are not slowed', async () => {
    const user = await newStorageUser('limit');
    const good = await rawS3Headers({ method: 'GET', path: '/', as: user });
    const wrongSecret = await rawS3Headers({ method: 'GET', path: '/', as: { ...user, secretKey: 'guessed-secret' } });
    const unknownKey = await rawS3Headers({ method: 'GET', path: '/', as: { ...user, accessKey: 'NOSUCHKEY0000000000' } });
    const attacker = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

    const refusals = [
      await listBuckets(wrongSecret, attacker),
      await listBuckets(unknownKey, attacker),
      await listBuckets(wrongSecret, attacker),
    ];
    expect(refusals.map((r) => r.code)).toEqual(['SignatureDoesNotMatch', 'InvalidAccessKeyId', 'SignatureDoesNotMatch']);
    const slowed = await listBuckets(wrongSecret, attacker);
    expect(slowed).toMatchObject({ status: 503, code: 'SlowDown' });
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
    expect(Number(slowed.retryAfter)).toBeLessThanOrEqual(60);
    // The owner of the key, from the same address, still gets in: only failures are counted.
    expect((await listBuckets(good, attacker)).status).toBe(200);
    // Another address is judged on its own failures.
    expect((await listBuckets(wrongSecret, `${attacker}1`)).code).toBe('SignatureDoesNotMatch');
  });

  it('counts atomically: 12 parallel failures from one address leave exactly 3 answered 403', async () => {
    const user = await newStorageUser('limit-parallel');
    const wrongSecret = await rawS3Headers({ method: 'GET', path: '/', as: { ...user, secretKey: 'guessed-secret' } });
    const attacker = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const second = new Date().getUTCSeconds();
    if (second > 55) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000)); // one minute window
    const answers = await Promise.all(Array.from({ length: 12 }, () => listBuckets(wrongSecret, attacker)));
    expect(answers.filter((a) => a.status === 403).length).toBe(3);
    expect(answers.filter((a) => a.code === 'SlowDown').length).toBe(9);
  });
});
