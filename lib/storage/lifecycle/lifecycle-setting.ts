import { bucketSetting } from '../bucket-settings/bucket-setting';
import { lifecycleConfigurationXml, parseLifecycleConfiguration } from './lifecycle-documents';

/** `?lifecycle`: the bucket's lifecycle rules, enforced by the scheduled lifecycle pass (apply-lifecycle.ts). */
export const LIFECYCLE_SETTING = bucketSetting({
  subresource: 'lifecycle',
  field: 'lifecycle',
  actions: { read: 'GetLifecycleConfiguration', write: 'PutLifecycleConfiguration' },
  notFound: 'NoSuchLifecycleConfiguration',
  parse: parseLifecycleConfiguration,
  toXml: lifecycleConfigurationXml,
});
