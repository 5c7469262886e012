import type { KMSClient } from '@aws-sdk/client-kms';
import type { LazyClient } from '../../aws';
import { StorageError } from '../model/errors';
import type { DataKey, KeyProvider } from '../model/key-provider';

/** KMS errors that are the client's (a key that does not exist, or is disabled), as S3 passes them on. */
const CLIENT_ERRORS: Record<string, 'KMS.NotFoundException' | 'KMS.DisabledException'> = {
  NotFoundException: 'KMS.NotFoundException',
  DisabledException: 'KMS.DisabledException',
  KMSInvalidStateException: 'KMS.DisabledException',
};

/**
 * Real KMS through the function's role (GenerateDataKey, Decrypt): key material never leaves KMS and nothing of it
 * is in the table, only the wrapped data keys. SSE-S3 uses the stage's own KMS key.
 */
export class AwsKmsKeyProvider implements KeyProvider {
  constructor(
    private readonly kms: LazyClient<KMSClient>,
    private readonly serviceKeyId: string,
  ) {}

  async generateDataKey(keyId: string | undefined, context?: Record<string, string>): Promise<DataKey> {
    const id = keyId ?? this.serviceKeyId;
    const [kms, { GenerateDataKeyCommand }] = await Promise.all([this.kms(), import('@aws-sdk/client-kms')]);
    const out = await this.call(id, () =>
      kms.send(new GenerateDataKeyCommand({ KeyId: id, KeySpec: 'AES_256', EncryptionContext: context })),
    );
    return { plaintext: Buffer.from(out.Plaintext!), wrapped: Buffer.from(out.CiphertextBlob!).toString('base64') };
  }

  async decryptDataKey(keyId: string | undefined, wrapped: string, context?: Record<string, string>): Promise<Buffer> {
    const id = keyId ?? this.serviceKeyId;
    const [kms, { DecryptCommand }] = await Promise.all([this.kms(), import('@aws-sdk/client-kms')]);
    const out = await this.call(id, () =>
      kms.send(new DecryptCommand({ KeyId: id, CiphertextBlob: Buffer.from(wrapped, 'base64'), EncryptionContext: context })),
    );
    return Buffer.from(out.Plaintext!);
  }

  private async call<T>(keyId: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      const code = error instanceof Error ? CLIENT_ERRORS[error.name] : undefined;
      if (code) throw new StorageError(code, `Invalid keyId '${keyId}'`);
      throw error;
    }
  }
}
