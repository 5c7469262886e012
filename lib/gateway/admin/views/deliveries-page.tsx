import type { Delivery } from '../../webhooks/ports';
import { DataTable, Pager } from './data-table';
import { dateTime } from './format';
import { Layout, type PageFrame } from './layout';

const STATE_LABELS: Record<Delivery['state'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

/** Webhook deliveries, newest event first, each with every attempt; a delivery that is not pending can be resent. */
export function DeliveriesPage(
  props: PageFrame & {
    user: NonNullable<PageFrame['user']>;
    deliveries: Delivery[];
    nextCursor?: string;
    first: boolean;
    notice?: string;
  },
) {
  const { base, user } = props;
  return (
    <Layout {...props} current="deliveries" title="Webhook deliveries">
      <h1>Webhook deliveries</h1>
      <p class="muted">
        Each event to each endpoint, with every attempt (status, time, duration, the start of the answer). Kept 30 days.
      </p>
      {props.notice && (
        <p class="card" role="status">
          {props.notice}
        </p>
      )}
      {props.deliveries.length === 0 ? (
        <p class="card" role="status">
          No deliveries yet.
        </p>
      ) : (
        <DataTable
          columns={[{ label: 'Event' }, { label: 'Endpoint' }, { label: 'State' }, { label: 'Attempts' }, { label: '' }]}
        >
          {props.deliveries.map((delivery) => (
            <tr>
              <td>
                {delivery.tipo} <a href={`${base}/transactions/${delivery.transactionId}`}>#{delivery.transactionId}</a>
                <br />
                <span class="muted">
                  <code>{delivery.eventId}</code> · {dateTime(delivery.eventAt, true)}
                </span>
              </td>
              <td>{delivery.url}</td>
              <td>
                {STATE_LABELS[delivery.state]}
                {delivery.state === 'pending' && delivery.nextAttemptAt && (
                  <>
                    <br />
                    <span class="muted">next {dateTime(delivery.nextAttemptAt, true)}</span>
                  </>
                )}
              </td>
              <td>
                <ol class="attempts">
                  {delivery.attempts.map((attempt) => (
                    <li>
                      {dateTime(attempt.at, true)} · {attempt.status ?? attempt.outcome} · {attempt.durationMs} ms
                      {attempt.manual ? ' · resend' : ''}
                      {attempt.excerpt && (
                        <>
                          <br />
                          <span class="muted">{attempt.excerpt}</span>
                        </>
                      )}
                    </li>
                  ))}
                </ol>
              </td>
              <td>
                {delivery.state !== 'pending' && (
                  <form method="post" action={`${base}/deliveries`}>
                    <input type="hidden" name="_csrf" value={user.csrf} />
                    <input type="hidden" name="delivery" value={delivery.key} />
                    <button type="submit" class="secondary">
                      Resend
                    </button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        first={props.first ? undefined : { href: `${base}/deliveries`, label: 'Newest' }}
        next={
          props.nextCursor
            ? { href: `${base}/deliveries?cursor=${encodeURIComponent(props.nextCursor)}`, label: 'Older' }
            : undefined
        }
      />
    </Layout>
  );
}
