import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { type LazyClient, lazyClient } from './lazy-client';
import { type ClientSettings, credentialsFor, MAX_ATTEMPTS, timeoutsFor } from './table-clients';
import { withoutSdkLogger } from './without-sdk-logger';

/**
 * The blob bucket client's settings, apart from the client itself: a function that builds its S3 client on first use
 * (`await import('@aws-sdk/client-s3')`) gets the same client the storage functions build at init.
 */
export function s3ClientOptions(settings: ClientSettings): S3ClientConfig {
  return {
    region: settings.region,
    endpoint: settings.s3Endpoint,
    credentials: credentialsFor(settings),
    forcePathStyle: settings.s3Endpoint !== undefined,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: timeoutsFor(settings, 'blob'),
    // s3rver stores streamed uploads corrupted when the SDK adds its default CRC32 checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** The blob bucket's client, built (and its SDK package loaded) on first use: see lazyClient. */
export function lazyS3Client(settings: ClientSettings): LazyClient<S3Client> {
  return lazyClient(async () => withoutSdkLogger(new (await import('@aws-sdk/client-s3')).S3Client(s3ClientOptions(settings))));
}
