import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, gsi1Query, isConditionalCheckFailed, queryAllPages, transactWrite } from '../../aws';
import type { AcquirerSlot } from '../acquirers/connection/acquirer-secret';
import type { MerchantAcquirerSettings } from '../acquirers/connection/merchant-acquirer-connections';
import { hashApiToken } from '../credentials/api-token';
import { hashPassword, verifyPassword } from '../credentials/password-hash';
import { AdminUserAlreadyExistsError, ConcurrentUpdateError, MerchantAlreadyExistsError, MerchantNotFoundError } from '../errors';
import type { MerchantPixPsp } from '../pix/merchant-psp/merchant-pix-psp';
import {
  ADMIN_USERS_PARTITION,
  adminUserKey,
  adminUserListSortKey,
  adminUsersOfMerchant,
  MERCHANTS_PARTITION,
  merchantKey,
  tokenKey,
} from '../table/gateway-table';
import { type AcquirerAMode, type AdminUser, type Merchant, normaliseEmail } from './merchant';

const adminKey = (email: string) => adminUserKey(normaliseEmail(email));
const ABSENT = 'attribute_not_exists(PK)';

// Verifying against a decoy when the account does not exist keeps the timing of a wrong e-mail and a
// wrong password alike. Hashed on first need, not at import: cold starts stay cheap.
let decoyPasswordHash: Promise<string> | undefined;
const decoyHash = () => {
  decoyPasswordHash ??= hashPassword('decoy password for unknown accounts');
  return decoyPasswordHash;
};

/**
 * Merchants, their API tokens and their admin users in the gateway table. Tokens and passwords are
 * stored only as hashes; a token resolves through its own item, so authentication is one GetItem.
 */
export class MerchantRepository {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates the merchant with its API token, or throws MerchantAlreadyExistsError (token collisions included). */
  async create(input: { id: string; name: string; acquirerAMode: AcquirerAMode; token: string }): Promise<Merchant> {
    const merchant: Merchant = {
      id: input.id,
      name: input.name,
      acquirerAMode: input.acquirerAMode,
      createdAt: this.now().toISOString(),
    };
    const tokenHash = hashApiToken(input.token);
    const profile = {
      ...merchantKey(merchant.id),
      GSI1PK: MERCHANTS_PARTITION,
      GSI1SK: merchant.id,
      kind: 'merchant',
      ...merchant,
      tokenHash,
    };
    await transactWrite(
      this.documents,
      [
        { Put: { TableName: this.table, Item: profile, ConditionExpression: ABSENT } },
        {
          Put: {
            TableName: this.table,
            Item: { ...tokenKey(tokenHash), ...tokenSnapshot(merchant) },
            ConditionExpression: ABSENT,
          },
        },
      ],
      () => new MerchantAlreadyExistsError(`Merchant ${input.id} already exists`),
    );
    return merchant;
  }

  async get(id: string): Promise<Merchant | undefined> {
    const item = await getItem(this.documents, this.table, merchantKey(id));
    return item ? toMerchant(item) : undefined;
  }

  /** The merchant a presented API token belongs to, if any. */
  async findByToken(token: string): Promise<Merchant | undefined> {
    const item = await getItem(this.documents, this.table, tokenKey(hashApiToken(token)));
    return item ? this.get(String(item.merchantId)) : undefined;
  }

  /** Replaces the merchant's token: the old one stops working in the same atomic write. */
  async rotateToken(merchantId: string, newToken: string): Promise<void> {
    const item = await getItem(this.documents, this.table, merchantKey(merchantId));
    if (!item) throw new MerchantNotFoundError(`Merchant ${merchantId} does not exist`);
    const oldHash = String(item.tokenHash);
    const newHash = hashApiToken(newToken);
    await transactWrite(
      this.documents,
      [
        {
          Update: {
            TableName: this.table,
            Key: merchantKey(merchantId),
            UpdateExpression: 'SET tokenHash = :new, tokenRotatedAt = :at',
            // Two rotations at once: only the one that saw the current token wins.
            ConditionExpression: 'tokenHash = :old',
            ExpressionAttributeValues: { ':new': newHash, ':old': oldHash, ':at': this.now().toISOString() },
          },
        },
        { Delete: { TableName: this.table, Key: tokenKey(oldHash) } },
        {
          Put: {
            TableName: this.table,
            Item: { ...tokenKey(newHash), kind: 'apiToken', merchantId },
            ConditionExpression: ABSENT,
          },
        },
      ],
      () => new ConcurrentUpdateError(`The token of merchant ${merchantId} changed meanwhile; try again`),
    );
  }

  /** Names the merchant's PSP secret and sets its callback secret's hash (docs/pix.md, `pix-psp set`). */
  async setPixPsp(merchantId: string, settings: Omit<MerchantPixPsp, 'configuredAt'>): Promise<MerchantPixPsp> {
    const pixPsp: MerchantPixPsp = { ...settings, configuredAt: this.now().toISOString() };
    await this.updateExisting(merchantId, 'SET pixPsp = :pixPsp', { ':pixPsp': pixPsp });
    return pixPsp;
  }

  /** The merchant stops taking production Pix: new charges are refused and its callback URL answers 404. */
  async removePixPsp(merchantId: string): Promise<void> {
    await this.updateExisting(merchantId, 'REMOVE pixPsp');
  }

