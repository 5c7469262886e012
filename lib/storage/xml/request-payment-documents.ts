import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { configurationFields } from './configuration-body';
import { s3Document } from './s3-documents';

export function requestPaymentXml(bucket: BucketRecord): string {
  return s3Document('RequestPaymentConfiguration', { Payer: bucket.requestPayer ?? 'BucketOwner' });
}

/** `<RequestPaymentConfiguration><Payer>BucketOwner|Requester</Payer></…>`; anything else is MalformedXML. */
export function parseRequestPaymentConfiguration(text: string): 'BucketOwner' | 'Requester' {
  const { Payer: payer } = configurationFields(text, 'RequestPaymentConfiguration');
  if (payer !== 'BucketOwner' && payer !== 'Requester') throw new StorageError('MalformedXML');
  return payer;
}
