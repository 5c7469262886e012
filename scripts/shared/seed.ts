import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { type AcquirerAMode, AdminUserAlreadyExistsError, MerchantAlreadyExistsError } from '../../lib/gateway';
import { StorageUserAlreadyExistsError } from '../../lib/storage';
import seedSchema from '../../schemas/seed-file.schema.json' with { type: 'json' };
import type { StageContext } from './stage-context';

export interface SeedFile {
  merchants?: {
    id: string;
    name: string;
    token: string;
    acquirerAMode: AcquirerAMode;
    admin?: { email: string; password: string };
  }[];
  storageUsers?: { id: string; displayName: string; email: string; accessKey: string; secretKey: string }[];
}

const ajv = new Ajv({ allErrors: true });
addFormats.default(ajv);
const validateSeed = ajv.compile<SeedFile>(seedSchema);

export function readSeedFile(path: string): SeedFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read seed file ${path}: ${(error as Error).message}`);
  }
  if (!validateSeed(parsed)) {
    const problems = (validateSeed.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new Error(`Seed file ${path} is invalid: ${problems}`);
  }
  return parsed;
}

/**
 * Creates what the seed names and is missing; records that exist are left untouched (so seeding
 * twice changes nothing, and a password changed through the CLI is not reset by a restart).
 */
export async function seedStage(
  seed: SeedFile,
  stage: Pick<StageContext, 'merchants' | 'storageUsers'>,
): Promise<{ created: string[]; existing: string[] }> {
  const created: string[] = [];
  const existing: string[] = [];
  const attempt = async (label: string, write: () => Promise<unknown>, alreadyExists: new (...args: never[]) => Error) => {
    try {
      await write();
      created.push(label);
    } catch (error) {
      if (!(error instanceof alreadyExists)) throw error;
      existing.push(label);
    }
  };
  for (const merchant of seed.merchants ?? []) {
    await attempt(`merchant ${merchant.id}`, () => stage.merchants.create(merchant), MerchantAlreadyExistsError);
    const admin = merchant.admin;
    if (admin) {
      await attempt(
        `admin ${admin.email}`,
        async () => {
          if (await stage.merchants.getAdminUser(admin.email)) throw new AdminUserAlreadyExistsError(admin.email);
          await stage.merchants.createAdminUser({ merchantId: merchant.id, ...admin });
        },
        AdminUserAlreadyExistsError,
      );
    }
  }
  for (const user of seed.storageUsers ?? []) {
    await attempt(`storage user ${user.id}`, () => stage.storageUsers.create(user), StorageUserAlreadyExistsError);
  }
  return { created, existing };
}
