/** An identity of the storage surface: the subject of ACL grants (by id or e-mail) and the owner of buckets. */
export interface StorageUser {
  id: string;
  displayName: string;
  email: string;
  accessKey: string;
  createdAt: string;
}

/** A user found by access key, with the secret needed to verify its signatures. */
export interface ResolvedAccessKey {
  user: StorageUser;
  secretKey: string;
}

/** Who grants can name (port): StorageUserRepository, or an in-memory fake. */
export interface UserDirectory {
  get(id: string): Promise<StorageUser | undefined>;
  findByEmail(email: string): Promise<StorageUser | undefined>;
}

/** Finds a user and its secret by access key (port): StorageUserRepository, or an in-memory fake. */
export interface AccessKeyResolver {
  resolveAccessKey(accessKey: string): Promise<ResolvedAccessKey | undefined>;
}

export class StorageUserAlreadyExistsError extends Error {
  override name = 'StorageUserAlreadyExistsError';
}

export function isValidStorageUserId(id: string): boolean {
  return /^[A-Za-z0-9_.-]{1,64}$/.test(id);
}

export function isValidAccessKey(accessKey: string): boolean {
  return /^[A-Za-z0-9]{3,128}$/.test(accessKey);
}
