import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  digits,
  FakeAcquirerServer,
  type FakeAnswer,
  isPositiveInteger,
  jsonObject,
  verdictOfCard,
} from '../fake-acquirer/fake-acquirer-server';

/** A transaction as the fake e.Rede keeps it: the card reduced to BIN and last four. */
export interface ERedeSale {
  reference: string;
  tid: string;
  nsu: string;
  authorizationCode?: string;
  amount: number;
  kind: 'credit' | 'debit';
  installments: number;
  status: 'Approved' | 'Denied' | 'Canceled';
  returnCode: string;
  returnMessage: string;
  capturedAmount: number;
  refunds: { refundId: string; amount: number; status: 'Done' }[];
  dateTime: string;
  cardBin: string;
  last4: string;
}

const TOKEN_PATH = '/oauth2/token';
const TOKEN_SECONDS = 1440;
const fail = (status: number, returnCode: string, returnMessage: string): FakeAnswer => ({
  status,
  body: { returnCode, returnMessage },
});

/**
 * e.Rede as its public docs describe it: OAuth2 client credentials at /oauth2/token (HTTP Basic, form body), bearer
 * tokens that expire, transactions under `reference`, capture (PUT), refunds, queries by tid and by reference; strict
 * about bodies (amounts in cents as integers, card fields). Refusals follow the card's final digit as Cielo's sandbox.
 */
export class FakeERede {
  readonly sales = new Map<string, ERedeSale>();
  private readonly tokens = new Map<string, number>();
  tokenRequests = 0;

  private constructor(
    readonly server: FakeAcquirerServer,
    readonly credentials: { clientId: string; clientSecret: string },
  ) {}

