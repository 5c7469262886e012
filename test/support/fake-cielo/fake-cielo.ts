import { randomInt, randomUUID } from 'node:crypto';
import {
  type CardVerdict,
  digits,
  FakeAcquirerServer,
  type FakeAnswer,
  isPositiveInteger,
  jsonObject,
  verdictOfCard,
} from '../fake-acquirer/fake-acquirer-server';

/** A sale as the fake Cielo keeps it: the card masked, never its number or code. */
export interface CieloSale {
  MerchantOrderId: string;
  PaymentId: string;
  Type: 'CreditCard' | 'DebitCard';
  Amount: number;
  Installments: number;
  Interest?: string;
  Capture: boolean;
  Status: number;
  ReturnCode: string;
  ReturnMessage: string;
  Tid: string;
  ProofOfSale: string;
  AuthorizationCode?: string;
  CapturedAmount: number;
  VoidedAmount: number;
  ReceivedDate: string;
  MaskedCard: string;
  Brand: string;
}

/** Cielo's sandbox rule (docs "Sandbox e ferramentas"): the final digit decides; 9 is random there, approved here. */
const OUTCOMES: Record<CardVerdict, { status: 1 | 3; code: string; message: string }> = {
  approved: { status: 1, code: '4', message: 'Operation Successful' },
  declined: { status: 3, code: '05', message: 'Not Authorized' },
  expired: { status: 3, code: '57', message: 'Card Expired' },
  blocked: { status: 3, code: '78', message: 'Blocked Card' },
  timeout: { status: 3, code: '99', message: 'Time Out' },
  cancelled: { status: 3, code: '77', message: 'Card Canceled' },
  problem: { status: 3, code: '70', message: 'Problems with Creditcard' },
};

const BRANDS = ['Visa', 'Master', 'Amex', 'Elo', 'Aura', 'JCB', 'Diners', 'Discover', 'Hipercard', 'Hiper'];
const error = (status: number, Code: number, Message: string): FakeAnswer => ({ status, body: [{ Code, Message }] });

/**
 * Cielo's API E-commerce 3.0 as its public docs describe it, on one port for the transactional and the query host:
 * MerchantId/MerchantKey checked (401), bodies checked (400 with Cielo's error list: amounts in cents as integers,
 * MM/YYYY expiry, known brands), sales kept with their captures and voids, queries by PaymentId and MerchantOrderId.
 */
export class FakeCielo {
  readonly sales = new Map<string, CieloSale>();

  private constructor(
    readonly server: FakeAcquirerServer,
    readonly credentials: { merchantId: string; merchantKey: string },
  ) {}

