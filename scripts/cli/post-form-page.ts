import { createHmac } from 'node:crypto';

export interface PostFormInput {
  /** The storage endpoint the browser posts to, e.g. http://127.0.0.1:3000. */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region?: string;
  /** Uploads go to `<keyPrefix><the file's name>`. */
  keyPrefix?: string;
  expiresInMinutes?: number;
  maxBytes?: number;
  now?: Date;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * A self-contained HTML page with a SigV4-signed browser upload form (POST Object), as a web app would
 * serve it: the policy allows one file of at most `maxBytes` under `keyPrefix`, for `expiresInMinutes`.
 * Signed here with node:crypto, independently of the server's verifier.
 */
export function postFormPage(input: PostFormInput): string {
  const now = input.now ?? new Date();
  const region = input.region ?? 'us-east-1';
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  const amzDate = `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const credential = `${input.accessKey}/${date}/${region}/s3/aws4_request`;
  const keyPrefix = input.keyPrefix ?? 'uploads/';
  const fields: [string, string][] = [
    ['key', `${keyPrefix}\${filename}`],
    ['success_action_status', '201'],
    ['x-amz-algorithm', 'AWS4-HMAC-SHA256'],
    ['x-amz-credential', credential],
    ['x-amz-date', amzDate],
  ];
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(now.getTime() + (input.expiresInMinutes ?? 60) * 60_000).toISOString(),
      conditions: [
        { bucket: input.bucket },
        ['starts-with', '$key', keyPrefix],
        ['content-length-range', 1, input.maxBytes ?? 4 * 1024 * 1024],
        ...fields.filter(([name]) => name !== 'key').map(([name, value]) => ({ [name]: value })),
      ],
    }),
  ).toString('base64');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretKey}`, date), region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(policy).digest('hex');
  const hidden = [...fields, ['policy', policy], ['x-amz-signature', signature]]
    .map(([name, value]) => `    <input type="hidden" name="${escapeHtml(name!)}" value="${escapeHtml(value!)}">`)
    .join('\n');
  const action = `${input.endpoint.replace(/\/$/, '')}/${encodeURIComponent(input.bucket)}`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Upload to ${escapeHtml(input.bucket)}</title></head>
<body>
  <h1>Upload a file to ${escapeHtml(input.bucket)}</h1>
  <form id="upload" action="${escapeHtml(action)}" method="post" enctype="multipart/form-data">
${hidden}
    <input type="file" name="file" required>
    <button type="submit">Upload</button>
  </form>
</body>
</html>
`;
}
