import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getItem, gsi1Query, queryAllPages, transactWrite } from '../../aws';
import type { SecretBox } from '../credentials/secret-box';
import { type ResolvedAccessKey, type StorageUser, StorageUserAlreadyExistsError } from './storage-user';

const userKey = (id: string) => ({ PK: `USER#${id}`, SK: 'USER' });
const accessKeyKey = (accessKey: string) => ({ PK: `ACCESSKEY#${accessKey}`, SK: 'ACCESSKEY' });
const emailKey = (email: string) => ({ PK: `EMAIL#${email.trim().toLowerCase()}`, SK: 'EMAIL' });
const ABSENT = 'attribute_not_exists(PK)';

/**
 * Storage users in the storage table: the profile, its access key (secret sealed by SecretBox) and its
 * e-mail (grants by e-mail resolve through it), written together so that none exists without the others.
 */
export class StorageUserRepository {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly secretBox: () => Promise<SecretBox>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: Omit<StorageUser, 'createdAt'> & { secretKey: string }): Promise<StorageUser> {
    const user: StorageUser = {
      id: input.id,
      displayName: input.displayName,
      email: input.email.trim(),
      accessKey: input.accessKey,
      createdAt: this.now().toISOString(),
    };
    const sealedSecret = (await this.secretBox()).seal(input.secretKey, input.accessKey);
    const put = (Item: Record<string, unknown>) => ({ Put: { TableName: this.table, Item, ConditionExpression: ABSENT } });
    await transactWrite(
      this.documents,
      [
        put({ ...userKey(user.id), GSI1PK: 'USERS', GSI1SK: user.id, kind: 'user', ...user }),
        put({ ...accessKeyKey(user.accessKey), kind: 'accessKey', userId: user.id, sealedSecret }),
        put({ ...emailKey(user.email), kind: 'email', userId: user.id }),
      ],
      () => new StorageUserAlreadyExistsError(`A storage user with id ${user.id}, this access key or this e-mail already exists`),
    );
    return user;
  }

  async get(id: string): Promise<StorageUser | undefined> {
    const item = await getItem(this.documents, this.table, userKey(id));
    return item ? toStorageUser(item) : undefined;
  }

  async findByEmail(email: string): Promise<StorageUser | undefined> {
    const item = await getItem(this.documents, this.table, emailKey(email));
    return item ? this.get(String(item.userId)) : undefined;
  }

  /** The user and its secret key, for verifying a request signed with this access key. */
  async resolveAccessKey(accessKey: string): Promise<ResolvedAccessKey | undefined> {
    const item = await getItem(this.documents, this.table, accessKeyKey(accessKey));
    if (!item) return undefined;
    const user = await this.get(String(item.userId));
    if (!user) return undefined;
    return { user, secretKey: (await this.secretBox()).open(String(item.sealedSecret), accessKey) };
  }

  async list(): Promise<StorageUser[]> {
    return (await queryAllPages(this.documents, gsi1Query(this.table, 'USERS'))).map(toStorageUser);
  }
}

function toStorageUser(item: Record<string, unknown>): StorageUser {
  return {
    id: String(item.id),
    displayName: String(item.displayName),
    email: String(item.email),
    accessKey: String(item.accessKey),
    createdAt: String(item.createdAt),
  };
}
