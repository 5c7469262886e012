import { beforeAll, describe, expect, it } from 'vitest';
import { generateRemessa } from '../../../../lib/gateway/boleto/registration/generate-remessa';
import { createBoletoFileDependencies } from '../../../../lib/gateway/boleto-wiring';
import { AdminClient, csrfOf, newAdminUser } from '../../../support/admin/admin-client';
import { connectedMerchant, liquidacaoEntry, liquidacaoOf } from '../../../support/boleto-bank';
import { buildRetorno } from '../../../support/cnab240/retorno-builder';
import { boletoBody, call } from '../../../support/gateway';
import { testStack } from '../../../support/stack';

/** Issue 33: the admin UI's boleto files (remessa downloads, retorno upload) through HTTP, on the test stack. */
const { stage } = testStack();
const files = createBoletoFileDependencies(stage.clients, stage.names);

let shopA: { id: string; token: string };
let shopB: { id: string; token: string };
let adminA: AdminClient;
let adminB: AdminClient;

const decode = (html: string) => html.replace(/&amp;/g, '&');
const statusOf = async (token: string, id: number) =>
  (await call('GET', `/v1/transacao/${id}?token=${token}`)).body.transacao.status as string;

beforeAll(async () => {
  [shopA, shopB] = await Promise.all([connectedMerchant(), connectedMerchant()]);
  const [userA, userB] = await Promise.all([newAdminUser(shopA.id), newAdminUser(shopB.id)]);
  adminA = new AdminClient();
  adminB = new AdminClient();
  expect((await adminA.logIn(userA.email, userA.password)).status).toBe(303);
  expect((await adminB.logIn(userB.email, userB.password)).status).toBe(303);
});

describe('admin boleto files: remessa downloads', () => {
  it("lists the merchant's remessa files and serves each as a text/plain attachment, never another merchant's", async () => {
    const created = await call('POST', '/v1/transacao', boletoBody(shopA.token));
    expect(created.status).toBe(201);
    const generated = await generateRemessa(files.remessa, { merchantId: shopA.id, method: 'boleto_bankA' });
    if (!generated) throw new Error('no remessa generated');
    const { record, content } = generated;

    const list = await adminA.get('/v1/admin/boletos');
    expect(list.status).toBe(200);
    expect(list.text).toContain(record.fileName);
    expect(list.text).toContain(`${content.length} bytes`);
    const href = /href="([^"]*arquivo=[^"]*)"/.exec(list.text)?.[1];
    expect(href).toBeDefined();

    const download = await adminA.get(decode(href as string));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${record.fileName}"`);
    expect(download.text).toBe(content);
    expect(download.text.split('\r\n')[0]).toHaveLength(240);

    // B sees none of A's files, and A's file by its URL is 404 for B, as is a made-up one for A.
    const listB = await adminB.get('/v1/admin/boletos');
    expect(listB.status).toBe(200);
    expect(listB.text).not.toContain(record.fileName);
    expect((await adminB.get(decode(href as string))).status).toBe(404);
    expect((await adminA.get('/v1/admin/boletos?metodo=boleto_bankA&arquivo=99999999')).status).toBe(404);
    expect((await adminA.get('/v1/admin/boletos?metodo=cartao&arquivo=1')).status).toBe(404);
    // Signed out: to the login page, not the file.
    expect((await new AdminClient().get(decode(href as string))).status).toBe(303);
  });
});

