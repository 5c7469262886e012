import { describe, expect, it } from 'vitest';
import { generateAccessKeyPair, SecretBox } from '../../../lib/storage';

const box = new SecretBox('k'.repeat(48));

describe('SecretBox', () => {
  it('seals a secret so that it opens only for the access key it is bound to', () => {
    const { accessKey, secretKey } = generateAccessKeyPair();
    const sealed = box.seal(secretKey, accessKey);
    expect(sealed).not.toContain(secretKey);
    expect(box.open(sealed, accessKey)).toBe(secretKey);
    expect(() => box.open(sealed, 'ANOTHERACCESSKEY0000')).toThrow();
  });

  it('refuses a tampered ciphertext and another key material', () => {
    const sealed = box.seal('secret', 'AK');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other-bytes').toString('base64url');
    expect(() => box.open(parts.join('.'), 'AK')).toThrow();
    expect(() => new SecretBox('z'.repeat(48)).open(sealed, 'AK')).toThrow();
  });

  it('uses a fresh IV every time and refuses short key material', () => {
    expect(box.seal('same', 'AK')).not.toBe(box.seal('same', 'AK'));
    expect(() => new SecretBox('short')).toThrow(/at least 32/);
  });

  it('generates AWS-shaped key pairs', () => {
    const { accessKey, secretKey } = generateAccessKeyPair();
    expect(accessKey).toMatch(/^GW[A-Z2-7]{18}$/);
    expect(secretKey).toHaveLength(40);
  });
});
