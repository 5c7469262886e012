import type { BucketEncryption } from '../model/default-encryption';
import { StorageError } from '../model/errors';
import { configurationFields } from '../xml/configuration-body';
import { s3Document } from '../xml/s3-documents';

const ROOT = 'ServerSideEncryptionConfiguration';

export function encryptionConfigurationXml(encryption: BucketEncryption): string {
  return s3Document(ROOT, {
    Rule: {
      ApplyServerSideEncryptionByDefault: {
        SSEAlgorithm: encryption.algorithm,
        ...(encryption.kmsKeyId === undefined ? {} : { KMSMasterKeyID: encryption.kmsKeyId }),
      },
      BucketKeyEnabled: encryption.bucketKeyEnabled ? 'true' : 'false',
    },
  });
}

/**
 * `<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>AES256|aws:kms
 * </SSEAlgorithm>[<KMSMasterKeyID/>]</…>[<BucketKeyEnabled/>]</Rule></…>`: exactly one rule, as S3 takes it.
 */
export function parseEncryptionConfiguration(text: string): BucketEncryption {
  const { Rule: rule } = configurationFields(text, ROOT);
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) throw new StorageError('MalformedXML');
  const { ApplyServerSideEncryptionByDefault: apply, BucketKeyEnabled: bucketKey } = rule as Record<string, unknown>;
  if (typeof apply !== 'object' || apply === null || Array.isArray(apply)) throw new StorageError('MalformedXML');
  const { SSEAlgorithm: algorithm, KMSMasterKeyID: kmsKeyId } = apply as Record<string, unknown>;
  if (algorithm !== 'AES256' && algorithm !== 'aws:kms') throw new StorageError('MalformedXML');
  if (bucketKey !== undefined && bucketKey !== 'true' && bucketKey !== 'false') throw new StorageError('MalformedXML');
  if (kmsKeyId !== undefined && (typeof kmsKeyId !== 'string' || kmsKeyId.trim() === '')) throw new StorageError('MalformedXML');
  if (kmsKeyId !== undefined && algorithm !== 'aws:kms') {
    throw new StorageError('InvalidArgument', 'a KMSMasterKeyID is not applicable if the default sse algorithm is not aws:kms', {
      ArgumentName: 'ApplyServerSideEncryptionByDefault',
    });
  }
  if (kmsKeyId === undefined && algorithm === 'aws:kms') {
    // S3 would use its AWS managed key (aws/s3); this service has none, so the key is named.
    throw new StorageError('InvalidArgument', 'aws:kms as the default encryption needs a KMSMasterKeyID', {
      ArgumentName: 'KMSMasterKeyID',
    });
  }
  return {
    algorithm,
    ...(typeof kmsKeyId === 'string' ? { kmsKeyId: kmsKeyId.trim() } : {}),
    ...(bucketKey === 'true' ? { bucketKeyEnabled: true } : {}),
  };
}
