import type { ComponentChildren } from 'preact';
import { maskedPan } from '../../domain/card';
import { capturedCentsOf, refundedCents, refundsOf, remainingCents } from '../../domain/refund';
import { refusalFor } from '../../domain/state-machine';
import { type Transaction, toApiView } from '../../domain/transaction';
import { BoletoSection } from './boleto-section';
import { DataTable } from './data-table';
import { dateTime, METHOD_LABELS, money, STATUS_LABELS } from './format';
import { Layout, type PageFrame, StatusBadge } from './layout';

export interface TransactionPageProps extends PageFrame {
  transaction: Transaction;
  /** The outcome of an action just taken, shown once above the details. */
  notice?: { text: string; bad: boolean };
}

/** Every field of a transaction, the actions its state allows, and its history. */
export function TransactionPage(props: TransactionPageProps) {
  const t = props.transaction;
  const base = `${props.base}/transactions/${t.id}`;
  const canCapture = refusalFor('capture', t) === undefined;
  const remaining = remainingCents(t);
  const canRefund = refusalFor('refund', t) === undefined && remaining > 0;
  const captured = capturedCentsOf(t);
  const refunds = refundsOf(t);
  // The API's own view puts detalhes in the documented key order.
  const detalhes = (toApiView(t).detalhes ?? t.detalhes) as Record<string, string | null> | undefined;
  const row = (label: string, value: ComponentChildren) =>
    value === undefined || value === null || value === '' ? null : (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    );
  return (
    <Layout {...props} current="transactions" title={`Transaction ${t.id}`}>
      <p>
        <a href={`${props.base}/transactions`}>← Transactions</a>
      </p>
      <h1>
        Transaction {t.id} <StatusBadge status={t.status} label={STATUS_LABELS[t.status]} />
      </h1>
      {props.notice && (
        <p class={props.notice.bad ? 'notice bad' : 'notice'} role="status">
          {props.notice.text}
        </p>
      )}
      {(canCapture || canRefund) && (
        <div class="actions card">
          {canCapture && (
            <a class="button" href={`${base}/capture`}>
              Capture (all or part of {money(t.totalCents)})…
            </a>
          )}
          {canRefund && (
            <a class="button secondary" href={`${base}/refund`}>
              Refund (estornar, up to {money(remaining)})…
            </a>
          )}
        </div>
      )}
      <section class="card" aria-labelledby="h-payment">
        <h2 id="h-payment">Payment</h2>
        <dl class="fields">
          {row('Id', t.id)}
          {row('Status', <code>{t.status}</code>)}
          {row('Total', `${money(t.totalCents)} (${t.currency})`)}
          {row('Captured', captured === undefined ? undefined : money(captured))}
          {row('Refunded', refunds.length > 0 ? money(refundedCents(t)) : undefined)}
          {row('Order number', t.orderNumber)}
          {row('Description', t.description)}
          {row('Payment method', `${METHOD_LABELS[t.method] ?? t.method} (${t.method})`)}
          {row('Flow', t.flow)}
          {row('Capture at creation', t.capture ? 'yes' : 'no')}
          {row('Operation', t.operationType)}
          {row('Instalments', t.installments)}
          {row('Card', t.card ? `${t.card.brand} ${maskedPan(t.card)}` : undefined)}
          {row('Boleto due date', t.dueDate)}
          {row(
            'url_acesso',
            t.accessUrl ? (
              <a href={t.accessUrl} rel="noreferrer">
                {t.accessUrl}
              </a>
            ) : undefined,
          )}
          {row('url_retorno', t.returnUrl)}
          {row('Created', dateTime(t.createdAt, true))}
          {row('Updated', dateTime(t.updatedAt, true))}
        </dl>
      </section>
      {t.pix && (
        <section class="card" aria-labelledby="h-pix">
          <h2 id="h-pix">Pix</h2>
          <dl class="fields">
            {row('txid', <code>{t.pix.txid}</code>)}
            {row('Expires', dateTime(t.pix.expiresAt, true))}
            {row('Paid', t.pix.paidAt ? dateTime(t.pix.paidAt, true) : undefined)}
            {row('End-to-end id (e2eid)', t.pix.e2eid ? <code>{t.pix.e2eid}</code> : undefined)}
            {row('Pix key (chave)', t.pix.key)}
            {row('Revision', t.pix.revision)}
            {row(
              'Copia e cola',
              <textarea class="copy" readonly rows={4} aria-label="Pix copia e cola">
                {t.pix.brCode}
              </textarea>,
            )}
          </dl>
        </section>
      )}
      {t.boleto && <BoletoSection boleto={t.boleto} row={row} />}
      {t.buyer && (
        <section class="card" aria-labelledby="h-buyer">
          <h2 id="h-buyer">Buyer</h2>
          <dl class="fields">
            {row('Name', t.buyer.nome)}
            {row('Document', t.buyer.documento)}
            {row(
              'Address',
              [t.buyer.endereco, t.buyer.numero, t.buyer.complemento, t.buyer.bairro].filter(Boolean).join(', ') || undefined,
            )}
            {row('City', [t.buyer.cidade, t.buyer.estado].filter(Boolean).join(' / ') || undefined)}
            {row('Postal code', t.buyer.cep)}
          </dl>
        </section>
      )}
      <section class="card" aria-labelledby="h-detalhes">
        <h2 id="h-detalhes">detalhes</h2>
        {detalhes && Object.keys(detalhes).length > 0 ? (
          <dl class="fields">
            {Object.entries(detalhes).map(([key, value]) => (
              <>
                <dt>
                  <code>{key}</code>
                </dt>
                <dd>{value ?? <span class="muted">null</span>}</dd>
              </>
            ))}
          </dl>
        ) : (
          <p class="muted">None yet: the acquirer fills them when it answers (boletos have none).</p>
        )}
      </section>
      {refunds.length > 0 && (
        <section class="card" aria-labelledby="h-refunds">
          <h2 id="h-refunds">Refunds (estornos)</h2>
          <DataTable columns={[{ label: 'When' }, { label: 'Amount' }, { label: 'Status' }, { label: 'Id' }, { label: 'By' }]}>
            {refunds.map((refund) => (
              <tr>
                <td>{refund.createdAt ? dateTime(refund.createdAt, true) : ''}</td>
                <td>{money(refund.cents)}</td>
                <td>
                  <code>{refund.status}</code>
                </td>
                <td>
                  <code>{refund.id}</code>
                </td>
                <td>{refund.by}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      )}
      <section class="card" aria-labelledby="h-history">
        <h2 id="h-history">Status history</h2>
        <DataTable columns={[{ label: 'When' }, { label: 'Status' }, { label: 'By' }]}>
          {t.history.map((change) => (
            <tr>
              <td>{dateTime(change.at, true)}</td>
              <td>
                <StatusBadge status={change.status} label={STATUS_LABELS[change.status]} />
              </td>
              <td>{change.by}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </Layout>
  );
}
