import { StorageError } from '../model/errors';
import { PUBLIC_ACCESS_FLAGS, type PublicAccessBlock } from '../model/public-access-block';
import { configurationFields } from '../xml/configuration-body';
import { s3Document } from '../xml/s3-documents';

export const publicAccessBlockXml = (block: PublicAccessBlock) =>
  s3Document('PublicAccessBlockConfiguration', Object.fromEntries(PUBLIC_ACCESS_FLAGS.map((flag) => [flag, block[flag]])));

/** A PutPublicAccessBlock body: each flag `true` or `false`, an absent one false (S3); anything else is MalformedXML. */
export function parsePublicAccessBlock(text: string): PublicAccessBlock {
  const fields = configurationFields(text, 'PublicAccessBlockConfiguration');
  const flag = (name: (typeof PUBLIC_ACCESS_FLAGS)[number]) => {
    const value = fields[name] ?? 'false';
    if (value !== 'true' && value !== 'false') throw new StorageError('MalformedXML');
    return value === 'true';
  };
  return {
    BlockPublicAcls: flag('BlockPublicAcls'),
    IgnorePublicAcls: flag('IgnorePublicAcls'),
    BlockPublicPolicy: flag('BlockPublicPolicy'),
    RestrictPublicBuckets: flag('RestrictPublicBuckets'),
  };
}