  static async start(
    credentials = { clientId: String(randomInt(10_000_000, 99_999_999)), clientSecret: randomBytes(16).toString('hex') },
  ) {
    let fake: FakeERede | undefined;
    const server = await FakeAcquirerServer.start(
      (request) => (fake as FakeERede).route(request),
      (path) => path === TOKEN_PATH,
    );
    fake = new FakeERede(server, credentials);
    return fake;
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  get tokenUrl(): string {
    return `${this.server.baseUrl}${TOKEN_PATH}`;
  }

  /** Every token issued so far stops working (the next API call answers 401). */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  /** The tokens issued (the no-secrets-in-logs tests look for them). */
  issuedTokens(): string[] {
    return [...this.tokens.keys()];
  }

  salesOfReference(reference: string): ERedeSale[] {
    return [...this.sales.values()].filter((sale) => sale.reference === reference);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private route({ method, url, headers, body }: Parameters<Parameters<typeof FakeAcquirerServer.start>[0]>[0]): FakeAnswer {
    if (url.pathname === TOKEN_PATH)
      return this.token(method, String(headers.authorization ?? ''), String(headers['content-type'] ?? ''), body);
    const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
    if (!bearer || (this.tokens.get(bearer) ?? 0) <= Date.now()) return fail(401, '401', 'Unauthorized');
    const segments = url.pathname.split('/').filter(Boolean);
    if (segments[0] !== 'v1' || segments[1] !== 'transactions') return fail(404, '404', 'Not found');
    if (method === 'POST' && segments.length === 2) return this.authorize(body);
    if (method === 'GET' && segments.length === 2 && url.searchParams.has('reference')) {
      const [sale] = this.salesOfReference(url.searchParams.get('reference') ?? '');
      return sale ? { status: 200, body: this.view(sale) } : fail(404, '78', 'Transaction does not exist.');
    }
    const sale = this.sales.get(segments[2] ?? '');
    if (!sale) return fail(404, '78', 'Transaction does not exist.');
    if (method === 'GET' && segments.length === 3) return { status: 200, body: this.view(sale) };
    if (method === 'PUT' && segments.length === 3) return this.capture(sale, body);
    if (method === 'POST' && segments.length === 4 && segments[3] === 'refunds') return this.refund(sale, body);
    return fail(404, '404', 'Not found');
  }

  private token(method: string, authorization: string, contentType: string, body: string): FakeAnswer {
    this.tokenRequests++;
    if (method !== 'POST' || !contentType.startsWith('application/x-www-form-urlencoded')) {
      return { status: 400, body: { error: 'invalid_request' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    const expected = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString('base64');
    if (authorization !== `Basic ${expected}`) return { status: 401, body: { error: 'invalid_client' } };
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
    return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: TOKEN_SECONDS, scope: 'transactions' } };
  }

  private authorize(text: string): FakeAnswer {
    const body = jsonObject(text);
    if (!body) return fail(400, '2', 'Request is malformed.');
    if (typeof body.capture !== 'boolean') return fail(400, '63', 'Capture: Invalid parameter format.');
    if (body.kind !== 'credit' && body.kind !== 'debit') return fail(400, '64', 'Kind: Invalid parameter format.');
    if (typeof body.reference !== 'string' || !/^[A-Za-z0-9-]{1,50}$/.test(body.reference))
      return fail(400, '34', 'Reference: Invalid parameter format.');
    if (!isPositiveInteger(body.amount)) return fail(400, '12', 'Amount: Invalid parameter format.');
    const installments = body.installments ?? 1;
    if (!isPositiveInteger(installments) || installments > 12) return fail(400, '14', 'Installments: Invalid parameter format.');
    if (typeof body.cardholderName !== 'string' || body.cardholderName.trim() === '' || body.cardholderName.length > 30) {
      return fail(400, '20', 'CardHolderName: Invalid parameter format.');
    }
    if (!digits(body.cardNumber, 13, 19)) return fail(400, '17', 'CardNumber: Invalid parameter format.');
    const month = body.expirationMonth;
    const year = body.expirationYear;
    if (!isPositiveInteger(month) || month > 12) return fail(400, '18', 'ExpirationMonth: Invalid parameter format.');
    if (!isPositiveInteger(year) || year < 2000) return fail(400, '19', 'ExpirationYear: Invalid parameter format.');
    if (!digits(body.securityCode, 3, 4)) return fail(400, '23', 'SecurityCode: Invalid parameter format.');
    const approved = verdictOfCard(body.cardNumber) === 'approved';
    const capture = body.kind === 'debit' || body.capture;
    const sale: ERedeSale = {
      reference: body.reference,
      tid: `${Date.now()}${String(randomInt(1_000_000)).padStart(7, '0')}`,
      nsu: String(randomInt(1_000_000_000)).padStart(9, '0'),
      ...(approved ? { authorizationCode: String(randomInt(1_000_000)).padStart(6, '0') } : {}),
      amount: body.amount,
      kind: body.kind,
      installments,
      status: approved ? 'Approved' : 'Denied',
      returnCode: approved ? '00' : '101',
      returnMessage: approved ? 'Success.' : 'Unauthorized. Problems on the card, contact the issuer.',
      capturedAmount: approved && capture ? body.amount : 0,
      refunds: [],
      dateTime: new Date().toISOString(),
      cardBin: body.cardNumber.slice(0, 6),
      last4: body.cardNumber.slice(-4),
    };
    this.sales.set(sale.tid, sale);
    const { refunds: _, capturedAmount: __, status: ___, ...answer } = sale;
    return { status: approved ? 200 : 402, body: answer };
  }

  private capture(sale: ERedeSale, text: string): FakeAnswer {
    const body = jsonObject(text) ?? {};
    const amount = body.amount ?? sale.amount;
    if (!isPositiveInteger(amount)) return fail(400, '12', 'Amount: Invalid parameter format.');
    if (sale.status !== 'Approved' || sale.capturedAmount > 0 || amount > sale.amount) {
      return fail(400, '81', 'Transaction cannot be captured.');
    }
    sale.capturedAmount = amount;
    return {
      status: 200,
      body: {
        returnCode: '00',
        returnMessage: 'Success.',
        reference: sale.reference,
        tid: sale.tid,
        nsu: sale.nsu,
        authorizationCode: sale.authorizationCode,
        dateTime: new Date().toISOString(),
      },
    };
  }

  private refund(sale: ERedeSale, text: string): FakeAnswer {
    const body = jsonObject(text);
    if (!body || !isPositiveInteger(body.amount)) return fail(400, '12', 'Amount: Invalid parameter format.');
    const refundable =
      (sale.capturedAmount || (sale.status === 'Approved' ? sale.amount : 0)) -
      sale.refunds.reduce((sum, refund) => sum + refund.amount, 0);
    if (body.amount > refundable) return fail(400, '357', 'Sum of amount refunds is greater than transaction amount.');
    const refund = { refundId: randomUUID(), amount: body.amount, status: 'Done' as const };
    sale.refunds.push(refund);
    if (body.amount === refundable) sale.status = 'Canceled';
    return {
      status: 202,
      body: {
        returnCode: '359',
        returnMessage: 'Refund successful.',
        refundId: refund.refundId,
        tid: sale.tid,
        nsu: sale.nsu,
        refundDateTime: new Date().toISOString(),
      },
    };
  }

  private view(sale: ERedeSale): unknown {
    return {
      requestDateTime: new Date().toISOString(),
      authorization: {
        dateTime: sale.dateTime,
        returnCode: sale.returnCode,
        returnMessage: sale.returnMessage,
        status: sale.status,
        reference: sale.reference,
        tid: sale.tid,
        nsu: sale.nsu,
        authorizationCode: sale.authorizationCode,
        kind: sale.kind,
        amount: sale.amount,
        installments: sale.installments,
        cardBin: sale.cardBin,
        last4: sale.last4,
      },
      ...(sale.capturedAmount > 0 ? { capture: { dateTime: sale.dateTime, nsu: sale.nsu, amount: sale.capturedAmount } } : {}),
      refunds: sale.refunds.map((refund) => ({ ...refund, refundDateTime: sale.dateTime })),
    };
  }
}
