import { type AwsClients, lazyS3Client, type ResourceNames, resourceNames } from '../aws';
import { tableClients } from '../aws/clients-wiring';
import { serviceConfig } from '../config/config-wiring';
import { logger } from '../log';
import { type MetricsSink, NO_METRICS } from '../metrics';
import { metrics } from '../metrics/metrics-wiring';
import { BoletoBankRepository } from './boleto/bank-connection/boleto-bank-repository';
import type { DueChargeIssuer } from './boleto/registration/due-charge-issuer';
import type { RemessaDependencies } from './boleto/registration/generate-remessa';
import type { RetornoDependencies } from './boleto/registration/import-retorno';
import { RemessaStore } from './boleto/registration/remessa-store';
import { RetornoStore } from './boleto/registration/retorno-store';
import { PspDueCharges } from './pix/merchant-psp/psp-due-charges';
import { createMerchantPspClients } from './pix-psp-wiring';
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
  dueCharges?: Pick<DueChargeIssuer, 'withdraw'>,
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
      ...(dueCharges ? { dueCharges } : {}),
    },
  };
}

let cached: BoletoFileDependencies | undefined;

/** This container's boleto file exchange, from its environment (the admin function's pages), with the functions' metrics. */
export function boletoFileWiring(): BoletoFileDependencies {
  // The blob bucket's client only when a file is downloaded: the admin function loads no S3 SDK at cold start.
  const s3 = lazyS3Client(serviceConfig());
  if (!cached) {
    // A retorno that settles a híbrido removes its cobv at the merchant's PSP (the function may read the PSP secrets).
    const clients = tableClients();
    const dueCharges = new PspDueCharges(
      createMerchantPspClients(clients, resourceNames(serviceConfig()), serviceConfig()),
      logger(),
    );
    cached = createBoletoFileDependencies(
      { documents: clients.documents, s3 },
      resourceNames(serviceConfig()),
      metrics(),
      dueCharges,
    );
  }
  return cached;
}
