import { describe, expect, it } from 'vitest';
import { generateApiToken, hashApiToken, hashPassword, isUuidShaped, verifyPassword } from '../../../lib/gateway';

describe('API tokens', () => {
  it('are UUIDs, stored as a SHA-256 that ignores case and surrounding spaces', () => {
    const token = generateApiToken();
    expect(isUuidShaped(token)).toBe(true);
    expect(hashApiToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiToken(` ${token.toUpperCase()} `)).toBe(hashApiToken(token));
    expect(hashApiToken(generateApiToken())).not.toBe(hashApiToken(token));
  });
});

describe('password hashes', () => {
  it('verify the right password only, and never contain it', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
  });
});
