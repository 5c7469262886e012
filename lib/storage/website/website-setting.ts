import { bucketSetting } from '../bucket-settings/bucket-setting';
import { parseWebsiteConfiguration, websiteConfigurationXml } from './website-documents';

/** `?website`: the bucket owner's; the website endpoint (lib/storage/http/website-endpoint.ts) serves the bucket by it. */
export const WEBSITE_SETTING = bucketSetting({
  subresource: 'website',
  field: 'website',
  actions: { read: 'GetBucketWebsite', write: 'PutBucketWebsite', delete: 'DeleteBucketWebsite' },
  notFound: 'NoSuchWebsiteConfiguration',
  parse: parseWebsiteConfiguration,
  toXml: websiteConfigurationXml,
});
