import { describe, expect, it } from 'vitest';
import { ConfigError, loadLocalStackConfig, loadServiceConfig } from '../../../lib/config';

const base = {
  GATEWAY_TABLE: 'g',
  STORAGE_TABLE: 's',
  BLOB_BUCKET: 'b',
  STORAGE_SECRETS_KEY_SECRET_ID: 'svc/sandbox/key',
  WEB_SECRET_ID: 'svc/sandbox/web',
  STORAGE_SSE_S3_KEY_ID: 'alias/svc-sandbox-sse-s3',
};

describe('loadServiceConfig', () => {
  it('reads a complete environment with defaults', () => {
    const config = loadServiceConfig(base);
    expect(config).toMatchObject({
      stage: 'sandbox',
      gatewayTable: 'g',
      storageTable: 's',
      blobBucket: 'b',
      storageBaseHost: 'localhost',
      storageMaxObjectBytes: 4 * 1024 * 1024,
      diagnostics: false,
      storageSecretsKey: { kind: 'secretsManager', secretId: 'svc/sandbox/key' },
      storageKms: { kind: 'aws', sseS3KeyId: 'alias/svc-sandbox-sse-s3' },
      storageSseCustomerKeyOverHttp: false,
    });
    expect(config.dynamodbEndpoint).toBeUndefined();
  });

  it('uses local KMS keys where STORAGE_KMS_LOCAL=1, and refuses SSE-C over HTTP on production', () => {
    const { STORAGE_SSE_S3_KEY_ID: _, ...withoutKey } = base;
    expect(loadServiceConfig({ ...withoutKey, STORAGE_KMS_LOCAL: '1' }).storageKms).toEqual({ kind: 'local' });
    expect(() => loadServiceConfig(withoutKey)).toThrow(/STORAGE_SSE_S3_KEY_ID is required/);
    expect(loadServiceConfig({ ...base, STORAGE_SSE_C_ALLOW_HTTP: '1' }).storageSseCustomerKeyOverHttp).toBe(true);
    expect(() => loadServiceConfig({ ...base, STAGE: 'production', STORAGE_SSE_C_ALLOW_HTTP: '1' })).toThrow(/local stacks only/);
  });

  it('lets a local stack of the production stage use the local conveniences a deployed production stage refuses', () => {
    const flags = ['WEBHOOK_ALLOW_PRIVATE', 'STORAGE_SSE_C_ALLOW_HTTP', 'PIX_LOCATION_KEY_LOCAL', 'ACQUIRER_ALLOW_HTTP'];
    for (const flag of flags) {
      expect(() => loadServiceConfig({ ...base, STAGE: 'production', [flag]: '1' })).toThrow(
        new RegExp(`${flag}=1 is for local stacks only`),
      );
      expect(() => loadServiceConfig({ ...base, STAGE: 'production', LOCAL_STACK: '1', [flag]: '1' })).not.toThrow();
    }
    const local = loadServiceConfig({ ...base, STAGE: 'production', LOCAL_STACK: '1', ACQUIRER_ALLOW_HTTP: '1' });
    expect(local).toMatchObject({ localStack: true, acquirerAllowHttp: true });
    expect(loadServiceConfig(base)).toMatchObject({
      localStack: false,
      acquirerAllowHttp: false,
      acquirerSecrets: { kind: 'secretsManager', prefix: 'acquirer/' },
    });
    expect(loadServiceConfig({ ...base, ACQUIRER_SECRETS_DIR: '/tmp/a' }).acquirerSecrets).toEqual({
      kind: 'directory',
      directory: '/tmp/a',
    });
  });

  it('makes torrents of objects up to 5 GiB without a tracker by default; takes a tracker URL of a BitTorrent scheme', () => {
    expect(loadServiceConfig(base)).toMatchObject({ storageTorrentMaxBytes: 5 * 1024 ** 3, storageTorrentTracker: undefined });
    for (const tracker of ['udp://tracker.example:6969/announce', 'https://t.example/announce', 'wss://t.example']) {
      expect(loadServiceConfig({ ...base, STORAGE_TORRENT_TRACKER: tracker }).storageTorrentTracker).toBe(tracker);
    }
    expect(loadServiceConfig({ ...base, STORAGE_TORRENT_MAX_BYTES: '1000' }).storageTorrentMaxBytes).toBe(1000);
    expect(() => loadServiceConfig({ ...base, STORAGE_TORRENT_TRACKER: 'ftp://t.example' })).toThrow(
      /STORAGE_TORRENT_TRACKER must be a tracker URL/,
    );
    expect(() => loadServiceConfig({ ...base, STORAGE_TORRENT_TRACKER: 'not a url' })).toThrow(ConfigError);
  });

  it('prefers inline key material (local stack) over the Secrets Manager secret', () => {
    expect(loadServiceConfig({ ...base, STORAGE_SECRETS_KEY: 'x'.repeat(40) }).storageSecretsKey).toEqual({
      kind: 'inline',
      material: 'x'.repeat(40),
    });
  });

  it.each([
    [{ ...base, GATEWAY_TABLE: '' }, /GATEWAY_TABLE is required/],
    [{ ...base, STAGE: 'staging' }, /STAGE must be one of sandbox, production/],
    [{ ...base, STORAGE_MAX_OBJECT_BYTES: '-5' }, /STORAGE_MAX_OBJECT_BYTES must be a positive integer/],
    [{ ...base, DYNAMODB_ENDPOINT: 'not a url' }, /DYNAMODB_ENDPOINT must be an http\(s\) URL/],
    [{ ...base, DIAGNOSTICS: 'yes' }, /DIAGNOSTICS must be one of on, off/],
    [{ GATEWAY_TABLE: 'g', STORAGE_TABLE: 's', BLOB_BUCKET: 'b' }, /STORAGE_SECRETS_KEY_SECRET_ID is required/],
  ])('fails loudly, naming the variable (%#)', (env, message) => {
    expect(() => loadServiceConfig(env)).toThrow(ConfigError);
    expect(() => loadServiceConfig(env)).toThrow(message);
  });
});

describe('loadLocalStackConfig', () => {
  it('defaults to port 3000, .data and the committed seed', () => {
    expect(loadLocalStackConfig({})).toMatchObject({
      port: 3000,
      dataDir: '.data',
      seedFile: 'config/seed.local.json',
      stage: 'sandbox',
    });
  });

  it('rejects a port that is not a number', () => {
    expect(() => loadLocalStackConfig({ PORT: 'abc' })).toThrow(/PORT must be a positive integer/);
  });
});
