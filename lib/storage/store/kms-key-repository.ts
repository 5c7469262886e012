import { randomBytes } from 'node:crypto';
import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed } from '../../aws';
import type { SecretBox } from '../model/secret-box';

const PARTITION = 'KMSKEY';
const bound = (keyId: string) => `kms-key:${keyId}`;

/** Key ids as KMS aliases spell them: letters, digits, `/`, `_`, `-`. */
export const isValidKmsKeyId = (keyId: string) => /^[A-Za-z0-9/_-]{1,256}$/.test(keyId);

/**
 * The local stages' KMS keys: 256-bit key material per key id in the storage table, sealed with the SecretBox that
 * seals users' secret keys (bound to the key id), never in plain text. Key material never changes once created, so
 * an opened key is kept for the container's life.
 */
export class KmsKeyRepository {
  private readonly opened = new Map<string, Buffer>();

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly box: () => Promise<SecretBox>,
  ) {}

  /** Creates the key unless it exists (idempotent: provisioning runs on every start). */
  async create(keyId: string): Promise<'created' | 'exists'> {
    if (!isValidKmsKeyId(keyId)) throw new Error(`"${keyId}" is not a valid key id (A-Z, a-z, 0-9, /, _, -; at most 256)`);
    const sealed = (await this.box()).seal(randomBytes(32).toString('base64'), bound(keyId));
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.table,
          Item: { PK: PARTITION, SK: keyId, kind: 'kms-key', keyId, material: sealed, createdAt: new Date().toISOString() },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return 'created';
    } catch (error) {
      if (isConditionalCheckFailed(error)) return 'exists';
      throw error;
    }
  }

  /** The key's material, or undefined when no such key exists. */
  async material(keyId: string): Promise<Buffer | undefined> {
    const cached = this.opened.get(keyId);
    if (cached) return cached;
    const item = await getItem(this.documents, this.table, { PK: PARTITION, SK: keyId });
    if (!item) return undefined;
    const material = Buffer.from((await this.box()).open(String(item.material), bound(keyId)), 'base64');
    this.opened.set(keyId, material);
    return material;
  }
}
