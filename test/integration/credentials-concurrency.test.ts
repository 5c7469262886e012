import { describe, expect, it } from 'vitest';
import { ConcurrentUpdateError, generateApiToken, MerchantAlreadyExistsError } from '../../lib/gateway';
import { generateAccessKeyPair, StorageUserAlreadyExistsError } from '../../lib/storage';
import { scanAll } from '../support/scan-all';
import { testStack } from '../support/stack';

const { stage } = testStack();
const settle = <T>(calls: Promise<T>[]) => Promise.allSettled(calls);

async function tokenItemsOf(merchantId: string): Promise<number> {
  const items = await scanAll({
    TableName: stage.names.gatewayTable,
    FilterExpression: 'kind = :kind AND merchantId = :id',
    ExpressionAttributeValues: { ':kind': 'apiToken', ':id': merchantId },
    ConsistentRead: true,
  });
  return items.length;
}

describe('credentials under parallel writes (DynamoDB conditional transactions)', () => {
  it('creates a merchant exactly once when eight requests race for the same id', async () => {
    const tokens = Array.from({ length: 8 }, generateApiToken);
    const results = await settle(
      tokens.map((token) =>
        stage.merchants.create({ id: 'm-race', name: 'Race', acquirerAMode: 'loja_sem_autenticacao', token }),
      ),
    );
    const winners = results.flatMap((result, i) => (result.status === 'fulfilled' ? [tokens[i]!] : []));
    expect(winners).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(MerchantAlreadyExistsError);
    }
    for (const token of tokens)
      expect((await stage.merchants.findByToken(token))?.id).toBe(token === winners[0] ? 'm-race' : undefined);
    expect(await tokenItemsOf('m-race')).toBe(1);
  });

  it('leaves exactly one working token when rotations race, and no orphan token item', async () => {
    const newTokens = Array.from({ length: 6 }, generateApiToken);
    const results = await settle(newTokens.map((token) => stage.merchants.rotateToken('m-race', token)));
    const winners = newTokens.filter((_, i) => results[i]!.status === 'fulfilled');
    expect(winners.length).toBeGreaterThanOrEqual(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrentUpdateError);
    }
    const working = [];
    for (const token of newTokens) if (await stage.merchants.findByToken(token)) working.push(token);
    expect(working).toHaveLength(1);
    expect(winners).toContain(working[0]);
    expect(await tokenItemsOf('m-race')).toBe(1);
  });

  it('gives an access key to one storage user only', async () => {
    const { accessKey, secretKey } = generateAccessKeyPair();
    const results = await settle(
      Array.from({ length: 6 }, (_, i) =>
        stage.storageUsers.create({
          id: `racer-${i}`,
          displayName: `Racer ${i}`,
          email: `racer-${i}@example.com`,
          accessKey,
          secretKey,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(StorageUserAlreadyExistsError);
    }
    const owner = (await stage.storageUsers.resolveAccessKey(accessKey))!.user.id;
    const created = await Promise.all(Array.from({ length: 6 }, (_, i) => stage.storageUsers.get(`racer-${i}`)));
    expect(created.filter(Boolean).map((user) => user!.id)).toEqual([owner]);
  });
});
