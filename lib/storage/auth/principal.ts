import type { StorageUser } from '../users/storage-user';

/** Who a request acts as: a storage user proven by a signature, or anonymous. */
export type Principal = { kind: 'user'; user: StorageUser } | { kind: 'anonymous' };

export const ANONYMOUS: Principal = { kind: 'anonymous' };
