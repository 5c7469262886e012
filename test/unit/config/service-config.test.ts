import { describe, expect, it } from 'vitest';
import { ConfigError, loadLocalStackConfig, loadServiceConfig } from '../../../lib/config';

const base = {
  GATEWAY_TABLE: 'g',
  STORAGE_TABLE: 's',
  BLOB_BUCKET: 'b',
  STORAGE_SECRETS_KEY_SECRET_ID: 'svc/sandbox/key',
  WEB_SECRET_ID: 'svc/sandbox/web',
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
    });
    expect(config.dynamodbEndpoint).toBeUndefined();
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
