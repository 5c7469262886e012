import type { AuditAction, AuditEntry } from '../audit/audit-entry';
import { dateTime } from './format';
import { Layout, type PageFrame } from './layout';

const ACTION_LABELS: Record<AuditAction, string> = {
  login: 'Logged in',
  login_failed: 'Failed login',
  login_throttled: 'Login refused (too many attempts)',
  logout: 'Logged out',
  capture: 'Capture',
  refund: 'Refund (estorno)',
};

export function ActivityPage(props: PageFrame & { entries: AuditEntry[]; nextCursor?: string; first: boolean }) {
  const { base } = props;
  return (
    <Layout {...props} current="activity" title="Activity">
      <h1>Activity</h1>
      <p class="muted">Logins, failed logins, captures and refunds of your admin users, newest first.</p>
      {props.entries.length === 0 ? (
        <p class="card" role="status">
          No activity recorded yet.
        </p>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Result</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
      <nav class="actions" aria-label="Pages" style="margin-top:12px">
        {!props.first && (
          <a class="button secondary" href={`${base}/activity`}>
            Newest
          </a>
        )}
        {props.nextCursor && (
          <a class="button secondary" href={`${base}/activity?cursor=${encodeURIComponent(props.nextCursor)}`} rel="next">
            Older
          </a>
        )}
      </nav>
    </Layout>
  );
}
