import { serviceConfig } from '../config/config-wiring';
import { type AwsClients, createS3Client } from './clients';
import { createTableClients, type TableClients } from './table-clients';

// A wiring module: handlers and other wiring modules build the container's clients here and pass them in; nothing else
// under lib/ imports it (.dependency-cruiser.cjs, lib-not-wiring).

let cachedTable: TableClients | undefined;

/** This container's DynamoDB, Secrets Manager and KMS clients: built once, on first use, from the service configuration. */
export function tableClients(): TableClients {
  cachedTable ??= createTableClients(serviceConfig());
  return cachedTable;
}

let cached: AwsClients | undefined;

/** The clients of this container: built once, on first use, from the service configuration (the table clients shared). */
export function awsClients(): AwsClients {
  cached ??= { ...tableClients(), s3: createS3Client(serviceConfig()) };
  return cached;
}
