import { StorageError } from '../model/errors';
import { isObjectOwnership, type ObjectOwnership } from '../model/object-ownership';
import { configurationFields } from '../xml/configuration-body';
import { s3Document } from '../xml/s3-documents';

/** GetBucketOwnershipControls: one rule, as S3 allows exactly one. */
export const ownershipControlsXml = (ownership: ObjectOwnership) =>
  s3Document('OwnershipControls', { Rule: { ObjectOwnership: ownership } });

/** `<OwnershipControls><Rule><ObjectOwnership>…</ObjectOwnership></Rule></OwnershipControls>`; anything else is MalformedXML. */
export function parseOwnershipControls(text: string): ObjectOwnership {
  const { Rule: rule } = configurationFields(text, 'OwnershipControls');
  const ownership = typeof rule === 'object' && rule !== null ? (rule as Record<string, unknown>).ObjectOwnership : undefined;
  if (!isObjectOwnership(ownership)) throw new StorageError('MalformedXML');
  return ownership;
}
