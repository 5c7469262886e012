import { S3Client } from '@aws-sdk/client-s3';
import { generateAccessKeyPair } from '../../lib/storage';
import type { LocalStack } from '../../scripts/local/local-stack';

/** An SDK v3 client, path style; `plain` turns the SDK's checksums off, which s3rver needs (lib/aws explains why). */
export function benchS3Client(
  endpoint: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
  plain = false,
): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
    ...(plain ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
}

/** A new storage user on the stack, with a fresh key pair. */
export async function newBenchUser(
  stack: Pick<LocalStack, 'context'>,
  id = 'bench',
): Promise<{ accessKey: string; secretKey: string }> {
  const { accessKey, secretKey } = generateAccessKeyPair();
  await stack.context.storageUsers.create({ id, displayName: id, email: `${id}@example.com`, accessKey, secretKey });
  return { accessKey, secretKey };
}

/** A storage user on the stack, and client factories for the facade (its defaults) and for s3rver alone. */
export async function storageBenchClients(stack: LocalStack): Promise<{ facade: () => S3Client; s3rver: () => S3Client }> {
  const { accessKey, secretKey } = await newBenchUser(stack);
  return {
    facade: () => benchS3Client(stack.baseUrl, { accessKeyId: accessKey, secretAccessKey: secretKey }),
    s3rver: () => benchS3Client(stack.s3Endpoint, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, true),
  };
}
