import { randomBytes } from 'node:crypto';
import { LOCAL_SSE_S3_KEY_ID, LocalKeyProvider } from '../../../lib/storage/encryption/local-key-provider';
import type { KeyProvider } from '../../../lib/storage/model/key-provider';
import type { StorageUser, UserDirectory } from '../../../lib/storage/model/storage-user';
import type { KmsKeyRepository } from '../../../lib/storage/store/kms-key-repository';

/**
 * The local stages' key provider over key material in memory: the real wrapping (AES-GCM bound to the key id and the
 * encryption context), so a wrong context or an unknown key id fails as it does on a stack. LocalKeyProvider takes the
 * concrete KmsKeyRepository class (DynamoDB); this stands in for the two methods it calls.
 */
export function memoryKeyProvider(keyIds: readonly string[]): KeyProvider {
  const material = new Map<string, Buffer>(keyIds.map((id) => [id, randomBytes(32)]));
  const keys = {
    material: async (keyId: string) => material.get(keyId),
    create: async (keyId: string) => {
      if (keyId !== LOCAL_SSE_S3_KEY_ID && !keyIds.includes(keyId)) throw new Error(`unexpected key ${keyId}`);
      if (material.has(keyId)) return 'exists' as const;
      material.set(keyId, randomBytes(32));
      return 'created' as const;
    },
  };
  return new LocalKeyProvider(keys as unknown as KmsKeyRepository);
}

/** Grantees by id and e-mail. */
export function memoryUserDirectory(users: readonly StorageUser[]): UserDirectory {
  return {
    get: async (id) => users.find((user) => user.id === id),
    findByEmail: async (email) => users.find((user) => user.email === email),
  };
}
