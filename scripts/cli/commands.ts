import { randomBytes } from 'node:crypto';
import { readSecretString } from '../../lib/aws';
import {
  ACQUIRER_A_MODES,
  type AcquirerAMode,
  generateApiToken,
  isAcquirerAMode,
  isPlausibleEmail,
  isValidMerchantId,
} from '../../lib/gateway';
import { configureMerchantAcquirer, isAcquirerSlot } from '../../lib/gateway/acquirers/connection';
import { namedSecretReader } from '../../lib/gateway/connections';
import { configureMerchantPixPsp, pspSecretReader } from '../../lib/gateway/pix/merchant-psp';
import {
  BucketCountRepository,
  DEFAULT_UPLOAD_EXPIRY_DAYS,
  generateAccessKeyPair,
  generateCanonicalUserId,
  isValidKmsKeyId,
  isValidStorageUserId,
  sweepStorage,
} from '../../lib/storage';
import { createStorageWiring } from '../../lib/storage/storage-wiring';
import { backfillListing } from '../../lib/storage/store/listing-backfill-repository';
import { BOLETO_COMMANDS, BOLETO_USAGE } from './boleto-commands';
import { type Command, type Options, optionalOption, requiredOption, UsageError } from './options';
import { postFormPage } from './post-form-page';

export { UsageError } from './options';

const required = requiredOption;
const optional = optionalOption;

function email(options: Options): string {
  const value = required(options, 'email');
  if (!isPlausibleEmail(value)) throw new UsageError(`--email "${value}" is not an e-mail address`);
  return value;
}

/** Every operator command: `<resource> <action>`. Secrets are printed once, here, and stored only hashed or sealed. */
export const COMMANDS: Record<string, Command> = {
  'merchant create': async (stage, options) => {
    const id = required(options, 'id');
    if (!isValidMerchantId(id))
      throw new UsageError('--id must be 2-63 characters of a-z, 0-9 and -, starting with a letter or digit');
    const mode = optional(options, 'acquirer-a-mode') ?? 'loja_sem_autenticacao';
    if (!isAcquirerAMode(mode)) throw new UsageError(`--acquirer-a-mode must be one of ${ACQUIRER_A_MODES.join(', ')}`);
    const token = generateApiToken();
    const merchant = await stage.merchants.create({
      id,
      name: required(options, 'name'),
      acquirerAMode: mode as AcquirerAMode,
      token,
    });
    return { ...merchant, token };
  },
  'merchant rotate-token': async (stage, options) => {
    const id = required(options, 'id');
    const token = generateApiToken();
    await stage.merchants.rotateToken(id, token);
    return { id, token };
  },
  'merchant list': async (stage) => (await stage.merchants.list()).map((merchant) => ({ ...merchant })),
  'admin create': async (stage, options) => {
    const given = optional(options, 'password');
    if (given !== undefined && given.length < 12) throw new UsageError('--password must have at least 12 characters');
    const password = given ?? randomBytes(18).toString('base64url');
    const user = await stage.merchants.createAdminUser({
      merchantId: required(options, 'merchant'),
      email: email(options),
      password,
    });
    return given === undefined ? { ...user, password } : { ...user };
  },
  'admin list': async (stage, options) =>
    (await stage.merchants.listAdminUsers(optional(options, 'merchant'))).map((user) => ({ ...user })),
  'pix-psp set': async (stage, options) => {
    const merchantId = required(options, 'merchant');
    const result = await configureMerchantPixPsp(
      {
        merchants: stage.merchants,
        readSecret: pspSecretReader(stage.config.pixPspSecrets, (name) => readSecretString(stage.clients.secrets, name)),
      },
      {
        merchantId,
        secretId: required(options, 'secret-id'),
        baseUrl: required(options, 'base-url'),
        registerWebhook: options['no-webhook'] !== true,
      },
    );
    return {
      merchant: merchantId,
      secretId: result.settings.secretId,
      chave: result.chave,
      webhookRegistered: result.webhookRegistered,
      callbackUrl: result.callbackUrl,
    };
  },
  'pix-psp remove': async (stage, options) => {
    const merchantId = required(options, 'merchant');
    await stage.merchants.removePixPsp(merchantId);
    return { merchant: merchantId, pixPsp: 'removed' };
  },
  'acquirer set': async (stage, options) => {
    const merchantId = required(options, 'merchant');
    const result = await configureMerchantAcquirer(
      {
        merchants: stage.merchants,
        readSecret: namedSecretReader(stage.config.acquirerSecrets, (name) => readSecretString(stage.clients.secrets, name)),
        allowHttp: stage.config.acquirerAllowHttp,
      },
      {
        merchantId,
        acquirer: required(options, 'acquirer'),
        secretId: required(options, 'secret-id'),
        check: options['no-check'] !== true,
      },
    );
    return {
      merchant: merchantId,
      acquirer: result.slot,
      provider: result.provider,
      secretId: result.settings.secretId,
      credentialsChecked: result.checked,
    };
  },
  'acquirer remove': async (stage, options) => {
    const merchantId = required(options, 'merchant');
    const slot = required(options, 'acquirer');
    if (!isAcquirerSlot(slot)) throw new UsageError('--acquirer must be acquirerA or acquirerB');
    await stage.merchants.removeAcquirer(merchantId, slot);
    return { merchant: merchantId, acquirer: slot, connection: 'removed' };
  },
  'storage-user create': async (stage, options) => {
    const id = optional(options, 'id') ?? generateCanonicalUserId();
    if (!isValidStorageUserId(id)) throw new UsageError('--id must be 1-64 characters of A-Z, a-z, 0-9, _, . and -');
    const keys = generateAccessKeyPair();
    const user = await stage.storageUsers.create({ id, displayName: required(options, 'name'), email: email(options), ...keys });
    return { ...user, secretKey: keys.secretKey };
  },
  'storage-user list': async (stage) => (await stage.storageUsers.list()).map((user) => ({ ...user })),
  'storage-user max-buckets': async (stage, options) => {
    const id = required(options, 'id');
    if (!(await stage.storageUsers.get(id))) throw new UsageError(`no storage user ${id}`);
    const given = required(options, 'max');
    const max = given === 'default' ? null : Number(given);
    if (max !== null && (!Number.isInteger(max) || max < 1))
      throw new UsageError('--max must be a whole number of at least 1, or "default"');
    const counts = new BucketCountRepository(stage.clients.documents, stage.names.storageTable);
    await counts.setMaxBuckets(id, max);
    const count = await counts.read(id);
    return { id, buckets: count?.count ?? 0, maxBuckets: max ?? stage.config.storageMaxBucketsPerUser };
  },
  'storage sweep-orphans': async (stage, options) => {
    const minutes = Number(optional(options, 'older-than-minutes') ?? 60);
    if (!Number.isInteger(minutes) || minutes < 1)
      throw new UsageError('--older-than-minutes must be a whole number of at least 1');
    const days = Number(optional(options, 'upload-expiry-days') ?? DEFAULT_UPLOAD_EXPIRY_DAYS);
    if (!Number.isInteger(days) || days < 1) throw new UsageError('--upload-expiry-days must be a whole number of at least 1');
    const report = await sweepStorage(createStorageWiring(stage.clients, stage.names, stage.config), {
      olderThan: new Date(Date.now() - minutes * 60_000),
      uploadsIdleSince: new Date(Date.now() - days * 86_400_000),
    });
    return { ...report };
  },
  'storage post-form': async (stage, options) => {
    const bucket = required(options, 'bucket');
    const user = await stage.storageUsers.get(required(options, 'id'));
    if (!user) throw new UsageError(`no storage user ${options.id}`);
    const resolved = await stage.storageUsers.resolveAccessKey(user.accessKey);
    if (!resolved) throw new UsageError(`storage user ${user.id} has no usable access key`);
    const endpoint = optional(options, 'endpoint') ?? 'http://127.0.0.1:3000';
    const html = postFormPage({ endpoint, bucket, accessKey: user.accessKey, secretKey: resolved.secretKey });
    return { html };
  },
  'kms-key create': async (stage, options) => {
    const id = required(options, 'id');
    if (!isValidKmsKeyId(id)) throw new UsageError('--id must be 1-256 characters of A-Z, a-z, 0-9, /, _ and -');
    if (stage.config.storageKms.kind !== 'local') {
      throw new UsageError(
        'this stage uses AWS KMS: create keys with `aws kms create-key` and grant the storage functions use of them',
      );
    }
    return { id, outcome: await stage.kmsKeys.create(id) };
  },
  ...BOLETO_COMMANDS,
  'storage usage': async (stage, options) => {
    const bucket = required(options, 'bucket');
    const { deps } = createStorageWiring(stage.clients, stage.names, stage.config);
    return (await deps.usage.list(bucket)).map((entry) => ({ ...entry }));
  },
  'storage listing-backfill': async (stage, options) => {
    const bucket = required(options, 'bucket');
    return { bucket, ...(await backfillListing(stage.clients.documents, stage.names.storageTable, bucket)) };
  },
};

