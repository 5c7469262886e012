import { describe, expect, it } from 'vitest';
import { LOGGING_SETTING } from '../../../../lib/storage/access-logs/logging-setting';
import { POLICY_SETTING } from '../../../../lib/storage/bucket-policy/policy-setting';
import type { BucketSetting } from '../../../../lib/storage/bucket-settings/bucket-setting';
import {
  deleteBucketSetting,
  getBucketSetting,
  putBucketSetting,
} from '../../../../lib/storage/bucket-settings/bucket-setting-operations';
import { BUCKET_SETTINGS } from '../../../../lib/storage/controllers/bucket-settings-controller';
import { CORS_SETTING } from '../../../../lib/storage/cors/cors-setting';
import { LIFECYCLE_SETTING } from '../../../../lib/storage/lifecycle/lifecycle-setting';
import type { BucketLogging } from '../../../../lib/storage/model/bucket-logging';
import { OWNERSHIP_SETTING } from '../../../../lib/storage/ownership/ownership-setting';
import { PUBLIC_ACCESS_BLOCK_SETTING } from '../../../../lib/storage/public-access/public-access-setting';
import { BUCKET_TAGGING_SETTING } from '../../../../lib/storage/tagging/bucket-tagging-setting';
import { deliveryPolicy } from '../../../support/log-delivery-policy';
import { memoryStorage, signedBy, storageUser } from '../../../support/storage-memory/memory-storage-deps';
import { bucketOf, refusal } from '../../../support/storage-memory/storage-calls';

const alice = signedBy(storageUser('alice'));
const bob = signedBy(storageUser('bob'));
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';
const body = (text: string) => Buffer.from(text);

const cors = (origin: string) =>
  `<CORSConfiguration ${NS}><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod></CORSRule></CORSConfiguration>`;
const tagging = (pairs: [string, string][]) =>
  `<Tagging ${NS}><TagSet>${pairs.map(([k, v]) => `<Tag><Key>${k}</Key><Value>${v}</Value></Tag>`).join('')}</TagSet></Tagging>`;