describe('admin boleto files: retorno upload', () => {
  const uploadA = (fields: Record<string, string>, content: string | Buffer, name = 'RETORNO.RET') =>
    adminA.upload('/v1/admin/boletos', fields, { field: 'retorno', name, content });

  it('applies an uploaded retorno file through the use case, shows each occurrence, changes nothing the second time, and audits it', async () => {
    const { transacao } = (await call('POST', '/v1/transacao', boletoBody(shopA.token))).body;
    const retorno = liquidacaoOf(transacao, 70);
    const form = await adminA.get('/v1/admin/boletos');
    expect(form.text).toContain('enctype="multipart/form-data"');
    expect(form.text).toMatch(/<input type="file" id="retorno" name="retorno"/);
    const fields = { _csrf: csrfOf(form.text), metodo: 'boleto_bankA' };
    const upload = { ...fields, retorno };

    const applied = await uploadA(fields, retorno);
    expect(applied.status).toBe(200);
    expect(applied.text).toMatch(/<strong>1<\/strong> applied/);
    expect(applied.text).toContain(`#${transacao.id}`);
    expect(await statusOf(shopA.token, transacao.id)).toBe('paga');

    const again = await uploadA(fields, retorno);
    expect(again.status).toBe(200);
    expect(again.text).toContain('already imported');
    // The same occurrence in another file (posted as text, as a script may): a duplicate, never a second change.
    const other = buildRetorno({ bank: '341', convenio: '1234567', sequence: 71, entries: [liquidacaoEntry(transacao)] });
    const duplicate = await adminA.post('/v1/admin/boletos', { ...upload, retorno: other });
    expect(duplicate.text).toMatch(/<strong>0<\/strong> applied,\s*<strong>1<\/strong> duplicates/);
    expect(await statusOf(shopA.token, transacao.id)).toBe('paga');

    const activity = await adminA.get('/v1/admin/activity');
    expect(activity.text).toContain('Boleto retorno file imported');
    expect(activity.text).toContain('1 applied, 0 duplicates, 0 ignored');
  });

  it("refuses a malformed file whole, naming the line, applying nothing; B's upload cannot touch A's boleto", async () => {
    const { transacao } = (await call('POST', '/v1/transacao', boletoBody(shopA.token))).body;
    const good = liquidacaoOf(transacao, 72);
    const bad = good.replace(/\r\n$/, '').slice(0, -1);
    const form = await adminA.get('/v1/admin/boletos');
    const refused = await adminA.post('/v1/admin/boletos', { _csrf: csrfOf(form.text), metodo: 'boleto_bankA', retorno: bad });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('nothing was applied');
    expect(refused.text).toMatch(/linha 6: tem 239 caracteres/);
    expect(refused.text).not.toMatch(/at .*\.ts:\d+/);
    expect(await statusOf(shopA.token, transacao.id)).toBe('aguardando_pagamento');
    const notBoleto = await adminA.post('/v1/admin/boletos', { _csrf: csrfOf(form.text), metodo: 'cartao', retorno: good });
    expect(notBoleto.status).toBe(400);
    expect(notBoleto.text).toContain('choose a boleto method');
    expect(await statusOf(shopA.token, transacao.id)).toBe('aguardando_pagamento');

    const formB = await adminB.get('/v1/admin/boletos');
    const byB = await adminB.post('/v1/admin/boletos', { _csrf: csrfOf(formB.text), metodo: 'boleto_bankA', retorno: good });
    expect(byB.status).toBe(200);
    expect(byB.text).toMatch(/<strong>0<\/strong> applied/);
    expect(byB.text).toContain('Ignored');
    expect(await statusOf(shopA.token, transacao.id)).toBe('aguardando_pagamento');
  });

  it('refuses a POST without a valid CSRF token (403, nothing applied) and an oversized file (400)', async () => {
    const { transacao } = (await call('POST', '/v1/transacao', boletoBody(shopA.token))).body;
    const retorno = liquidacaoOf(transacao, 73);
    for (const csrf of [undefined, 'forged']) {
      const reply = await adminA.post('/v1/admin/boletos', { ...(csrf ? { _csrf: csrf } : {}), metodo: 'boleto_bankA', retorno });
      expect(reply.status).toBe(403);
    }
    // A's token is bound to A's session: B cannot use it.
    const formA = await adminA.get('/v1/admin/boletos');
    expect((await adminB.post('/v1/admin/boletos', { _csrf: csrfOf(formA.text), metodo: 'boleto_bankA', retorno })).status).toBe(
      403,
    );
    expect(await statusOf(shopA.token, transacao.id)).toBe('aguardando_pagamento');

    const huge = await adminA.post('/v1/admin/boletos', {
      _csrf: csrfOf(formA.text),
      metodo: 'boleto_bankA',
      retorno: `${retorno}${'9'.repeat(2_000_001)}`,
    });
    expect(huge.status).toBe(400);
    expect(huge.text).toContain('larger than 2000000 bytes');
    expect(await statusOf(shopA.token, transacao.id)).toBe('aguardando_pagamento');
  });
});

describe('admin boleto files: what the upload refuses, calmly and with nothing applied', () => {
  it('an empty file, a file that is not CNAB 240, a file over the limit (413), a multipart POST without the CSRF token', async () => {
    const { transacao } = (await call('POST', '/v1/transacao', boletoBody(shopA.token))).body;
    const retorno = liquidacaoOf(transacao, 74);
    const form = await adminA.get('/v1/admin/boletos');
    const fields = { _csrf: csrfOf(form.text), metodo: 'boleto_bankA' };
    const upload = (content: string | Buffer, name = 'RETORNO.RET', sent = fields) =>
      adminA.upload('/v1/admin/boletos', sent, { field: 'retorno', name, content });

    const empty = await upload('');
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('The file was refused and nothing was applied: the file is empty');

    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(300, 7)]);
    const notCnab = await upload(png, 'photo.png');
    expect(notCnab.status).toBe(400);
    expect(notCnab.text).toMatch(/nothing was applied: linha 1:/);
    expect(notCnab.text).not.toMatch(/at .*\.ts:\d+/);

    const tooLarge = await upload(`${retorno}${'9'.repeat(2_100_000)}`);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toContain('File too large');
    expect(tooLarge.text).toContain('at most 2000000 bytes; nothing was imported');

    const { _csrf: _, ...withoutToken } = fields;
    expect((await upload(retorno, 'RETORNO.RET', withoutToken as typeof fields)).status).toBe(403);
    expect(await statusOf(shopA.token, transacao.id)).toBe('aguardando_pagamento');
    // The same file, well sent, goes in.
    expect((await upload(retorno)).text).toMatch(/<strong>1<\/strong> applied/);
    expect(await statusOf(shopA.token, transacao.id)).toBe('paga');
  });
});
