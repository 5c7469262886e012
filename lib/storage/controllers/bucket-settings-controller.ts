import { LOGGING_SETTING } from '../access-logs/logging-setting';
import { POLICY_SETTING } from '../bucket-policy/policy-setting';
import type { BucketSetting } from '../bucket-settings/bucket-setting';
import { deleteBucketSetting, getBucketSetting, putBucketSetting } from '../bucket-settings/bucket-setting-operations';
import { CORS_SETTING } from '../cors/cors-setting';
import { ENCRYPTION_SETTING } from '../encryption/encryption-setting';
import { LIFECYCLE_SETTING } from '../lifecycle/lifecycle-setting';
import { NOTIFICATION_SETTING } from '../notifications/notification-setting';
import { OWNERSHIP_SETTING } from '../ownership/ownership-setting';
import { PUBLIC_ACCESS_BLOCK_SETTING } from '../public-access/public-access-setting';
import { emptyResult, xmlResult } from '../requests/s3-response';
import { BUCKET_TAGGING_SETTING } from '../tagging/bucket-tagging-setting';
import { WEBSITE_SETTING } from '../website/website-setting';
import type { RouteTable } from './s3-call';

/**
 * The bucket settings that are a document stored on the bucket: GET, PUT and DELETE as S3 answers them. A new one
 * (policy, lifecycle, logging) is one more entry.
 */
export const BUCKET_SETTINGS: readonly BucketSetting[] = [
  CORS_SETTING,
  ENCRYPTION_SETTING,
  BUCKET_TAGGING_SETTING,
  OWNERSHIP_SETTING,
  PUBLIC_ACCESS_BLOCK_SETTING,
  POLICY_SETTING,
  LIFECYCLE_SETTING,
  LOGGING_SETTING,
  WEBSITE_SETTING,
  NOTIFICATION_SETTING,
];

/** GET (the document), PUT (200) and DELETE (204) of one setting. */
export function bucketSettingRoute(setting: BucketSetting): RouteTable[string] {
  return {
    GET: async ({ deps, principal, bucket }) => {
      const value = await getBucketSetting(deps, principal, bucket, setting);
      if (value === undefined) return xmlResult(typeof setting.notFound === 'string' ? '' : setting.notFound.document);
      const document = setting.toXml(value);
      const headers = setting.headers?.(value) ?? {};
      return setting.mediaType
        ? { status: 200, headers: { ...headers, 'content-type': setting.mediaType }, body: document }
        : xmlResult(document, 200, headers);
    },
    PUT: async ({ deps, principal, bucket, body }) => {
      await putBucketSetting(deps, principal, bucket, setting, body);
      return emptyResult(setting.putStatus ?? 200);
    },
    DELETE: async ({ deps, principal, bucket }) => {
      await deleteBucketSetting(deps, principal, bucket, setting);
      return emptyResult(204);
    },
  };
}

/** `/{bucket}?<setting>` for every registered setting. */
export const BUCKET_SETTING_ROUTES: RouteTable = Object.fromEntries(
  BUCKET_SETTINGS.map((setting) => [setting.subresource, bucketSettingRoute(setting)]),
);
