/** `npm run cli -- ...`: operator commands against a stage's tables (see USAGE). */
import { parseArgs } from 'node:util';
import { processEnv } from '../lib/config';
import { COMMANDS, USAGE, UsageError } from './cli/commands';
import { connect, type Target } from './cli/target';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      target: { type: 'string', default: 'local' },
      stage: { type: 'string', default: processEnv().STAGE ?? 'sandbox' },
      region: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      id: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      merchant: { type: 'string' },
      'acquirer-a-mode': { type: 'string' },
      'older-than-minutes': { type: 'string' },
      'upload-expiry-days': { type: 'string' },
      bucket: { type: 'string' },
      endpoint: { type: 'string' },
      max: { type: 'string' },
      'secret-id': { type: 'string' },
      'base-url': { type: 'string' },
      'no-webhook': { type: 'boolean', default: false },
      method: { type: 'string' },
      out: { type: 'string' },
      acquirer: { type: 'string' },
      'no-check': { type: 'boolean', default: false },
    },
  });
  // `<resource> <action>`, then at most one operand (a file: `boleto retorno ... FILE`).
  const command = COMMANDS[positionals.slice(0, 2).join(' ')];
  const [file, ...extra] = positionals.slice(2);
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.target !== 'local' && values.target !== 'aws') throw new UsageError('--target must be local or aws');
  if (values.stage !== 'sandbox' && values.stage !== 'production') throw new UsageError('--stage must be sandbox or production');
  const stage = await connect(values.target as Target, values.stage, processEnv(), values.region);
  const result = await command(stage, file === undefined ? values : { ...values, file });
  console.log(values.json ? JSON.stringify(result, null, 2) : formatHuman(result));
  return 0;
}

function formatHuman(result: Record<string, unknown> | Record<string, unknown>[]): string {
  const rows = Array.isArray(result) ? result : [result];
  if (rows.length === 0) return '(none)';
  return rows
    .map((row) =>
      Object.entries(row)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join('\n'),
    )
    .join('\n\n');
}

/** Refusals the operator can act on (bad input, duplicates, unknown ids) exit 2; anything else exits 1. */
const REFUSAL =
  /^(UsageError|.*AlreadyExistsError|.*NotFoundError|ConcurrentUpdateError|MerchantPspSetupError|PixPspConfigError|MerchantAcquirerSetupError|BoletoBankSetupError|BoletoRegistrationError|CnabFileError)$/;

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    // parseArgs rejects unknown options with a TypeError whose message is the explanation.
    const refusal = REFUSAL.test(failure.name) || failure instanceof TypeError;
    console.error(`cli: ${processEnv().VERBOSE === '1' ? failure.stack : failure.message}`);
    process.exit(refusal ? 2 : 1);
  },
);
