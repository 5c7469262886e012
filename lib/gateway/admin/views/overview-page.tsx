import { STATUSES } from '../../domain/state-machine';
import { OVERVIEW_DAYS, type Overview } from '../overview/overview';
import { DataTable } from './data-table';
import { money, STATUS_LABELS } from './format';
import { Layout, type PageFrame, StatusBadge } from './layout';
import { VolumeChart } from './volume-chart';

export function OverviewPage(props: PageFrame & { overview: Overview }) {
  const { overview, base } = props;
  const total = overview.days.reduce((sum, day) => ({ count: sum.count + day.count, cents: sum.cents + day.cents }), {
    count: 0,
    cents: 0,
  });
  return (
    <Layout {...props} current="overview" title="Overview">
      <h1>Overview · last {OVERVIEW_DAYS} days</h1>
      <div class="tiles">
        <div class="tile">
          <div class="muted">All transactions</div>
          <div class="n">{total.count}</div>
          <div>{money(total.cents)}</div>
        </div>
        {STATUSES.map((status) => (
          <a class="tile" href={`${base}/transactions?status=${status}`} style="text-decoration:none;color:inherit">
            <StatusBadge status={status} label={STATUS_LABELS[status]} />
            <div class="n">{overview.byStatus[status].count}</div>
            <div>{money(overview.byStatus[status].cents)}</div>
          </a>
        ))}
      </div>
      <section class="card" aria-labelledby="h-volume">
        <h2 id="h-volume">Volume per day (UTC)</h2>
        <VolumeChart days={overview.days} />
        <details>
          <summary>Figures</summary>
          <DataTable columns={[{ label: 'Day' }, { label: 'Transactions', numeric: true }, { label: 'Volume', numeric: true }]}>
            {overview.days.map((day) => (
              <tr>
                <td>{day.day}</td>
                <td class="num">{day.count}</td>
                <td class="num">{money(day.cents)}</td>
              </tr>
            ))}
          </DataTable>
        </details>
      </section>
    </Layout>
  );
}
