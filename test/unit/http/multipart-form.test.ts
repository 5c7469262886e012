import { describe, expect, it } from 'vitest';
import { issueCsrfToken, multipartForm, sessionForm, UploadRefusedError } from '../../../lib/http/web';

const now = new Date('2026-11-28T10:00:00Z');
const secret = 's'.repeat(40);
const session = { id: 'session-1', expiresAt: Math.floor(now.getTime() / 1000) + 3600 };

/** A browser's multipart/form-data POST, as API Gateway hands it over (base64, binaryMediaTypes '*\/*'). */
async function browserPost(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('retorno', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return {
    httpMethod: 'POST',
    path: '/v1/admin/boletos',
    headers: { 'content-type': request.headers.get('content-type') as string },
    multiValueHeaders: {},
    body: body.toString('base64'),
    isBase64Encoded: true,
    requestContext: {},
    queryStringParameters: null,
  } as never;
}

describe('multipart/form-data forms', () => {
  it('give text fields and files apart, the file byte for byte (Latin-1 bytes stay as sent)', async () => {
    const bytes = Buffer.from('03400000         2\r\nÇÃO\u00ff', 'latin1');
    const form = await multipartForm(await browserPost({ metodo: 'boleto_bankA' }, { name: 'CB.RET', bytes }));
    expect(form.fields).toEqual({ metodo: 'boleto_bankA' });
    expect(form.files.retorno?.filename).toBe('CB.RET');
    expect(form.files.retorno?.bytes.equals(bytes)).toBe(true);
  });

  it('refuse a body over the limit before parsing it, and a body that is not multipart as sent', async () => {
    const event = await browserPost({ a: 'b' }, { name: 'big', bytes: Buffer.alloc(5_000, 1) });
    const tooLarge = await multipartForm(event, 4_000).catch((error: unknown) => error);
    expect(tooLarge).toBeInstanceOf(UploadRefusedError);
    expect(tooLarge).toMatchObject({ reason: 'too_large', maxBytes: 4_000 });
    const broken = { ...(event as object), body: Buffer.from('not a multipart body').toString('base64') } as never;
    await expect(multipartForm(broken)).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('carry the CSRF token in the session form: with it the files come through, without it nothing does', async () => {
    const token = issueCsrfToken(secret, 'admin|session-1', now, 600);
    const file = { name: 'CB.RET', bytes: Buffer.from('x') };
    const signed = await sessionForm(await browserPost({ _csrf: token }, file), secret, 'admin|session-1', session, now);
    expect(signed.files.retorno?.bytes.toString()).toBe('x');
    await expect(sessionForm(await browserPost({}, file), secret, 'admin|session-1', session, now)).rejects.toThrow(/CSRF|form/i);
  });
});
