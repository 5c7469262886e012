import { type CursorBinding, openCursor, signCursor } from '../../listing/signed-cursor';
import type { SignedInRequest } from './admin-endpoint';

/**
 * The admin UI's page cursors: the one signed format of every list (listing/signed-cursor.ts), bound to the signed-in
 * merchant, the list and its filters. A cursor that is not one (edited, another merchant's or another search's) is
 * ignored: the list starts from the top, as a link to page one would.
 */
export function adminCursor(request: SignedInRequest, list: string, filters: readonly unknown[] = []) {
  const binding: CursorBinding = { purpose: `admin-${list}`, merchantId: request.session.merchantId, filters };
  return {
    /** The encoded position of the request's cursor, for the store. */
    open: (cursor: string | undefined) => (cursor ? openCursor(request.secret, binding, cursor) : undefined),
    /** The cursor of a store's `next`, for the page's link. */
    sign: (next: string | undefined) => (next ? signCursor(request.secret, binding, next) : undefined),
  };
}
