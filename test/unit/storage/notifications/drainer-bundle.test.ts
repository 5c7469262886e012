import { describe, expect, it } from 'vitest';
import { functionBundle } from '../../../support/function-bundle';

describe('the notification drainer function', () => {
  it('loads the table client at module init, never S3 (its own wiring, not the storage functions’)', async () => {
    const bundle = await functionBundle('functions/storage/deliver-notifications.ts');
    expect(bundle.static).toContain('@aws-sdk/lib-dynamodb');
    for (const absent of ['@aws-sdk/client-s3', '@aws-sdk/client-kms', '@aws-sdk/client-secrets-manager']) {
      expect(bundle.static).not.toContain(absent);
    }
    expect(bundle.dynamic).not.toContain('@aws-sdk/client-s3');
  });
});
