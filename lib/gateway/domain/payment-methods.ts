import type { AcquirerAMode } from '../merchants/merchant';

export const PAYMENT_METHODS = [
  'acquirerB_ws',
  'acquirerA',
  'acquirerB_web',
  'bankA_shopline',
  'boleto_bankA',
  'boleto_bankB',
  'pix',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The three flows of the spec (card data sent by the merchant, redirect to a hosted page, bank slip), and Pix: a
 * charge with a BR Code that the buyer pays from a bank app (DESIGN §7.5).
 */
export type Flow = 'card' | 'redirect' | 'boleto' | 'pix';

/** Who processes the payment, which decides the keys of `detalhes`. */
export type Processor = 'acquirerA' | 'acquirerB' | 'bankA_shopline' | 'boleto' | 'pix';

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** acquirerA's flow depends on how the merchant is set up with it (DESIGN §3, acquirerAMode). */
export function flowOf(method: PaymentMethod, acquirerAMode: AcquirerAMode): Flow {
  switch (method) {
    case 'acquirerB_ws':
      return 'card';
    case 'acquirerA':
      return acquirerAMode === 'loja_sem_autenticacao' ? 'card' : 'redirect';
    case 'acquirerB_web':
    case 'bankA_shopline':
      return 'redirect';
    case 'boleto_bankA':
    case 'boleto_bankB':
      return 'boleto';
    case 'pix':
      return 'pix';
  }
}

export function processorOf(method: PaymentMethod): Processor {
  if (method === 'acquirerA') return 'acquirerA';
  if (method === 'acquirerB_ws' || method === 'acquirerB_web') return 'acquirerB';
  if (method === 'bankA_shopline') return 'bankA_shopline';
  if (method === 'pix') return 'pix';
  return 'boleto';
}