  static async start(credentials = { merchantId: randomUUID(), merchantKey: randomUUID().replaceAll('-', '').slice(0, 40) }) {
    let fake: FakeCielo | undefined;
    const server = await FakeAcquirerServer.start((request) => (fake as FakeCielo).route(request));
    fake = new FakeCielo(server, credentials);
    return fake;
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  salesOfOrder(merchantOrderId: string): CieloSale[] {
    return [...this.sales.values()].filter((sale) => sale.MerchantOrderId === merchantOrderId);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private route({ method, url, headers, body }: Parameters<Parameters<typeof FakeAcquirerServer.start>[0]>[0]): FakeAnswer {
    if (headers.merchantid !== this.credentials.merchantId || headers.merchantkey !== this.credentials.merchantKey) {
      return { status: 401, body: { Code: 401, Message: 'Unauthorized' } };
    }
    const requestId = headers.requestid;
    if (requestId !== undefined && !/^[0-9a-f-]{36}$/i.test(String(requestId))) return error(400, 101, 'RequestId is invalid');
    const segments = url.pathname.split('/').filter(Boolean);
    if (method === 'POST' && url.pathname.replace(/\/$/, '') === '/1/sales')
      return this.create(body, String(headers['content-type']));
    if (method === 'PUT' && segments.length === 4 && segments[3] === 'capture') return this.capture(segments[2] as string, url);
    if (method === 'PUT' && segments.length === 4 && segments[3] === 'void') return this.void(segments[2] as string, url);
    if (method === 'GET' && segments.length === 3 && segments[1] === 'sales') return this.get(segments[2] as string);
    if (method === 'GET' && url.pathname === '/1/sales' && url.searchParams.has('merchantOrderId')) {
      const payments = this.salesOfOrder(url.searchParams.get('merchantOrderId') ?? '');
      if (payments.length === 0) return { status: 404, body: [] };
      return { status: 200, body: { Payments: payments.map(({ PaymentId, ReceivedDate }) => ({ PaymentId, ReceivedDate })) } };
    }
    return { status: 404, body: { Message: 'No HTTP resource was found that matches the request URI.' } };
  }

  private create(text: string, contentType: string): FakeAnswer {
    if (!contentType.startsWith('application/json')) return error(400, 0, 'Content-Type must be application/json');
    const body = jsonObject(text);
    if (!body) return error(400, 0, 'Request is malformed');
    const payment = body.Payment as Record<string, unknown> | undefined;
    if (typeof body.MerchantOrderId !== 'string' || body.MerchantOrderId === '' || body.MerchantOrderId.length > 50) {
      return error(400, 122, 'MerchantOrderId is required');
    }
    if (typeof payment !== 'object' || payment === null) return error(400, 104, 'Payment is required');
    if (payment.Type !== 'CreditCard' && payment.Type !== 'DebitCard') return error(400, 105, 'Payment Type is required');
    if (!isPositiveInteger(payment.Amount)) return error(400, 116, 'Amount must be an integer in cents, greater than zero');
    const installments = payment.Installments ?? 1;
    if (!isPositiveInteger(installments) || installments > 12) return error(400, 117, 'Installments is invalid');
    if (payment.Capture !== undefined && typeof payment.Capture !== 'boolean') return error(400, 118, 'Capture is invalid');
    if (payment.Interest !== undefined && payment.Interest !== 'ByMerchant' && payment.Interest !== 'ByIssuer') {
      return error(400, 119, 'Interest is invalid');
    }
    const card = payment[payment.Type] as Record<string, unknown> | undefined;
    if (typeof card !== 'object' || card === null) return error(400, 125, `${payment.Type} is required`);
    if (!digits(card.CardNumber, 13, 19)) return error(400, 126, 'Credit Card Number is invalid');
    if (typeof card.Holder !== 'string' || card.Holder.trim() === '' || card.Holder.length > 25) {
      return error(400, 127, 'Holder is required');
    }
    if (typeof card.ExpirationDate !== 'string' || !/^(0[1-9]|1[0-2])\/\d{4}$/.test(card.ExpirationDate)) {
      return error(400, 126, 'Credit Card Expiration Date is invalid');
    }
    if (!digits(card.SecurityCode, 3, 4)) return error(400, 128, 'SecurityCode is invalid');
    if (typeof card.Brand !== 'string' || !BRANDS.includes(card.Brand)) return error(400, 129, 'Brand is invalid');
    const capture = payment.Type === 'DebitCard' ? true : payment.Capture === true;
    const verdict = OUTCOMES[verdictOfCard(card.CardNumber)];
    const approved = verdict.status === 1;
    const number = card.CardNumber;
    const sale: CieloSale = {
      MerchantOrderId: body.MerchantOrderId,
      PaymentId: randomUUID(),
      Type: payment.Type,
      Amount: payment.Amount,
      Installments: installments,
      ...(typeof payment.Interest === 'string' ? { Interest: payment.Interest } : {}),
      Capture: capture,
      Status: approved ? (capture ? 2 : 1) : 3,
      ReturnCode: approved && capture ? '6' : verdict.code,
      ReturnMessage: verdict.message,
      Tid: `${Date.now()}${String(randomInt(10_000_000)).padStart(7, '0')}`,
      ProofOfSale: String(randomInt(1_000_000)).padStart(6, '0'),
      ...(approved ? { AuthorizationCode: String(randomInt(1_000_000)).padStart(6, '0') } : {}),
      CapturedAmount: approved && capture ? payment.Amount : 0,
      VoidedAmount: 0,
      ReceivedDate: new Date().toISOString().replace('T', ' ').slice(0, 19),
      MaskedCard: `${number.slice(0, 6)}******${number.slice(-4)}`,
      Brand: card.Brand,
    };
    this.sales.set(sale.PaymentId, sale);
    return { status: 201, body: this.view(sale) };
  }

  private capture(paymentId: string, url: URL): FakeAnswer {
    const sale = this.sales.get(paymentId);
    if (!sale) return { status: 404, body: [] };
    const amount = amountParameter(url, sale.Amount);
    if (amount === undefined) return error(400, 116, 'Amount must be an integer in cents, greater than zero');
    if (sale.Status !== 1 || amount > sale.Amount) return error(400, 308, 'Transaction not available to capture');
    Object.assign(sale, { Status: 2, CapturedAmount: amount, ReturnCode: '6', ReturnMessage: 'Operation Successful' });
    return { status: 200, body: this.settlementView(sale) };
  }

  private void(paymentId: string, url: URL): FakeAnswer {
    const sale = this.sales.get(paymentId);
    if (!sale) return { status: 404, body: [] };
    const remaining = (sale.Status === 1 ? sale.Amount : sale.CapturedAmount) - sale.VoidedAmount;
    const amount = amountParameter(url, remaining);
    if (amount === undefined) return error(400, 116, 'Amount must be an integer in cents, greater than zero');
    if ((sale.Status !== 1 && sale.Status !== 2) || amount > remaining)
      return error(400, 309, 'Transaction not available to void');
    sale.VoidedAmount += amount;
    const whole = sale.VoidedAmount === (sale.Status === 1 ? sale.Amount : sale.CapturedAmount);
    if (whole) sale.Status = sale.Status === 1 ? 10 : 11;
    Object.assign(sale, { ReturnCode: '9', ReturnMessage: 'Operation Successful' });
    return { status: 200, body: this.settlementView(sale) };
  }

  private get(paymentId: string): FakeAnswer {
    const sale = this.sales.get(paymentId);
    return sale ? { status: 200, body: this.view(sale) } : { status: 404, body: [] };
  }

  private view(sale: CieloSale): unknown {
    const { MerchantOrderId, MaskedCard, Brand, Type, ...payment } = sale;
    return {
      MerchantOrderId,
      Customer: { Name: 'Comprador' },
      Payment: {
        ...payment,
        Type,
        [Type]: { CardNumber: MaskedCard, Brand },
        Currency: 'BRL',
        Country: 'BRA',
        Provider: 'Simulado',
      },
    };
  }

  private settlementView(sale: CieloSale) {
    const { Status, ReturnCode, ReturnMessage, Tid, ProofOfSale, AuthorizationCode } = sale;
    return { Status, ReturnCode, ReturnMessage, ReasonCode: 0, ReasonMessage: 'Successful', Tid, ProofOfSale, AuthorizationCode };
  }
}

/** `?amount=` in cents (a whole number); absent: the default. */
function amountParameter(url: URL, fallback: number): number | undefined {
  const raw = url.searchParams.get('amount');
  if (raw === null) return fallback;
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}
