import type { AuditAction, AuditEntry } from '../audit/audit-entry';
import { DataTable, Pager } from './data-table';
import { dateTime } from './format';
import { Layout, type PageFrame } from './layout';

const ACTION_LABELS: Record<AuditAction, string> = {
  login: 'Logged in',
  login_failed: 'Failed login',
  login_throttled: 'Login refused (too many attempts)',
  logout: 'Logged out',
  capture: 'Capture',
  refund: 'Refund (estorno)',
  webhook_added: 'Webhook added',
  webhook_removed: 'Webhook removed',
  webhook_resent: 'Webhook delivery resent',
  retorno_imported: 'Boleto retorno file imported',
};

export function ActivityPage(props: PageFrame & { entries: AuditEntry[]; nextCursor?: string; first: boolean }) {
  const { base } = props;
  return (
    <Layout {...props} current="activity" title="Activity">
      <h1>Activity</h1>
      <p class="muted">Logins, failed logins, captures, refunds and retorno imports of your admin users, newest first.</p>
      {props.entries.length === 0 ? (
        <p class="card" role="status">
          No activity recorded yet.
        </p>
      ) : (
        <DataTable columns={[{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'Result' }, { label: 'From' }]}>
          {props.entries.map((entry) => (
            <tr>
              <td>{dateTime(entry.at, true)}</td>
              <td>{entry.actor}</td>
              <td>
                {ACTION_LABELS[entry.action] ?? entry.action}
                {entry.transactionId !== undefined && (
                  <>
                    {' '}
                    <a href={`${base}/transactions/${entry.transactionId}`}>#{entry.transactionId}</a>
                  </>
                )}
              </td>
              <td>{entry.outcome}</td>
              <td>
                {entry.ip}
                <br />
                <span class="muted">{entry.userAgent.slice(0, 80)}</span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        first={props.first ? undefined : { href: `${base}/activity`, label: 'Newest' }}
        next={
          props.nextCursor
            ? { href: `${base}/activity?cursor=${encodeURIComponent(props.nextCursor)}`, label: 'Older' }
            : undefined
        }
      />
    </Layout>
  );
}
