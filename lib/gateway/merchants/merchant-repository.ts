import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { gsi1Query, isTransactionConditionFailed, queryAllPages } from '../../aws';
import { hashApiToken } from '../credentials/api-token';
import { hashPassword, verifyPassword } from '../credentials/password-hash';
import { AdminUserAlreadyExistsError, MerchantAlreadyExistsError, MerchantNotFoundError } from '../errors';
import { type AcquirerAMode, type AdminUser, type Merchant, normaliseEmail } from './merchant';

const merchantKey = (id: string) => ({ PK: `MERCHANT#${id}`, SK: 'MERCHANT' });
const tokenKey = (tokenHash: string) => ({ PK: `APITOKEN#${tokenHash}`, SK: 'APITOKEN' });
const adminKey = (email: string) => ({ PK: `ADMINUSER#${normaliseEmail(email)}`, SK: 'ADMINUSER' });

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
    try {
      await this.documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...merchantKey(merchant.id),
                  GSI1PK: 'MERCHANTS',
                  GSI1SK: merchant.id,
                  kind: 'merchant',
                  ...merchant,
                  tokenHash,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { ...tokenKey(tokenHash), kind: 'apiToken', merchantId: merchant.id },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (isTransactionConditionFailed(error)) throw new MerchantAlreadyExistsError(`Merchant ${input.id} already exists`);
      throw error;
    }
    return merchant;
  }

  async get(id: string): Promise<Merchant | undefined> {
    const { Item } = await this.documents.send(new GetCommand({ TableName: this.table, Key: merchantKey(id) }));
    return Item ? toMerchant(Item) : undefined;
  }

  /** The merchant a presented API token belongs to, if any. */
  async findByToken(token: string): Promise<Merchant | undefined> {
    const { Item } = await this.documents.send(new GetCommand({ TableName: this.table, Key: tokenKey(hashApiToken(token)) }));
    return Item ? this.get(String(Item.merchantId)) : undefined;
  }

  /** Replaces the merchant's token: the old one stops working in the same atomic write. */
  async rotateToken(merchantId: string, newToken: string): Promise<void> {
    const { Item } = await this.documents.send(new GetCommand({ TableName: this.table, Key: merchantKey(merchantId) }));
    if (!Item) throw new MerchantNotFoundError(`Merchant ${merchantId} does not exist`);
    const oldHash = String(Item.tokenHash);
    const newHash = hashApiToken(newToken);
    await this.documents.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.table,
              Key: merchantKey(merchantId),
              UpdateExpression: 'SET tokenHash = :new, tokenRotatedAt = :at',
              ConditionExpression: 'tokenHash = :old',
              ExpressionAttributeValues: { ':new': newHash, ':old': oldHash, ':at': this.now().toISOString() },
            },
          },
          { Delete: { TableName: this.table, Key: tokenKey(oldHash) } },
          {
            Put: {
              TableName: this.table,
              Item: { ...tokenKey(newHash), kind: 'apiToken', merchantId },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  }

  async list(): Promise<Merchant[]> {
    return (await queryAllPages(this.documents, gsi1Query(this.table, 'MERCHANTS'))).map(toMerchant);
  }

  async createAdminUser(input: { merchantId: string; email: string; password: string }): Promise<AdminUser> {
    const user: AdminUser = {
      email: normaliseEmail(input.email),
      merchantId: input.merchantId,
      createdAt: this.now().toISOString(),
    };
    const passwordHash = await hashPassword(input.password);
    try {
      await this.documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: this.table,
                Key: merchantKey(input.merchantId),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...adminKey(user.email),
                  GSI1PK: 'ADMINUSERS',
                  GSI1SK: `${user.merchantId}#${user.email}`,
                  kind: 'adminUser',
                  ...user,
                  passwordHash,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (!isTransactionConditionFailed(error)) throw error;
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') {
        throw new MerchantNotFoundError(`Merchant ${input.merchantId} does not exist`);
      }
      throw new AdminUserAlreadyExistsError(`Admin user ${user.email} already exists`);
    }
    return user;
  }

  async getAdminUser(email: string): Promise<AdminUser | undefined> {
    const { Item } = await this.documents.send(new GetCommand({ TableName: this.table, Key: adminKey(email) }));
    return Item ? toAdminUser(Item) : undefined;
  }

  /** The admin user when the password matches; undefined otherwise, whichever part was wrong. */
  async verifyAdminPassword(email: string, password: string): Promise<AdminUser | undefined> {
    const { Item } = await this.documents.send(new GetCommand({ TableName: this.table, Key: adminKey(email) }));
    if (!Item) return undefined;
    return (await verifyPassword(password, String(Item.passwordHash))) ? toAdminUser(Item) : undefined;
  }

  async listAdminUsers(merchantId?: string): Promise<AdminUser[]> {
    return (
      await queryAllPages(this.documents, gsi1Query(this.table, 'ADMINUSERS', merchantId ? `${merchantId}#` : undefined))
    ).map(toAdminUser);
  }
}

function toMerchant(item: Record<string, unknown>): Merchant {
  return {
    id: String(item.id),
    name: String(item.name),
    acquirerAMode: item.acquirerAMode as AcquirerAMode,
    createdAt: String(item.createdAt),
  };
}

function toAdminUser(item: Record<string, unknown>): AdminUser {
  return { email: String(item.email), merchantId: String(item.merchantId), createdAt: String(item.createdAt) };
}
