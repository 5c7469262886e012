import { formatAmount } from '../../domain/money';
import { remainingCents } from '../../domain/refund';
import type { Transaction } from '../../domain/transaction';
import type { Settlement } from '../../use-cases/settle-transaction';
import { money } from './format';
import { Layout, type PageFrame } from './layout';

const WORDING: Record<Settlement, { title: string; explain: string; amount: string; button: string }> = {
  capture: {
    title: 'Capture this payment?',
    explain:
      'The acquirer settles the authorized amount; the transaction becomes paid (or denied if the acquirer refuses). ' +
      'Capture less than the total to settle only part of it: the rest is released, and refunds are limited to what was captured.',
    amount: 'Amount to capture (R$, up to the total)',
    button: 'Capture',
  },
  refund: {
    title: 'Refund (estornar) this payment?',
    explain:
      'The amount goes back to the buyer. Refund less than what remains to refund part of it: the transaction stays paid ' +
      'until its refunds reach what was captured, then it becomes refunded. This cannot be undone.',
    amount: 'Amount to refund (R$, up to what remains)',
    button: 'Refund',
  },
};

/** The confirmation step before an action that moves money: a GET shows it (the amount editable), only its POST acts. */
export function ConfirmPage(props: PageFrame & { transaction: Transaction; operation: Settlement; csrf: string }) {
  const t = props.transaction;
  const words = WORDING[props.operation];
  const back = `${props.base}/transactions/${t.id}`;
  const most = props.operation === 'capture' ? t.totalCents : remainingCents(t);
  return (
    <Layout {...props} current="transactions" title={words.title}>
      <div class="card">
        <h1>{words.title}</h1>
        <p>
          Transaction <strong>{t.id}</strong>, order <strong>{t.orderNumber}</strong>, <strong>{money(t.totalCents)}</strong>
          {t.buyer?.nome ? `, ${t.buyer.nome}` : ''}.
          {props.operation === 'refund' && (
            <>
              {' '}
              Remaining to refund: <strong>{money(most)}</strong>.
            </>
          )}
        </p>
        <p>{words.explain}</p>
        <form method="post" action={`${back}/${props.operation}`} class="actions">
          <input type="hidden" name="_csrf" value={props.csrf} />
          <label>
            {words.amount}{' '}
            <input
              name="valor"
              value={formatAmount(most)}
              inputmode="decimal"
              pattern="\d{1,12}[.,]\d{2}"
              required
              aria-describedby="valor-hint"
            />
          </label>
          <span id="valor-hint" class="muted">
            Like 12.34
          </span>
          <button type="submit" class={props.operation === 'refund' ? 'danger' : undefined}>
            {words.button}
          </button>
          <a class="button secondary" href={back}>
            Cancel
          </a>
        </form>
      </div>
    </Layout>
  );
}
