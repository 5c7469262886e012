import { bucketSetting } from '../bucket-settings/bucket-setting';
import { encryptionConfigurationXml, parseEncryptionConfiguration } from './encryption-documents';

/** `?encryption`: the bucket's default encryption, applied to writes that ask for none. */
export const ENCRYPTION_SETTING = bucketSetting({
  subresource: 'encryption',
  field: 'encryption',
  actions: { read: 'GetBucketEncryption', write: 'PutBucketEncryption' },
  notFound: 'ServerSideEncryptionConfigurationNotFoundError',
  parse: parseEncryptionConfiguration,
  toXml: encryptionConfigurationXml,
});
