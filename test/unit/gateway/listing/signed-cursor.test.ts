import { describe, expect, it } from 'vitest';
import {
  type CursorBinding,
  decodePosition,
  encodePosition,
  openCursor,
  signCursor,
} from '../../../../lib/gateway/listing/signed-cursor';

const POSITION = '2026-11-21T10:00:00.000Z#000000000042';
const listBinding = (filters: unknown[]): CursorBinding => ({ purpose: 'list-cursor', merchantId: 'm-a', filters });

describe('the one signed cursor of every list', () => {
  it('signs the /v1 list’s cursors exactly as before the reshape (cursors handed out stay valid)', () => {
    // Vectors from the /v1 list's former cursor code: [merchant, status, method, numero_pedido, desde, ate].
    const filtered = listBinding(['paga', 'acquirerA', undefined, '2026-11-01', undefined]);
    expect(signCursor('s3cret', filtered, encodePosition(POSITION))).toBe(
      'MjAyNi0xMS0yMVQxMDowMDowMC4wMDBaIzAwMDAwMDAwMDA0Mg.WFSRJAXkB6MxF_LUQZ7nPl-Dkr89sfO-',
    );
    expect(
      signCursor('s3cret', listBinding([undefined, undefined, undefined, undefined, undefined]), encodePosition(POSITION)),
    ).toBe('MjAyNi0xMS0yMVQxMDowMDowMC4wMDBaIzAwMDAwMDAwMDA0Mg.cqCaEAe_CpjRiczTwmeLU-j5yY3tWe4q');
  });

  it('opens its own cursors, and refuses one edited, made up, or of another merchant, list, filter or secret', () => {
    const binding: CursorBinding = { purpose: 'admin-search', merchantId: 'm-a', filters: ['paga'] };
    const cursor = signCursor('s3cret', binding, encodePosition(POSITION));
    const opened = openCursor('s3cret', binding, cursor);
    expect(opened && decodePosition(opened)).toBe(POSITION);
    const [payload, mac] = cursor.split('.');
    const refused = [
      openCursor('other', binding, cursor),
      openCursor('s3cret', { ...binding, merchantId: 'm-b' }, cursor),
      openCursor('s3cret', { ...binding, purpose: 'admin-activity' }, cursor),
      openCursor('s3cret', { ...binding, filters: ['negada'] }, cursor),
      openCursor('s3cret', binding, `${encodePosition('2026-11-21T10:00:00.000Z#000000000043')}.${mac}`),
      openCursor('s3cret', binding, `${payload}.${mac}.x`),
      openCursor('s3cret', binding, String(payload)),
      openCursor('s3cret', binding, ''),
      openCursor('s3cret', binding, `${cursor}${'A'.repeat(600)}`),
    ];
    expect(refused).toEqual(refused.map(() => undefined));
  });
});
