import { createHash, randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AwsClients, ResourceNames } from '../aws';

export interface EchoResult {
  bytes: Buffer;
  md5: string;
}

/**
 * Sends the bytes through the whole storage path (blob bucket, then a record in the gateway
 * table), reads both back and cleans up: proof that a body survives API Gateway and the emulators
 * byte for byte. The record expires by TTL should the clean-up be interrupted.
 */
export async function echoRoundTrip(
  clients: Pick<AwsClients, 'documents' | 's3'>,
  names: Pick<ResourceNames, 'gatewayTable' | 'blobBucket'>,
  body: Buffer,
): Promise<EchoResult> {
  const id = randomUUID();
  const blobKey = `diagnostics/${id}`;
  const recordKey = { PK: `DIAGNOSTIC#${id}`, SK: 'DIAGNOSTIC' };
  const md5 = createHash('md5').update(body).digest('hex');
  await clients.s3.send(new PutObjectCommand({ Bucket: names.blobBucket, Key: blobKey, Body: body, ContentLength: body.length }));
  try {
    await clients.documents.send(
      new PutCommand({
        TableName: names.gatewayTable,
        Item: {
          ...recordKey,
          kind: 'diagnostic',
          blobKey,
          md5,
          size: body.length,
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
        },
      }),
    );
    const { Item } = await clients.documents.send(
      new GetCommand({ TableName: names.gatewayTable, Key: recordKey, ConsistentRead: true }),
    );
    const object = await clients.s3.send(new GetObjectCommand({ Bucket: names.blobBucket, Key: String(Item?.blobKey) }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    return { bytes, md5: createHash('md5').update(bytes).digest('hex') };
  } finally {
    await Promise.all([
      clients.s3.send(new DeleteObjectCommand({ Bucket: names.blobBucket, Key: blobKey })),
      clients.documents.send(new DeleteCommand({ TableName: names.gatewayTable, Key: recordKey })),
    ]);
  }
}
