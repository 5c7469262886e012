import { readFile, writeFile } from 'node:fs/promises';
import { readSecretString } from '../../lib/aws';
import { isValidMerchantId } from '../../lib/gateway';
import { BoletoBankRepository, configureBoletoBank } from '../../lib/gateway/boleto/bank-connection';
import { type BoletoMethod, isBoletoMethod } from '../../lib/gateway/boleto/bank-registry';
import { generateRemessa } from '../../lib/gateway/boleto/registration/generate-remessa';
import { importRetorno } from '../../lib/gateway/boleto/registration/import-retorno';
import { createBoletoFileDependencies } from '../../lib/gateway/boleto-wiring';
import { namedSecretReader } from '../../lib/gateway/connections';
import { formatAmount } from '../../lib/gateway/domain/money';
import { PspDueCharges } from '../../lib/gateway/pix/merchant-psp/psp-due-charges';
import { createMerchantPspClients } from '../../lib/gateway/pix-psp-wiring';
import type { StageContext } from '../shared/stage-context';
import { type Command, optionalOption, requiredOption, UsageError } from './options';

function method(options: Record<string, unknown>): BoletoMethod {
  const value = requiredOption(options, 'method');
  if (!isBoletoMethod(value)) throw new UsageError('--method must be boleto_bankA or boleto_bankB');
  return value;
}

function merchant(options: Record<string, unknown>): string {
  const value = requiredOption(options, 'merchant');
  if (!isValidMerchantId(value)) throw new UsageError(`--merchant "${value}" is not a merchant id`);
  return value;
}

/** The CLI prints its result as JSON on stdout: a PSP that could not be asked is said on stderr. */
const warningsToStderr = {
  info: () => {},
  warn: (message: string, attributes: Record<string, unknown>) =>
    process.stderr.write(`${message} ${JSON.stringify(attributes)}\n`),
};

const files = (stage: StageContext) => createBoletoFileDependencies(stage.clients, stage.names);

/** Registered boletos (docs/boletos.md): the bank connection, remessa files out, retorno files in. */
export const BOLETO_COMMANDS: Record<string, Command> = {
  'boleto-bank set': async (stage, options) => {
    const merchantId = merchant(options);
    const settings = await configureBoletoBank(
      {
        banks: new BoletoBankRepository(stage.clients.documents, stage.names.gatewayTable),
        merchantExists: async (id) => (await stage.merchants.get(id)) !== undefined,
        readSecret: namedSecretReader(stage.config.acquirerSecrets, (name) => readSecretString(stage.clients.secrets, name)),
        now: () => new Date(),
      },
      { merchantId, method: requiredOption(options, 'method'), secretId: requiredOption(options, 'secret-id') },
    );
    const { configuredAt: _, ...shown } = settings;
    return { merchant: merchantId, method: requiredOption(options, 'method'), ...shown, pixKey: settings.pixKey ?? '(none)' };
  },
  'boleto-bank remove': async (stage, options) => {
    const merchantId = merchant(options);
    const which = method(options);
    await new BoletoBankRepository(stage.clients.documents, stage.names.gatewayTable).remove(merchantId, which);
    return { merchant: merchantId, method: which, bank: 'removed' };
  },
  'boleto remessa': async (stage, options) => {
    const out = requiredOption(options, 'out');
    const result = await generateRemessa(files(stage).remessa, { merchantId: merchant(options), method: method(options) });
    if (!result) return { remessa: 'nothing queued: no file written' };
    await writeFile(out, result.content, 'latin1');
    const { record } = result;
    return {
      file: out,
      fileName: record.fileName,
      sequence: record.sequence,
      titles: record.titles,
      total: formatAmount(record.totalCents),
      stored: record.blobKey,
    };
  },
  'boleto retorno': async (stage, options) => {
    const path = optionalOption(options, 'file');
    if (!path) throw new UsageError('boleto retorno needs the file: boleto retorno --merchant ID --method M FILE');
    // A híbrido settled by the file has its cobv removed at the merchant's PSP (docs/boletos.md).
    const connections = createMerchantPspClients(stage.clients, stage.names, stage.config);
    const dueCharges = new PspDueCharges(connections, warningsToStderr);
    const report = await importRetorno(
      { ...files(stage).retorno, dueCharges },
      { merchantId: merchant(options), method: method(options), content: await readFile(path, 'latin1'), by: 'retorno:cli' },
    ).finally(() => connections.close());
    const { occurrences, ...summary } = report;
    return [{ ...summary }, ...occurrences.map((occurrence) => ({ ...occurrence }))];
  },
};

export const BOLETO_USAGE = `  boleto-bank set --merchant ID --method boleto_bankA|boleto_bankB --secret-id NAME
                                   (registered boletos: the bank secret by name in ACQUIRER_SECRETS_DIR / Secrets Manager;
                                    checked field by field before anything is stored; docs/boletos.md)
  boleto-bank remove --merchant ID --method M                       (new boletos of M are unregistered again)
  boleto remessa --merchant ID --method M --out FILE                (the CNAB 240 remessa of every boleto queued; kept in the blob bucket)
  boleto retorno --merchant ID --method M FILE                      (applies a CNAB 240 retorno; a malformed file is refused whole)`;
