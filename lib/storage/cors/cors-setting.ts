import { bucketSetting } from '../bucket-settings/bucket-setting';
import { corsConfigurationXml, parseCorsConfiguration } from './cors-documents';

/** `?cors`: the bucket owner's; preflights are answered from it (bucket-cors.ts). */
export const CORS_SETTING = bucketSetting({
  subresource: 'cors',
  field: 'cors',
  actions: { read: 'GetBucketCors', write: 'PutBucketCors' },
  notFound: 'NoSuchCORSConfiguration',
  parse: parseCorsConfiguration,
  toXml: corsConfigurationXml,
});
