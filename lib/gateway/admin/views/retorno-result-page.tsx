import type { RetornoReport } from '../../boleto/registration/import-retorno';
import { DataTable } from './data-table';
import { Layout, type PageFrame } from './layout';

const OUTCOMES = { applied: 'Applied', duplicate: 'Duplicate (already applied)', ignored: 'Ignored' } as const;

/** What importing a retorno did: the counts, then each occurrence with its boleto and the status it left. */
export function RetornoResultPage(props: PageFrame & { method: string; report: RetornoReport }) {
  const { base, report } = props;
  return (
    <Layout {...props} current="boletos" title="Retorno imported">
      <h1>Retorno imported</h1>
      {report.alreadyImported ? (
        <p class="card" role="status">
          This file ({props.method}, NSA {report.sequence}) was already imported on {report.importedAt}: nothing changed.
        </p>
      ) : (
        <p class="card" role="status">
          {props.method}, NSA {report.sequence}: <strong>{report.applied}</strong> applied, <strong>{report.duplicates}</strong>{' '}
          duplicates, <strong>{report.ignored}</strong> ignored.
        </p>
      )}
      {report.occurrences.length > 0 && (
        <DataTable
          columns={[{ label: 'Line' }, { label: 'Movement' }, { label: 'Boleto' }, { label: 'Outcome' }, { label: 'Status' }]}
        >
          {report.occurrences.map((occurrence) => (
            <tr>
              <td>{occurrence.line}</td>
              <td>{occurrence.code}</td>
              <td>
                {occurrence.transactionId === undefined ? (
                  '—'
                ) : (
                  <a href={`${base}/transactions/${occurrence.transactionId}`}>#{occurrence.transactionId}</a>
                )}
              </td>
              <td>
                {OUTCOMES[occurrence.outcome]}
                {occurrence.reason && <span class="muted"> ({occurrence.reason})</span>}
              </td>
              <td>{occurrence.status ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <p>
        <a href={`${base}/boletos`}>Back to boleto files</a>
      </p>
    </Layout>
  );
}
