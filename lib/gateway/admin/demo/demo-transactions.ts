import type { Acquirer } from '../../acquirers/acquirer';
import testCards from '../../acquirers/fixtures/sandbox-test-cards.json' with { type: 'json' };
import { type CardBrand, summariseCard } from '../../domain/card';
import { emptyShoplineDetalhes } from '../../domain/detalhes';
import { flowOf, type PaymentMethod } from '../../domain/payment-methods';
import type { Status } from '../../domain/state-machine';
import type { StatusChange, Transaction } from '../../domain/transaction';
import { afterAuthorization } from '../../domain/transition';
import type { AcquirerAMode } from '../../merchants/merchant';
import { cardPayment } from '../../use-cases/acquirer-outcomes';

export interface DemoOptions {
  merchant: { id: string; name: string; acquirerAMode: AcquirerAMode };
  count: number;
  /** Spread over this many days up to `now` (the overview shows the last 30). */
  days: number;
  now: Date;
  /** Base of url_acesso for redirect and boleto transactions. */
  baseUrl: string;
  nextId: () => Promise<number>;
  newUuid: () => string;
  /** Deterministic by default, so two runs produce the same shapes. */
  random?: () => number;
}

const FIRST = ['Ana', 'João', 'Maria', 'José', 'Lucas', 'Júlia', 'Pedro', 'Beatriz', 'Gabriel', 'Letícia', 'Rafael', 'Camila'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Lima', 'Carvalho', 'Ferreira', 'Rodrigues', 'Almeida'];
const CITIES: [string, string][] = [
  ['São Paulo', 'SP'],
  ['Rio de Janeiro', 'RJ'],
  ['Belo Horizonte', 'MG'],
  ['Curitiba', 'PR'],
  ['Recife', 'PE'],
];
// Sandbox test cards (README): the simulator approves these and declines the declined one.
const APPROVED_CARDS = Object.entries(testCards.approvedByBrand).map(
  ([brand, number]) => [number, brand as CardBrand] as [string, CardBrand],
);
const DECLINED_CARD: [string, CardBrand] = [testCards.declined.visa, 'visa'];
const METHODS: PaymentMethod[] = [
  'acquirerB_ws',
  'acquirerB_ws',
  'acquirerA',
  'acquirerA',
  'bankA_shopline',
  'acquirerB_web',
  'boleto_bankA',
  'boleto_bankB',
];

/**
 * Transactions a merchant could have made, for trying the admin UI: every method and status in
 * plausible proportions, with the `detalhes`, card summaries and histories the API would have
 * recorded (card ones are authorized by the sandbox acquirer itself, so capture and estornar work on
 * them from the UI). Oldest first.
 */
export async function demoTransactions(options: DemoOptions, acquirer: Acquirer): Promise<Transaction[]> {
  const random = options.random ?? seededRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const span = options.days * 86_400_000;
  const times = Array.from({ length: options.count }, () => options.now.getTime() - Math.floor(random() * span));
  times.sort((a, b) => a - b);

  const transactions: Transaction[] = [];
  for (const time of times) {
    const method = pick(METHODS);
    const flow = flowOf(method, options.merchant.acquirerAMode);
    const created = new Date(time);
    const at = created.toISOString();
    const [city, state] = pick(CITIES);
    // Log-uniform totals from R$ 5 to R$ 2,000; never ending in .51, the sandbox's "capture fails" amount.
    let totalCents = Math.round(Math.exp(Math.log(500) + random() * Math.log(400)));
    if (totalCents % 100 === 51) totalCents++;
    const id = await options.nextId();
    // Order numbers follow the ids, so seeding twice never repeats one.
    const orderNumber = String(100_000 + id);
    const transaction: Transaction = {
      id,
      merchantId: options.merchant.id,
      merchantName: options.merchant.name,
      status: 'aguardando_pagamento',
      method,
      flow,
      orderNumber,
      totalCents,
      currency: 'real',
      description: `Pedido ${orderNumber}`,
      capture: true,
      buyer: {
        nome: `${pick(FIRST)} ${pick(LAST)}`,
        documento: Array.from({ length: 11 }, () => Math.floor(random() * 10)).join(''),
        cidade: city,
        estado: state,
        cep: String(10_000_000 + Math.floor(random() * 89_999_999)),
      },
      installments: 1,
      operationType: 'credito_a_vista',
      authorized: false,
      history: [],
      createdAt: at,
      updatedAt: at,
    };
    const later = (minutes: number) => new Date(time + minutes * 60_000).toISOString();
    const history: StatusChange[] = [];
    const roll = random();
    if (flow === 'card') {
      const [number, brand] = roll < 0.1 ? DECLINED_CARD : pick(APPROVED_CARDS);
      const captureLater = roll >= 0.1 && roll < 0.3;
      transaction.capture = !captureLater;
      const outcome = await acquirer.authorize(cardPayment(transaction, { number, cvv: '123', expiry: '122030', brand }));
      Object.assign(transaction, afterAuthorization(transaction, outcome, summariseCard(number, brand)));
      history.push({ status: transaction.status, at, by: 'create' });
      if (transaction.status === 'paga' && roll > 0.85) {
        transaction.status = 'cancelada';
        transaction.updatedAt = later(60 * 24);
        history.push({ status: 'cancelada', at: transaction.updatedAt, by: 'refund' });
      }
    } else {
      transaction.pageUuid = options.newUuid();
      transaction.accessUrl = `${options.baseUrl}/v1/${flow === 'boleto' ? 'boleto' : method}/${transaction.pageUuid}`;
      if (flow === 'boleto') transaction.dueDate = new Date(time + 3 * 86_400_000).toISOString().slice(0, 10);
      history.push({ status: 'aguardando_pagamento', at, by: 'create' });
      if (flow === 'redirect') {
        if (method === 'bankA_shopline') transaction.detalhes = emptyShoplineDetalhes();
        const paid: Status | undefined = roll < 0.65 ? 'paga' : roll < 0.8 ? 'negada' : undefined;
        if (paid) {
          transaction.status = paid;
          transaction.authorized = paid === 'paga';
          transaction.updatedAt = later(5);
          history.push({ status: paid, at: transaction.updatedAt, by: 'buyer' });
        }
      }
    }
    transaction.history = history;
    transactions.push(transaction);
  }
  return transactions;
}

/** mulberry32: a small deterministic generator (Math.random cannot be seeded). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
