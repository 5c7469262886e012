import { describe, expect, it } from 'vitest';
import {
  generateTxid,
  isEndToEndId,
  isTxid,
  mintEndToEndId,
  parseEndToEndId,
  randomAlphanumeric,
} from '../../../../lib/gateway/pix/identifiers';

describe('txid', () => {
  it('is 32 characters of [a-zA-Z0-9] by default, 26-35 on request, never twice the same', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const txid = generateTxid();
      expect(txid).toMatch(/^[a-zA-Z0-9]{32}$/);
      seen.add(txid);
    }
    expect(seen.size).toBe(2000);
    expect(generateTxid(26)).toHaveLength(26);
    expect(generateTxid(35)).toHaveLength(35);
    expect(() => generateTxid(25)).toThrow(RangeError);
    expect(() => generateTxid(36)).toThrow(RangeError);
  });

  it('draws every character about equally often (no modulo bias, no fixed positions)', () => {
    const counts = new Map<string, number>();
    const sample = randomAlphanumeric(62 * 2000);
    for (const character of sample) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const count of counts.values()) expect(Math.abs(count - 2000)).toBeLessThan(300); // > 6 standard deviations
    const firsts = new Set(Array.from({ length: 300 }, () => generateTxid()[0]));
    expect(firsts.size).toBeGreaterThan(40);
  });

  it('validates the BCB pattern', () => {
    expect(isTxid('fc9a4366ff3d4964b5dbc6c91a8722d3')).toBe(true);
    for (const bad of ['a'.repeat(25), 'a'.repeat(36), `${'a'.repeat(30)}-bcd`, `${'a'.repeat(30)} bcd`, 42, null]) {
      expect(isTxid(bad), String(bad)).toBe(false);
    }
  });
});

describe('end-to-end id', () => {
  const at = new Date('2026-11-25T08:07:59.999Z');

  it('is E + ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics', () => {
    const id = mintEndToEndId({ ispb: '12345678', at });
    expect(id).toMatch(/^E12345678202611250807[a-zA-Z0-9]{11}$/);
    expect(id).toHaveLength(32);
    expect(mintEndToEndId({ ispb: '00000000', at, sequence: 'abcDEF12345' })).toBe('E00000000202611250807abcDEF12345');
    expect(mintEndToEndId({ ispb: '12345678', at, kind: 'D' })).toMatch(/^D12345678202611250807/);
  });

  it('parses back its parts and validates the BCB examples', () => {
    const id = mintEndToEndId({ ispb: '12345678', at, sequence: 'k1k2k3k4k5k' });
    expect(parseEndToEndId(id)).toEqual({
      kind: 'E',
      ispb: '12345678',
      at: new Date('2026-11-25T08:07:00Z'),
      sequence: 'k1k2k3k4k5k',
    });
    expect(isEndToEndId('E12345678202009091221abcdef12345')).toBe(true); // API Pix pixResponse1
    expect(isEndToEndId('D12345678202009091000abcde123456', 'D')).toBe(true); // a devolução's rtrId
  });

  it('refuses a wrong letter, length, date or character', () => {
    for (const bad of [
      'X12345678202009091221abcdef12345',
      'D12345678202009091221abcdef12345', // a rtrId is not an e2eid
      'E12345678202009091221abcdef1234',
      'E12345678202009091221abcdef123456',
      'E12345678202013091221abcdef12345', // month 13
      'E12345678202002301221abcdef12345', // 30 February
      'E12345678202009092460abcdef12345', // 24:60
      'E12345678202009091221abcdef-2345',
      undefined,
    ]) {
      expect(isEndToEndId(bad), String(bad)).toBe(false);
    }
    expect(() => mintEndToEndId({ ispb: '1234567', at })).toThrow(RangeError);
    expect(() => mintEndToEndId({ ispb: '12345678', at, sequence: 'short' })).toThrow(RangeError);
  });
});
