import { describe, expect, it } from 'vitest';
import { logOnceItContains, logRecordsOf } from '../../support/log-lines';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, uniqueBucket } from '../../support/storage-clients';

describe('how refusals are logged', () => {
  it('501 NotImplemented for an unsupported sub-resource is a WARN line without a stack, not an ERROR', async () => {
    const user = await newStorageUser('refusal-log');
    const bucket = uniqueBucket('refusal-log');
    expect((await rawS3({ method: 'PUT', path: `/${bucket}`, as: user })).status).toBe(200);
    const refused = await rawS3({ method: 'GET', path: `/${bucket}`, query: { replication: '' }, as: user });
    expect([refused.status, errorCode(refused)]).toEqual([501, 'NotImplemented']);
    const requestId = String(refused.headers['x-amz-request-id']);
    const refusalLogged = (log: string) =>
      logRecordsOf(log, requestId).some((record) => record.message === 'Request refused' || record.level === 'ERROR');
    const records = logRecordsOf(await logOnceItContains(refusalLogged), requestId);
    const refusal = records.find((record) => record.message === 'Request refused');
    expect(refusal).toMatchObject({ level: 'WARN', statusCode: 501 });
    expect(records.filter((record) => record.level === 'ERROR')).toEqual([]);
    expect(JSON.stringify(records)).not.toContain('stack');
  });
});