  /** Names the merchant's connection secret for an acquirer (docs/acquirers.md, `acquirer set`). */
  async setAcquirer(merchantId: string, slot: AcquirerSlot, secretId: string): Promise<MerchantAcquirerSettings> {
    const settings: MerchantAcquirerSettings = { secretId, configuredAt: this.now().toISOString() };
    await this.updateExisting(merchantId, `SET ${acquirerAttribute(slot)} = :settings`, { ':settings': settings });
    return settings;
  }

  /** The merchant's card payments on that acquirer go back to the stage's default (simulator, or 503 on production). */
  async removeAcquirer(merchantId: string, slot: AcquirerSlot): Promise<void> {
    await this.updateExisting(merchantId, `REMOVE ${acquirerAttribute(slot)}`);
  }

  async getAcquirer(merchantId: string, slot: AcquirerSlot): Promise<MerchantAcquirerSettings | undefined> {
    const item = await getItem(this.documents, this.table, merchantKey(merchantId));
    const settings = item?.[acquirerAttribute(slot)] as MerchantAcquirerSettings | undefined;
    return typeof settings?.secretId === 'string' ? settings : undefined;
  }

  async getPixPsp(merchantId: string): Promise<MerchantPixPsp | undefined> {
    const item = await getItem(this.documents, this.table, merchantKey(merchantId));
    const pixPsp = item?.pixPsp as MerchantPixPsp | undefined;
    return pixPsp?.secretId && pixPsp.callbackSecretHash ? pixPsp : undefined;
  }

  private async updateExisting(merchantId: string, update: string, values?: Record<string, unknown>): Promise<void> {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: merchantKey(merchantId),
          UpdateExpression: update,
          ConditionExpression: 'attribute_exists(PK)',
          ...(values ? { ExpressionAttributeValues: values } : {}),
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new MerchantNotFoundError(`Merchant ${merchantId} does not exist`);
      throw error;
    }
  }

  async list(): Promise<Merchant[]> {
    return (await queryAllPages(this.documents, gsi1Query(this.table, MERCHANTS_PARTITION))).map(toMerchant);
  }

  async createAdminUser(input: { merchantId: string; email: string; password: string }): Promise<AdminUser> {
    const user: AdminUser = {
      email: normaliseEmail(input.email),
      merchantId: input.merchantId,
      createdAt: this.now().toISOString(),
    };
    const passwordHash = await hashPassword(input.password);
    const record = {
      ...adminKey(user.email),
      GSI1PK: ADMIN_USERS_PARTITION,
      GSI1SK: adminUserListSortKey(user.merchantId, user.email),
      kind: 'adminUser',
      ...user,
      passwordHash,
    };
    await transactWrite(
      this.documents,
      [
        {
          ConditionCheck: {
            TableName: this.table,
            Key: merchantKey(input.merchantId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        { Put: { TableName: this.table, Item: record, ConditionExpression: ABSENT } },
      ],
      (failedIndex) =>
        failedIndex === 0
          ? new MerchantNotFoundError(`Merchant ${input.merchantId} does not exist`)
          : new AdminUserAlreadyExistsError(`Admin user ${user.email} already exists`),
    );
    return user;
  }

  async getAdminUser(email: string): Promise<AdminUser | undefined> {
    const item = await getItem(this.documents, this.table, adminKey(email));
    return item ? toAdminUser(item) : undefined;
  }

  /** The admin user when the password matches; undefined otherwise, whichever part was wrong. */
  async verifyAdminPassword(email: string, password: string): Promise<AdminUser | undefined> {
    const item = await getItem(this.documents, this.table, adminKey(email));
    const matches = await verifyPassword(password, item ? String(item.passwordHash) : await decoyHash());
    return item && matches ? toAdminUser(item) : undefined;
  }

  async listAdminUsers(merchantId?: string): Promise<AdminUser[]> {
    const query = gsi1Query(this.table, ADMIN_USERS_PARTITION, merchantId ? adminUsersOfMerchant(merchantId) : undefined);
    return (await queryAllPages(this.documents, query)).map(toAdminUser);
  }
}

/** The token item carries what authentication needs, so that one read authenticates a request. */
function tokenSnapshot(merchant: Merchant) {
  return { kind: 'apiToken', merchantId: merchant.id, merchantName: merchant.name, acquirerAMode: merchant.acquirerAMode };
}

/** The merchant record's attribute naming its connection for an acquirer (`acquirerConnection_acquirerA`). */
function acquirerAttribute(slot: AcquirerSlot): string {
  return `acquirerConnection_${slot}`;
}

function toMerchant(item: Record<string, unknown>): Merchant {
  return {
    id: String(item.id),
    name: String(item.name),
    acquirerAMode: item.acquirerAMode as AcquirerAMode,
    createdAt: String(item.createdAt),
    ...(isRecord(item.pixPsp) && typeof item.pixPsp.secretId === 'string' ? { pixPspSecretId: item.pixPsp.secretId } : {}),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function toAdminUser(item: Record<string, unknown>): AdminUser {
  return { email: String(item.email), merchantId: String(item.merchantId), createdAt: String(item.createdAt) };
}
