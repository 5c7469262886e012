import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCielo } from '../../../support/fake-cielo';
import { FakeERede } from '../../../support/fake-erede';

/** The fakes refuse what the real APIs refuse, so a connector that passes against them sends what Cielo and Rede take. */
let cielo: FakeCielo;
let erede: FakeERede;

beforeAll(async () => {
  cielo = await FakeCielo.start();
  erede = await FakeERede.start();
});

afterAll(async () => {
  await cielo?.stop();
  await erede?.stop();
});

const sale = (changes: Record<string, unknown> = {}, card: Record<string, unknown> = {}) => ({
  MerchantOrderId: '77',
  Payment: {
    Type: 'CreditCard',
    Amount: 1000,
    Installments: 1,
    Capture: false,
    CreditCard: {
      CardNumber: '4111111111111111',
      Holder: 'Maria',
      ExpirationDate: '12/2030',
      SecurityCode: '123',
      Brand: 'Visa',
      ...card,
    },
    ...changes,
  },
});

async function toCielo(body: unknown, headers: Record<string, string> = cieloHeaders(), path = '/1/sales/', method = 'POST') {
  const response = await fetch(`${cielo.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as any };
}
const cieloHeaders = () => ({
  MerchantId: cielo.credentials.merchantId,
  MerchantKey: cielo.credentials.merchantKey,
  RequestId: randomUUID(),
});

describe('fake Cielo', () => {
  it('refuses missing or wrong credentials with 401, a malformed RequestId with 400', async () => {
    expect((await toCielo(sale(), {})).status).toBe(401);
    expect((await toCielo(sale(), { ...cieloHeaders(), MerchantKey: 'nope' })).status).toBe(401);
    expect((await toCielo(sale(), { ...cieloHeaders(), RequestId: 'x' })).status).toBe(400);
  });

  it.each([
    ['an amount as a decimal', sale({ Amount: 10.5 }), 116],
    ['an amount as a string', sale({ Amount: '1000' }), 116],
    ['an expiry as MMYYYY', sale({}, { ExpirationDate: '122030' }), 126],
    ['an unknown brand', sale({}, { Brand: 'VISA' }), 129],
    ['no card', sale({ CreditCard: undefined }), 125],
    ['an unknown Type', sale({ Type: 'Card' }), 105],
  ])('refuses %s (400 with its error code), keeping no sale', async (_, body, code) => {
    const before = cielo.sales.size;
    const answer = await toCielo(body);
    expect(answer.status).toBe(400);
    expect(answer.body[0].Code).toBe(code);
    expect(cielo.sales.size).toBe(before);
  });

  it("follows Cielo's sandbox card rule and keeps only the masked card", async () => {
    const ok = await toCielo(sale());
    expect(ok.status).toBe(201);
    expect(ok.body.Payment).toMatchObject({ Status: 1, ReturnCode: '4' });
    expect(JSON.stringify(cielo.sales.get(ok.body.Payment.PaymentId))).not.toContain('4111111111111111');
    const expired = await toCielo(sale({}, { CardNumber: '4111111111111113' }));
    expect(expired.body.Payment).toMatchObject({ Status: 3, ReturnCode: '57' });
    const over = await toCielo(undefined, cieloHeaders(), `/1/sales/${ok.body.Payment.PaymentId}/capture?amount=1001`, 'PUT');
    expect(over.body[0].Code).toBe(308);
    const part = await toCielo(undefined, cieloHeaders(), `/1/sales/${ok.body.Payment.PaymentId}/capture?amount=10.00`, 'PUT');
    expect(part.status).toBe(400);
  });
});

describe('fake e.Rede', () => {
  const token = async (authorization: string) =>
    fetch(erede.tokenUrl, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
  const basic = (secret: string) => `Basic ${Buffer.from(`${erede.credentials.clientId}:${secret}`).toString('base64')}`;

  it('issues tokens only for the client credentials; the API refuses a missing or expired token', async () => {
    expect((await token(basic('wrong'))).status).toBe(401);
    const issued = (await (await token(basic(erede.credentials.clientSecret))).json()) as {
      access_token: string;
      expires_in: number;
    };
    expect(issued.expires_in).toBeGreaterThan(0);
    const call = (bearer?: string) =>
      fetch(`${erede.baseUrl}/v1/transactions?reference=1`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
    expect((await call()).status).toBe(401);
    expect((await call(issued.access_token)).status).toBe(404);
    erede.expireTokens();
    expect((await call(issued.access_token)).status).toBe(401);
  });

  it('refuses an amount as a decimal and a missing card field', async () => {
    const { access_token } = (await (await token(basic(erede.credentials.clientSecret))).json()) as { access_token: string };
    const post = (body: object) =>
      fetch(`${erede.baseUrl}/v1/transactions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const good = {
      capture: true,
      kind: 'credit',
      reference: 'r1',
      amount: 1000,
      installments: 1,
      cardholderName: 'Maria',
      cardNumber: '4111111111111111',
      expirationMonth: 12,
      expirationYear: 2030,
      securityCode: '123',
    };
    expect((await post({ ...good, amount: 10.0 + 0.5 })).status).toBe(400);
    expect((await post({ ...good, securityCode: undefined })).status).toBe(400);
    expect(erede.sales.size).toBe(0);
    expect((await post(good)).status).toBe(200);
  });
});
