import { describe, expect, it } from 'vitest';
import { lazyClient } from '../../../lib/aws/lazy-client';
import { functionBundle } from '../../support/function-bundle';

describe('SDK clients a function does not always need', () => {
  it.each(['functions/storage/object.ts', 'functions/storage/service.ts'])(
    '%s loads KMS and Secrets Manager on first use, not at module init',
    async (entry) => {
      const imports = await functionBundle(entry);
      expect(imports.static).toContain('@aws-sdk/client-dynamodb');
      for (const lazy of ['@aws-sdk/client-kms', '@aws-sdk/client-secrets-manager']) {
        expect(imports.static).not.toContain(lazy);
        expect(imports.dynamic).toContain(lazy);
      }
    },
  );

  it('builds a lazy client once, shares it, and tries again after a failed load', async () => {
    let loads = 0;
    const client = lazyClient(async () => {
      loads += 1;
      if (loads === 1) throw new Error('network');
      return { id: loads };
    });
    await expect(client()).rejects.toThrow('network');
    const [a, b] = await Promise.all([client(), client()]);
    expect(a).toBe(b);
    expect(loads).toBe(2);
  });
});
