/** A logged-in admin user, as the session item records it (everything a page needs, no second read). */
export interface AdminSession {
  /** The raw id (from the cookie); never stored, never logged. */
  id: string;
  email: string;
  merchantId: string;
  merchantName: string;
  createdAt: string;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
}

/** Sessions end after 8 hours whatever the activity (a working day), like the cookie that carries them. */
export const SESSION_TTL_SECONDS = 8 * 3600;
