import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { StorageError } from '../model/errors';
import type { DataKey, KeyProvider } from '../model/key-provider';
import type { KmsKeyRepository } from '../store/kms-key-repository';

/** The local stages' SSE-S3 service key (created on first use) and the KMS keys every local stage has (s3-tests' ids). */
export const LOCAL_SSE_S3_KEY_ID = 'gwstore/sse-s3';
export const LOCAL_TEST_KMS_KEY_IDS = ['testkey-1', 'testkey-2'] as const;

const VERSION = 'l1';

/**
 * KMS for local stages: data keys wrapped with AES-256-GCM under key material from the storage table, bound (as
 * additional data) to the key id and the encryption context, so a wrapped key opens only under both, as with KMS.
 */
export class LocalKeyProvider implements KeyProvider {
  constructor(private readonly keys: KmsKeyRepository) {}

  async generateDataKey(keyId: string | undefined, context?: Record<string, string>): Promise<DataKey> {
    const id = keyId ?? LOCAL_SSE_S3_KEY_ID;
    const master = await this.masterKey(id);
    const plaintext = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', master, iv);
    cipher.setAAD(additionalData(id, context));
    const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { plaintext, wrapped: [VERSION, iv, cipher.getAuthTag(), sealed].map(encoded).join('.') };
  }

  async decryptDataKey(keyId: string | undefined, wrapped: string, context?: Record<string, string>): Promise<Buffer> {
    const id = keyId ?? LOCAL_SSE_S3_KEY_ID;
    const [version, iv, tag, sealed] = wrapped.split('.');
    if (version !== VERSION || !iv || !tag || !sealed) throw new Error('Unrecognised wrapped data key');
    const decipher = createDecipheriv('aes-256-gcm', await this.masterKey(id), Buffer.from(iv, 'base64url'));
    decipher.setAAD(additionalData(id, context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
  }

  private async masterKey(keyId: string): Promise<Buffer> {
    let material = await this.keys.material(keyId);
    // The service key is the stage's own: made on first use, so SSE-S3 works on any local stage.
    if (!material && keyId === LOCAL_SSE_S3_KEY_ID) {
      await this.keys.create(keyId);
      material = await this.keys.material(keyId);
    }
    if (!material) throw new StorageError('KMS.NotFoundException', `Invalid keyId '${keyId}'`);
    return material;
  }
}

const encoded = (part: string | Buffer) => (typeof part === 'string' ? part : part.toString('base64url'));

const additionalData = (keyId: string, context: Record<string, string> = {}) =>
  Buffer.from(JSON.stringify([keyId, Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]), 'utf8');