const lifecycle = `<LifecycleConfiguration ${NS}><Rule><ID>old</ID><Filter><Prefix>tmp/</Prefix></Filter><Status>Enabled</Status><Expiration><Days>1</Days></Expiration></Rule></LifecycleConfiguration>`;
const publicPolicy = (bucket: string) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bucket}/*` }],
  });
const logging = (target: string, prefix = 'logs/') =>
  `<BucketLoggingStatus ${NS}><LoggingEnabled><TargetBucket>${target}</TargetBucket><TargetPrefix>${prefix}</TargetPrefix></LoggingEnabled></BucketLoggingStatus>`;

async function setUp() {
  const storage = memoryStorage();
  await bucketOf(storage.deps, alice, 'site');
  const get = (setting: BucketSetting, as = alice) => getBucketSetting(storage.deps, as, 'site', setting);
  const put = (setting: BucketSetting, document: string, as = alice) =>
    putBucketSetting(storage.deps, as, 'site', setting, body(document));
  const remove = (setting: BucketSetting, as = alice) => deleteBucketSetting(storage.deps, as, 'site', setting);
  const stored = async () => storage.deps.buckets.get('site');
  return { ...storage, get, put, remove, stored };
}

describe('bucket settings (GET/PUT/DELETE ?<setting>) over the bucket catalogue', () => {
  it("answers each setting's own 404 on a bucket without it (the logging document for ?logging)", async () => {
    const { get } = await setUp();
    for (const setting of BUCKET_SETTINGS) {
      if (typeof setting.notFound === 'string') {
        const refused = await refusal(get(setting));
        expect([setting.subresource, refused.code, refused.details]).toEqual([
          setting.subresource,
          setting.notFound,
          { BucketName: 'site' },
        ]);
      } else expect(await get(setting)).toBeUndefined();
    }
  });

  it('round-trips a document: PUT stores it, GET answers it, a second PUT replaces it, DELETE removes it (twice is fine)', async () => {
    const { get, put, remove } = await setUp();
    await put(CORS_SETTING, cors('https://a.example'));
    expect(CORS_SETTING.toXml((await get(CORS_SETTING))!)).toContain('<AllowedOrigin>https://a.example</AllowedOrigin>');
    await put(CORS_SETTING, cors('https://b.example'));
    const replaced = CORS_SETTING.toXml((await get(CORS_SETTING))!);
    expect(replaced).toContain('https://b.example');
    expect(replaced).not.toContain('https://a.example');
    await remove(CORS_SETTING);
    await remove(CORS_SETTING);
    expect((await refusal(get(CORS_SETTING))).code).toBe('NoSuchCORSConfiguration');
  });

  it('keeps one setting apart from the others: tags, CORS and a policy (byte for byte) side by side', async () => {
    const { get, put, remove } = await setUp();
    const policy = `{"Version":"2012-10-17",  "Statement":[{"Effect":"Deny","Principal":"*","Action":"s3:DeleteObject","Resource":"arn:aws:s3:::site/*"}]}`;
    await put(BUCKET_TAGGING_SETTING, tagging([['team', 'web']]));
    await put(CORS_SETTING, cors('https://a.example'));
    await put(POLICY_SETTING, policy);
    expect(await get(POLICY_SETTING)).toBe(policy);
    await remove(CORS_SETTING);
    expect(await get(BUCKET_TAGGING_SETTING)).toEqual([{ key: 'team', value: 'web' }]);
    expect(await get(POLICY_SETTING)).toBe(policy);
  });

  it('lets only the owner read, change or remove a setting (AccessDenied), and leaves it as it was', async () => {
    const { get, put, remove, stored } = await setUp();
    await put(CORS_SETTING, cors('https://a.example'));
    const before = await stored();
    for (const setting of BUCKET_SETTINGS) {
      expect((await refusal(get(setting, bob))).code).toBe('AccessDenied');
      expect((await refusal(put(setting, cors('https://evil.example'), bob))).code).toBe('AccessDenied');
      expect((await refusal(remove(setting, bob))).code).toBe('AccessDenied');
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a malformed document with the 400 S3 gives and writes nothing', async () => {
    const { put, stored } = await setUp();
    await put(CORS_SETTING, cors('https://a.example'));
    const before = await stored();
    const codes: Record<string, string> = {};
    for (const setting of BUCKET_SETTINGS) {
      const refused = await refusal(put(setting, '<Unclosed>'));
      codes[setting.subresource] = refused.code;
    }
    expect(codes).toEqual({
      cors: 'MalformedXML',
      encryption: 'MalformedXML',
      tagging: 'MalformedXML',
      ownershipControls: 'MalformedXML',
      publicAccessBlock: 'MalformedXML',
      policy: 'MalformedPolicy',
      lifecycle: 'MalformedXML',
      logging: 'MalformedXML',
      website: 'MalformedXML',
      notification: 'MalformedXML',
    });
    expect((await refusal(put(BUCKET_TAGGING_SETTING, tagging([['aws:x', '1']])))).code).toBe('InvalidTag');
    expect(await stored()).toEqual(before);
  });

  it('answers NoSuchBucket for a missing bucket, and for one deleted between the read and the write', async () => {
    const { deps, state } = await setUp();
    expect((await refusal(getBucketSetting(deps, alice, 'gone', CORS_SETTING))).code).toBe('NoSuchBucket');
    const racing = {
      ...deps,
      buckets: Object.assign(Object.create(deps.buckets), {
        update: (...args: Parameters<typeof deps.buckets.update>) => {
          state.buckets.delete('site');
          return deps.buckets.update(...args);
        },
      }),
    };
    expect((await refusal(putBucketSetting(racing, alice, 'site', CORS_SETTING, body(cors('https://a.example'))))).code).toBe(
      'NoSuchBucket',
    );
  });

  it("runs a setting's own acceptance before the write: a public policy under BlockPublicPolicy, BucketOwnerEnforced over a public ACL", async () => {
    const { put, get, deps } = await setUp();
    const block = `<PublicAccessBlockConfiguration ${NS}><BlockPublicPolicy>true</BlockPublicPolicy></PublicAccessBlockConfiguration>`;
    await put(PUBLIC_ACCESS_BLOCK_SETTING, block);
    expect((await refusal(put(POLICY_SETTING, publicPolicy('site')))).code).toBe('AccessDenied');
    expect((await refusal(get(POLICY_SETTING))).code).toBe('NoSuchBucketPolicy');
    await bucketOf(deps, alice, 'open', { 'x-amz-acl': 'public-read' });
    const enforced = `<OwnershipControls ${NS}><Rule><ObjectOwnership>BucketOwnerEnforced</ObjectOwnership></Rule></OwnershipControls>`;
    const refused = await refusal(putBucketSetting(deps, alice, 'open', OWNERSHIP_SETTING, body(enforced)));
    expect(refused.code).toBe('InvalidBucketAclWithObjectOwnership');
    expect((await deps.buckets.get('open'))!.ownership).toBeUndefined();
  });

  it('logging: the target must exist and allow delivery; a same-target PUT keeps its Last-Modified; an empty status turns it off', async () => {
    const { put, get, deps, advance } = await setUp();
    const current = async () => (await get(LOGGING_SETTING)) as BucketLogging | undefined;
    expect((await refusal(put(LOGGING_SETTING, logging('logs-target')))).code).toBe('NoSuchKey');
    await bucketOf(deps, alice, 'logs-target');
    expect((await refusal(put(LOGGING_SETTING, logging('logs-target')))).code).toBe('AccessDenied');
    await putBucketSetting(
      deps,
      alice,
      'logs-target',
      POLICY_SETTING,
      body(deliveryPolicy('logs-target', 'site', 'logs/', 'alice')),
    );
    await put(LOGGING_SETTING, logging('logs-target'));
    const first = (await current())!;
    expect(first).toMatchObject({ targetBucket: 'logs-target', targetPrefix: 'logs/' });
    advance(60_000);
    await put(LOGGING_SETTING, logging('logs-target'));
    expect((await current())!.modifiedAt).toBe(first.modifiedAt);
    await put(LOGGING_SETTING, logging('logs-target', 'logs/other/'));
    expect((await current())!.modifiedAt).not.toBe(first.modifiedAt);
    await put(LOGGING_SETTING, `<BucketLoggingStatus ${NS}/>`);
    expect(await get(LOGGING_SETTING)).toBeUndefined();
  });

  it('indexes the settings a scheduled pass reads (lifecycle) on PUT and drops them on DELETE', async () => {
    const { put, remove, deps } = await setUp();
    await put(LIFECYCLE_SETTING, lifecycle);
    expect(await deps.buckets.withSetting('lifecycle')).toEqual(['site']);
    await remove(LIFECYCLE_SETTING);
    expect(await deps.buckets.withSetting('lifecycle')).toEqual([]);
  });
});
