import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time';

/**
 * The one cursor format of every paged list (the `/v1` list, the admin search, the audit log, webhook deliveries):
 * `<position, base64url>.<MAC>`, the MAC binding the position to its list (`purpose`), the merchant and the filters
 * under the server's secret. A cursor edited by hand, made up, or taken from another merchant, list or filter fails the
 * MAC, so paging never leaves the merchant's own partition or skips items. A position is where a page stopped (a sort
 * key), carried encoded (`encodePosition`) between a store and the caller that signs it.
 */
export interface CursorBinding {
  /** Which list: a cursor of one list is never valid on another. */
  purpose: string;
  merchantId: string;
  /** The filters the page was read with, in a fixed order. */
  filters: readonly unknown[];
}

/** Cursors longer than this are refused unread. */
const MAX_CURSOR_LENGTH = 512;

export const encodePosition = (position: string) => Buffer.from(position, 'utf8').toString('base64url');
export const decodePosition = (encoded: string) => Buffer.from(encoded, 'base64url').toString('utf8');

/** The cursor of an encoded position (as a store returned it). */
export function signCursor(secret: string, binding: CursorBinding, encodedPosition: string): string {
  return `${encodedPosition}.${cursorMac(secret, binding, decodePosition(encodedPosition))}`;
}

/** The encoded position of a cursor signed for this binding, or undefined when it is not one. */
export function openCursor(secret: string, binding: CursorBinding, cursor: string): string | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH) return undefined;
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) return undefined;
  return constantTimeEqual(mac, cursorMac(secret, binding, decodePosition(payload))) ? payload : undefined;
}

function cursorMac(secret: string, binding: CursorBinding, position: string): string {
  const canonical = JSON.stringify([binding.merchantId, ...binding.filters]);
  return createHmac('sha256', secret).update(`${binding.purpose}|${canonical}|${position}`).digest('base64url').slice(0, 32);
}
