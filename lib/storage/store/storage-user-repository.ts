import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getItem, gsi1Query, queryAllPages, transactWrite } from '../../aws';
import type { SecretBox } from '../model/secret-box';
import { type ResolvedAccessKey, type StorageUser, StorageUserAlreadyExistsError } from '../model/storage-user';

const userKey = (id: string) => ({ PK: `USER#${id}`, SK: 'USER' });
export const accessKeyKey = (accessKey: string) => ({ PK: `ACCESSKEY#${accessKey}`, SK: 'ACCESSKEY' });
const emailKey = (email: string) => ({ PK: `EMAIL#${email.trim().toLowerCase()}`, SK: 'EMAIL' });
const ABSENT = 'attribute_not_exists(PK)';
/** Opened secrets kept per container (a sealed value always opens to the same secret): at most this many. */
const OPENED_SECRETS = 1000;

/**
 * Storage users in the storage table: the profile, its access key (secret sealed by SecretBox) and its
 * e-mail (grants by e-mail resolve through it), written together so that none exists without the others.
 * The access key item carries a copy of the profile (profiles never change), so that one read of it
 * authenticates a request; items written before that copy existed fall back to reading the profile.
 */
export class StorageUserRepository {
  /** Sealed secret (bound to its access key) → the secret: only what cannot change, never whether the key is valid. */
  private readonly opened = new Map<string, string>();

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
        put({ ...accessKeyKey(user.accessKey), kind: 'accessKey', userId: user.id, sealedSecret, user }),
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
    return this.resolveAccessKeyItem(accessKey, await getItem(this.documents, this.table, accessKeyKey(accessKey)));
  }

  /** The user and secret of an access key item read elsewhere (one batch read of everything a request needs). */
  async resolveAccessKeyItem(
    accessKey: string,
    item: Record<string, unknown> | undefined,
  ): Promise<ResolvedAccessKey | undefined> {
    if (!item) return undefined;
    const user = item.user ? toStorageUser(item.user as Record<string, unknown>) : await this.get(String(item.userId));
    if (!user) return undefined;
    return { user, secretKey: await this.openSecret(String(item.sealedSecret), accessKey) };
  }

  /** Removes an access key: the next request signed with it is refused (nothing about it is cached). */
  async revokeAccessKey(accessKey: string): Promise<void> {
    await this.documents.send(new DeleteCommand({ TableName: this.table, Key: accessKeyKey(accessKey) }));
  }

  private async openSecret(sealed: string, accessKey: string): Promise<string> {
    const id = `${accessKey}.${sealed}`;
    let secret = this.opened.get(id);
    if (secret === undefined) {
      secret = (await this.secretBox()).open(sealed, accessKey);
      if (this.opened.size >= OPENED_SECRETS) this.opened.delete(this.opened.keys().next().value!);
      this.opened.set(id, secret);
    }
    return secret;
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
