/**
 * `npm run bench:multipart`: multipart upload and ranged download throughput through the facade (serverless
 * offline → handler → DynamoDB Local + s3rver) next to the blob backend alone (s3rver), in the same run, the way
 * aws-cli moves a large file (8 MiB parts, 4 at once, each way), and the offline process's peak RSS while it
 * happens (VmHWM: bounded memory means it does not grow with the object). BENCH_MULTIPART_MIB sets the size
 * (default 1024). Prints figures; asserts nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CreateBucketCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { startEphemeralStack } from '../scripts/local/ephemeral-stack';
import { listenerPid } from './support/process-cpu';
import { storageBenchClients } from './support/storage-bench-clients';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_MULTIPART_MIB ?? '1024') * MiB;
const PART = 8 * MiB;
const CONCURRENCY = 4;

console.log('Starting the local stack (in memory)...');
const stack = await startEphemeralStack({ name: 'bench-multipart', withOffline: true });
const port = new URL(stack.baseUrl).port;
const offlinePid = listenerPid(port);
const rssMiB = (field: 'VmHWM' | 'VmRSS') =>
  Number(
    /(\d+) kB/.exec(
      readFileSync(`/proc/${offlinePid}/status`, 'utf8')
        .split('\n')
        .find((line) => line.startsWith(field))!,
    )![1],
  ) / 1024;

try {
  const clients = await storageBenchClients(stack);
  const facade = clients.facade();
  const direct = clients.s3rver();
  await facade.send(new CreateBucketCommand({ Bucket: 'bench-mpu' }));
  await direct.send(new CreateBucketCommand({ Bucket: 'bench-mpu-direct' }));

  // One part-sized random buffer repeated: the bytes differ per part only by their position, enough for a bench.
  const part = randomBytes(PART);
  const body = () =>
    (async function* () {
      for (let sent = 0; sent < SIZE; sent += PART) yield part.subarray(0, Math.min(PART, SIZE - sent));
    })();
  const expected = createHash('sha256');
  for (let sent = 0; sent < SIZE; sent += PART) expected.update(part.subarray(0, Math.min(PART, SIZE - sent)));
  const digest = expected.digest('hex');

  const upload = async (client: S3Client, bucket: string) => {
    const started = Date.now();
    await new Upload({
      client,
      params: { Bucket: bucket, Key: 'big.bin', Body: Readable.from(body()) },
      partSize: PART,
      queueSize: CONCURRENCY,
    }).done();
    return SIZE / ((Date.now() - started) / 1000) / 1e6;
  };
  const download = async (client: S3Client, bucket: string) => {
    const started = Date.now();
    const hash = createHash('sha256');
    const ranges = Array.from({ length: Math.ceil(SIZE / PART) }, (_, i) => [i * PART, Math.min(SIZE, (i + 1) * PART) - 1]);
    for (let i = 0; i < ranges.length; i += CONCURRENCY) {
      const pieces = await Promise.all(
        ranges.slice(i, i + CONCURRENCY).map(async ([start, end]) => {
          const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'big.bin', Range: `bytes=${start}-${end}` }));
          return got.Body!.transformToByteArray();
        }),
      );
      for (const piece of pieces) hash.update(piece);
    }
    const mbPerSecond = SIZE / ((Date.now() - started) / 1000) / 1e6;
    return { mbPerSecond, exact: hash.digest('hex') === digest };
  };

  const rssBefore = rssMiB('VmRSS');
  const facadeUp = await upload(facade, 'bench-mpu');
  const facadeDown = await download(facade, 'bench-mpu');
  const peak = rssMiB('VmHWM');
  const directUp = await upload(direct, 'bench-mpu-direct');
  const directDown = await download(direct, 'bench-mpu-direct');

  const row = (label: string, facadeMb: number, directMb: number) =>
    `  ${label.padEnd(22)} ${facadeMb.toFixed(1).padStart(8)} MB/s ${directMb.toFixed(1).padStart(10)} MB/s ${(facadeMb / directMb).toFixed(2).padStart(8)}×`;
  console.log(`\n${SIZE / MiB} MiB object, ${PART / MiB} MiB parts, ${CONCURRENCY} at once:`);
  console.log(`  ${''.padEnd(22)} ${'facade'.padStart(13)} ${'s3rver alone'.padStart(15)} ${'ratio'.padStart(9)}`);
  console.log(row('multipart upload', facadeUp, directUp));
  console.log(row('ranged download', facadeDown.mbPerSecond, directDown.mbPerSecond));
  console.log(`  byte-exact back: facade ${facadeDown.exact}, s3rver ${directDown.exact}`);
  console.log(`  serverless offline RSS: ${rssBefore.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB during (VmHWM)`);
} finally {
  await stack.stop();
}
