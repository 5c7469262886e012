import { putBucketAcl } from '../../acl/acl-operations';
import { putBucketRequestPayment } from '../../billing/bucket-request-payment';
import type { Principal } from '../../model/principal';
import type { StorageDeps } from '../../store/storage-deps';
import { putBucketVersioning } from '../../versions/bucket-versioning';
import type { ApiCall } from '../console-actor';

/** What the bucket page's settings buttons change. */
export const BUCKET_SETTINGS = [
  'versioning-enabled',
  'versioning-suspended',
  'payer-requester',
  'payer-bucket-owner',
  'public-read',
  'private',
] as const;
export type BucketSetting = (typeof BUCKET_SETTINGS)[number];

export const isBucketSetting = (value: unknown): value is BucketSetting => BUCKET_SETTINGS.includes(value as BucketSetting);

type Run = (deps: StorageDeps, principal: Principal, bucket: string) => Promise<void>;
/** A setting's use case, and the API call it stands for (a policy's conditions judge that call). */
type Change = { call: ApiCall; run: Run };

const versioning = (status: 'Enabled' | 'Suspended'): Change => ({
  call: { query: [['versioning', '']] },
  run: (deps, principal, bucket) =>
    putBucketVersioning(
      deps,
      principal,
      bucket,
      xml(`<VersioningConfiguration><Status>${status}</Status></VersioningConfiguration>`),
    ),
});

const payer = (who: 'Requester' | 'BucketOwner'): Change => ({
  call: { query: [['requestPayment', '']] },
  run: (deps, principal, bucket) =>
    putBucketRequestPayment(
      deps,
      principal,
      bucket,
      xml(`<RequestPaymentConfiguration><Payer>${who}</Payer></RequestPaymentConfiguration>`),
    ),
});

const canned = (acl: 'public-read' | 'private'): Change => {
  const headers = { 'x-amz-acl': [acl] };
  return {
    call: { headers, query: [['acl', '']] },
    run: (deps, principal, bucket) => putBucketAcl(deps, principal, bucket, { headers, body: Buffer.alloc(0) }),
  };
};

/** Each setting is the body or header an S3 client would send to the same use case. */
const CHANGES: Record<BucketSetting, Change> = {
  'versioning-enabled': versioning('Enabled'),
  'versioning-suspended': versioning('Suspended'),
  'payer-requester': payer('Requester'),
  'payer-bucket-owner': payer('BucketOwner'),
  'public-read': canned('public-read'),
  private: canned('private'),
};

export const bucketSettingChange = (setting: BucketSetting): Change => CHANGES[setting];

function xml(document: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${document}`);
}
