import type { ComponentChildren } from 'preact';
import type { BoletoPayment, RegisteredBoleto } from '../../domain/boleto-record';
import { dateTime, money } from './format';

const paymentText = (payment: BoletoPayment) =>
  `${money(payment.cents)} by ${payment.via === 'pix' ? 'Pix' : 'boleto'} on ${payment.on} (reported ${dateTime(payment.at, true)})`;

/**
 * A registered boleto's bank side: registration, the payment that paid it, and payments that came after it was paid
 * or written off (a híbrido paid both ways): the merchant returns those to the payer.
 */
export function BoletoSection(props: {
  boleto: RegisteredBoleto;
  row: (label: string, value: ComponentChildren) => ComponentChildren;
}) {
  const { boleto, row } = props;
  const duplicates = boleto.duplicatePayments ?? [];
  return (
    <section class="card" aria-labelledby="h-boleto">
      <h2 id="h-boleto">Boleto at the bank</h2>
      <dl class="fields">
        {row('Bank', `${boleto.bank.code} · agência ${boleto.bank.agencia} · conta ${boleto.bank.conta}`)}
        {row('Nosso número', <code>{boleto.ourNumberPrinted}</code>)}
        {row('Registration', <code>{boleto.registration}</code>)}
        {row('Bank’s reason', boleto.rejection)}
        {row('Baixa asked', boleto.baixaRequestedAt ? dateTime(boleto.baixaRequestedAt, true) : undefined)}
        {row('Paid', boleto.payment ? paymentText(boleto.payment) : undefined)}
        {row(
          'Duplicate payments',
          duplicates.length > 0 ? (
            <ul data-testid="duplicate-payments">
              {duplicates.map((payment) => (
                <li key={payment.at}>{paymentText(payment)}: return it to the payer</li>
              ))}
            </ul>
          ) : undefined,
        )}
      </dl>
    </section>
  );
}
