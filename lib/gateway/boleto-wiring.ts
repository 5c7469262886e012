import { type AwsClients, lazyS3Client, type ResourceNames, resourceNames } from '../aws';
import { tableClients } from '../aws/clients-wiring';
import { serviceConfig } from '../config/config-wiring';
import { type MetricsSink, NO_METRICS } from '../metrics';
import { metrics } from '../metrics/metrics-wiring';
import { BoletoBankRepository } from './boleto/bank-connection/boleto-bank-repository';
import type { RemessaDependencies } from './boleto/registration/generate-remessa';
import type { RetornoDependencies } from './boleto/registration/import-retorno';
import { RemessaStore } from './boleto/registration/remessa-store';
import { RetornoStore } from './boleto/registration/retorno-store';
import { DynamoTransactionStore } from './transactions/dynamo-transaction-store';

export interface BoletoFileDependencies {
  remessa: RemessaDependencies;
  retorno: RetornoDependencies;
}

/**
 * The boleto file exchange (remessa out, retorno in) against a stage's table and blob bucket: for the CLI and the
 * admin function. Retorno occurrences move transactions through the same store as the API (events, metrics).
 */
export function createBoletoFileDependencies(
  clients: Pick<AwsClients, 'documents'> & { s3: AwsClients['s3'] | (() => Promise<AwsClients['s3']>) },
  names: Pick<ResourceNames, 'gatewayTable' | 'blobBucket'>,
  sink: MetricsSink = NO_METRICS,
): BoletoFileDependencies {
  const { s3 } = clients;
  const banks = new BoletoBankRepository(clients.documents, names.gatewayTable);
  const now = () => new Date();
  return {
    remessa: {
      remessas: new RemessaStore(
        clients.documents,
        typeof s3 === 'function' ? s3 : async () => s3,
        names.gatewayTable,
        names.blobBucket,
      ),
      banks,
      now,
    },
    retorno: {
      store: new DynamoTransactionStore(clients.documents, names.gatewayTable, undefined, sink),
      retornos: new RetornoStore(clients.documents, names.gatewayTable),
      banks,
      now,
    },
  };
}

let cached: BoletoFileDependencies | undefined;

/** This container's boleto file exchange, from its environment (the admin function's pages), with the functions' metrics. */
export function boletoFileWiring(): BoletoFileDependencies {
  // The blob bucket's client only when a file is downloaded: the admin function loads no S3 SDK at cold start.
  const s3 = lazyS3Client(serviceConfig());
  cached ??= createBoletoFileDependencies({ documents: tableClients().documents, s3 }, resourceNames(serviceConfig()), metrics());
  return cached;
}
