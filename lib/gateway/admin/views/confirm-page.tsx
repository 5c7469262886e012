import type { Transaction } from '../../domain/transaction';
import type { Settlement } from '../../use-cases/settle-transaction';
import { money } from './format';
import { Layout, type PageFrame } from './layout';

const WORDING: Record<Settlement, { title: string; explain: string; button: string }> = {
  capture: {
    title: 'Capture this payment?',
    explain: 'The acquirer settles the authorized amount; the transaction becomes paid (or denied if the acquirer refuses).',
    button: 'Capture',
  },
  refund: {
    title: 'Refund (estornar) this payment?',
    explain: 'The full amount goes back to the buyer and the transaction becomes refunded. This cannot be undone.',
    button: 'Refund',
  },
};

/** The confirmation step before an action that moves money: a GET shows it, only its POST acts. */
export function ConfirmPage(props: PageFrame & { transaction: Transaction; operation: Settlement; csrf: string }) {
  const t = props.transaction;
  const words = WORDING[props.operation];
  const back = `${props.base}/transactions/${t.id}`;
  return (
    <Layout {...props} current="transactions" title={words.title}>
      <div class="card">
        <h1>{words.title}</h1>
        <p>
          Transaction <strong>{t.id}</strong>, order <strong>{t.orderNumber}</strong>, <strong>{money(t.totalCents)}</strong>
          {t.buyer?.nome ? `, ${t.buyer.nome}` : ''}.
        </p>
        <p>{words.explain}</p>
        <form method="post" action={`${back}/${props.operation}`} class="actions">
          <input type="hidden" name="_csrf" value={props.csrf} />
          <button type="submit" class={props.operation === 'refund' ? 'danger' : undefined}>
            {words.button} {money(t.totalCents)}
          </button>
          <a class="button secondary" href={back}>
            Cancel
          </a>
        </form>
      </div>
    </Layout>
  );
}
