import type { Webhook } from '../../webhooks/webhook';
import { DataTable } from './data-table';
import { dateTime } from './format';
import { Layout, type PageFrame } from './layout';

/** Settings → Webhooks: the endpoints, a form to add one, and the new endpoint's secret, shown this once. */
export function WebhookSettingsPage(
  props: PageFrame & {
    user: NonNullable<PageFrame['user']>;
    webhooks: Webhook[];
    created?: { webhook: Webhook; segredo: string };
    problem?: string;
    url?: string;
  },
) {
  const { base, user } = props;
  return (
    <Layout {...props} current="settings" title="Settings">
      <h1>Settings</h1>
      <h2>Webhooks</h2>
      <p class="muted">
        Every status a transaction takes is POSTed to each endpoint, signed with its secret (header Gateway-Signature), and
        retried up to 8 times when it fails. See the deliveries under <a href={`${base}/deliveries`}>Webhook deliveries</a>.
      </p>
      {props.created && (
        <div class="card" role="status">
          <p>
            <strong>Endpoint added.</strong> Its signing secret is shown only now: copy it to your server.
          </p>
          <p>
            <code data-secret>{props.created.segredo}</code>
          </p>
        </div>
      )}
      {props.webhooks.length === 0 ? (
        <p class="card" role="status">
          No endpoints yet.
        </p>
      ) : (
        <DataTable columns={[{ label: 'URL' }, { label: 'Id' }, { label: 'Added' }, { label: '' }]}>
          {props.webhooks.map((webhook) => (
            <tr>
              <td>{webhook.url}</td>
              <td>
                <code>{webhook.id}</code>
              </td>
              <td>{dateTime(webhook.createdAt)}</td>
              <td>
                <form method="post" action={`${base}/settings`}>
                  <input type="hidden" name="_csrf" value={user.csrf} />
                  <input type="hidden" name="action" value="remove" />
                  <input type="hidden" name="id" value={webhook.id} />
                  <button type="submit" class="secondary">
                    Remove
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form method="post" action={`${base}/settings`} class="card" style="margin-top:12px">
        <input type="hidden" name="_csrf" value={user.csrf} />
        <input type="hidden" name="action" value="add" />
        <label for="url">Endpoint URL (https://)</label>
        <input
          id="url"
          name="url"
          type="url"
          required
          value={props.url ?? ''}
          aria-invalid={props.problem ? 'true' : undefined}
          aria-describedby={props.problem ? 'url-problem' : undefined}
        />
        {props.problem && (
          <p id="url-problem" class="error" role="alert">
            {props.problem}
          </p>
        )}
        <button type="submit">Add endpoint</button>
      </form>
    </Layout>
  );
}
