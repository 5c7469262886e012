import type { GatewayError } from '../errors';

/** The card fields the buyer types; errors name them, and only expiry and brand are ever sent back. */
export type CardField = 'cartao_numero' | 'cartao_cvv' | 'cartao_validade' | 'bandeira';
/** Errors shown next to a field, or for the whole form (`form`). */
export type FieldErrors = Partial<Record<CardField | 'codigo' | 'forma' | 'form', string>>;

const FIELD_MESSAGE = /^transacao\.pagamento\.(cartao_numero|cartao_cvv|cartao_validade|bandeira): (.+)$/;

/** The use case's validation error (`transacao.pagamento.<field>: ...`, never the value) as an error next to that field. */
export function cardFormErrors(error: GatewayError): FieldErrors {
  const match = FIELD_MESSAGE.exec(error.message);
  if (!match) return { form: 'Não foi possível validar os dados do cartão. Confira e tente de novo.' };
  const field = match[1] as CardField;
  return { [field]: friendlier(field, match[2] as string) };
}

function friendlier(field: CardField, message: string): string {
  if (message.startsWith('campo obrigatório')) return 'Preencha este campo.';
  if (field === 'cartao_validade' && message.includes('MMAAAA')) return 'Use o formato MM/AAAA.';
  return `${message[0]?.toUpperCase()}${message.slice(1)}.`;
}

/** Expiry as typed (MM/AAAA, MMAAAA or MM/AA) in the MMYYYY the gateway expects. */
export function normaliseExpiry(typed: string | undefined): string {
  const digits = (typed ?? '').replace(/\D/g, '');
  return digits.length === 4 ? `${digits.slice(0, 2)}20${digits.slice(2)}` : digits;
}
