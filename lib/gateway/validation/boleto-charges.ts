import type { BoletoCharges } from '../domain/boleto-record';
import { isPastDate, parseDueDate } from '../domain/due-date';
import { parseAmount } from '../domain/money';
import { GatewayError } from '../errors';
import type { CreateTransactionRequest } from './create-request-validator';

type Pagamento = CreateTransactionRequest['transacao']['pagamento'];

export const BOLETO_CHARGE_FIELDS = ['multa', 'juros', 'desconto', 'dias_baixa'] as const;

const invalid = (message: string) => new GatewayError('invalid_request', message);

/** "2.5" → 250 hundredths of a percent; the schema already holds it to two decimals below 100. */
function basisPoints(field: string, text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  const points = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (points <= 0) throw invalid(`transacao.pagamento.${field}: deve ser maior que zero`);
  return points;
}

/**
 * Multa, juros, desconto and baixa automática of a boleto (schema-checked shapes), against its total and due date:
 * the desconto is less than the total and its date between today and the due date.
 */
export function boletoChargesOf(pagamento: Pagamento, totalCents: number, dueDate: string, now: Date): BoletoCharges {
  const charges: BoletoCharges = {};
  if (pagamento.multa !== undefined) charges.multaBasisPoints = basisPoints('multa', pagamento.multa);
  if (pagamento.juros !== undefined) charges.jurosMonthlyBasisPoints = basisPoints('juros', pagamento.juros);
  if (pagamento.dias_baixa !== undefined) charges.diasBaixa = pagamento.dias_baixa;
  if (pagamento.desconto !== undefined) {
    const cents = parseAmount(pagamento.desconto.valor);
    if (cents === undefined || cents >= totalCents) {
      throw invalid('transacao.pagamento.desconto.valor: deve ser maior que zero e menor que o total');
    }
    const until = parseDueDate(pagamento.desconto.data_limite);
    if (!until) throw invalid('transacao.pagamento.desconto.data_limite: não é uma data válida (DDMMAAAA)');
    if (isPastDate(until, now)) throw invalid('transacao.pagamento.desconto.data_limite: não pode estar no passado');
    if (until > dueDate) throw invalid('transacao.pagamento.desconto.data_limite: não pode ser depois do vencimento');
    charges.desconto = { cents, until };
  }
  return charges;
}

/** The boleto's charge fields sent with another method: refused, naming the first. */
export function refuseBoletoCharges(pagamento: Pagamento): void {
  const sent = BOLETO_CHARGE_FIELDS.find((field) => pagamento[field] !== undefined);
  if (sent) throw invalid(`transacao.pagamento.${sent}: só se aplica a boletos`);
}
