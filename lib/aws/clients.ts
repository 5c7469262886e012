import { S3Client } from '@aws-sdk/client-s3';
import { s3ClientOptions } from './s3-client-options';
import { type ClientSettings, createTableClients, type TableClients } from './table-clients';
import { withoutSdkLogger } from './without-sdk-logger';

/** The storage surface's clients: the table clients and S3 for the blob bucket. */
export interface AwsClients extends TableClients {
  s3: S3Client;
}

export function createAwsClients(settings: ClientSettings): AwsClients {
  return { ...createTableClients(settings), s3: createS3Client(settings) };
}

export function createS3Client(settings: ClientSettings): S3Client {
  return withoutSdkLogger(new S3Client(s3ClientOptions(settings)));
}
