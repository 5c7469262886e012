/** How acquirer A is reached for this merchant (DESIGN §3): card data sent by the store, or a redirect flow. */
export const ACQUIRER_A_MODES = ['loja_sem_autenticacao', 'loja_com_autenticacao', 'buy_page_acquirerA'] as const;
export type AcquirerAMode = (typeof ACQUIRER_A_MODES)[number];

export interface Merchant {
  id: string;
  name: string;
  acquirerAMode: AcquirerAMode;
  createdAt: string;
  /** The name of its Pix PSP secret, when it takes Pix in production (docs/pix.md). */
  pixPspSecretId?: string;
}

export interface AdminUser {
  email: string;
  merchantId: string;
  createdAt: string;
}

export function isAcquirerAMode(value: string): value is AcquirerAMode {
  return (ACQUIRER_A_MODES as readonly string[]).includes(value);
}

/** Merchant ids appear in keys and URLs: keep them short and plain. */
export function isValidMerchantId(id: string): boolean {
  return /^[a-z0-9][a-z0-9-]{1,62}$/.test(id);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isPlausibleEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}
