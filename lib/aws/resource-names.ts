import type { ServiceConfig } from '../config';

/** The stage's table and bucket names, as serverless.yml hands them to every function. */
export interface ResourceNames {
  gatewayTable: string;
  storageTable: string;
  blobBucket: string;
}

export function resourceNames(config: Pick<ServiceConfig, keyof ResourceNames>): ResourceNames {
  return { gatewayTable: config.gatewayTable, storageTable: config.storageTable, blobBucket: config.blobBucket };
}