export const USAGE = `Usage: npm run cli -- [--target local|aws] [--stage sandbox|production] [--region R] [--json] <command>

Commands:
  merchant create --id ID --name NAME [--acquirer-a-mode ${ACQUIRER_A_MODES.join('|')}]
  merchant rotate-token --id ID
  merchant list
  admin create --merchant ID --email EMAIL [--password PASSWORD]   (a password is generated when omitted)
  admin list [--merchant ID]
  pix-psp set --merchant ID --secret-id NAME --base-url URL [--no-webhook]
                                   (production Pix: the merchant's PSP secret by name, a new callback URL registered at
                                    the PSP with PUT /webhook/{chave}; prints the callback URL once; docs/pix.md)
  pix-psp remove --merchant ID     (the merchant stops taking production Pix; its callback URL answers 404)
${BOLETO_USAGE}
  acquirer set --merchant ID --acquirer acquirerA|acquirerB --secret-id NAME [--no-check]
                                   (card payments through the merchant's own Cielo (A) or e.Rede (B) account: the secret
                                    is checked, its credentials tried at the acquirer unless --no-check; docs/acquirers.md)
  acquirer remove --merchant ID --acquirer acquirerA|acquirerB
  storage-user create --name DISPLAY_NAME --email EMAIL [--id ID]  (prints the access key and secret key once)
  storage-user list
  storage-user max-buckets --id ID --max N|default                 (the user's own bucket limit; default: STORAGE_MAX_BUCKETS_PER_USER)
  storage sweep-orphans [--older-than-minutes 60] [--upload-expiry-days 7]  (aborts idle multipart uploads, removes blobs nothing points at; also runs hourly)
  storage post-form --bucket NAME --id USER [--endpoint URL]       (an HTML page with a signed browser upload form)
  storage usage --bucket NAME                                       (requests and bytes in/out per payer and day)
  storage listing-backfill --bucket NAME   (a bucket created before the listing index gets its listing items, then
                                            lists from them; after the deploy that brought them: docs/operations.md)
  kms-key create --id NAME                                          (a local stage's KMS key for SSE-KMS; idempotent)

--target local (default) reaches the running \`npm start\` stack (or DYNAMODB_ENDPOINT/S3_ENDPOINT);
--target aws reaches the deployed stage's tables with your AWS credentials.`;
