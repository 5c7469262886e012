import { beforeAll, describe, expect, it } from 'vitest';
import { AdminClient, csrfOf, newAdminUser } from '../../../support/admin/admin-client';
import { call, cardBody, newMerchant } from '../../../support/gateway';
import { testStack } from '../../../support/stack';

// Added for issue 22 step 2 (gw-refunds): partial capture and refunds of an amount from the admin UI.
testStack();
let shop: { id: string; token: string };
let client: AdminClient;
let email: string;

beforeAll(async () => {
  shop = await newMerchant();
  const user = await newAdminUser(shop.id);
  email = user.email;
  client = new AdminClient();
  await client.logIn(user.email, user.password);
});

const consult = async (id: number) => (await call('GET', `/v1/transacao/${id}?token=${shop.token}`)).body.transacao;

async function act(id: number, action: 'capture' | 'refund', valor: string) {
  const confirm = await client.get(`/v1/admin/transactions/${id}/${action}`);
  expect(confirm.status).toBe(200);
  return { confirm, done: await client.post(`/v1/admin/transactions/${id}/${action}`, { _csrf: csrfOf(confirm.text), valor }) };
}

describe('admin: amounts on capture and refund', () => {
  it('captures part, refunds an amount, lists the refunds, then refunds the rest; the API sees the same', async () => {
    const created = await call(
      'POST',
      '/v1/transacao',
      cardBody(shop.token, { pedido: { total: '80.00' }, transacao: { capturar: false } }),
    );
    const id = created.body.transacao.id;

    const capture = await act(id, 'capture', '60.00');
    expect(capture.confirm.text).toContain('name="valor" value="80.00"');
    expect(capture.done.location).toBe(`/v1/admin/transactions/${id}?result=paga`);
    expect(await consult(id)).toMatchObject({ status: 'paga', valor_capturado: '60.00' });

    const refund = await act(id, 'refund', '12,50'); // the comma a Brazilian merchant types is accepted
    expect(refund.confirm.text).toContain('name="valor" value="60.00"');
    expect(refund.done.location).toBe(`/v1/admin/transactions/${id}?result=refunded`);
    const afterPart = await consult(id);
    expect(afterPart).toMatchObject({ status: 'paga', valor_estornado: '12.50' });

    const details = await client.get(`/v1/admin/transactions/${id}?result=refunded`);
    expect(details.text).toContain('Refunded in part');
    expect(details.text).toContain('Refunds (estornos)');
    expect(details.text).toContain(afterPart.estornos[0].id);
    expect(details.text).toContain('R$ 12,50');
    expect(details.text).toContain('up to R$ 47,50');

    expect((await act(id, 'refund', '47.51')).done.location).toBe(`/v1/admin/transactions/${id}?result=over_amount`);
    expect((await act(id, 'refund', '1.234')).done.location).toBe(`/v1/admin/transactions/${id}?result=invalid_amount`);
    expect((await consult(id)).estornos).toHaveLength(1);

    const rest = await act(id, 'refund', '47.50');
    expect(rest.done.location).toBe(`/v1/admin/transactions/${id}?result=cancelada`);
    const final = await consult(id);
    expect(final).toMatchObject({ status: 'cancelada', valor_estornado: '60.00' });
    const page = await client.get(`/v1/admin/transactions/${id}`);
    expect(page.text).not.toContain(`/v1/admin/transactions/${id}/refund"`);
    expect(page.text.split(`admin:${email}`).length - 1).toBe(4); // capture and cancellation in the history, 2 refunds

    const csv = await client.get(`/v1/admin/transactions.csv?id=${id}`);
    const [header, row] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = (header ?? '').split(',');
    const cells = (row ?? '').split(',');
    expect(cells[columns.indexOf('valor_capturado')]).toBe('60.00');
    expect(cells[columns.indexOf('valor_estornado')]).toBe('60.00');

    const activity = await client.get('/v1/admin/activity');
    expect(activity.text).toContain('status paga (valor 12.50), estorno concluido');
    expect(activity.text).toContain('refused: 47.51 is more than allowed (valor 47.51)');
  });
});
