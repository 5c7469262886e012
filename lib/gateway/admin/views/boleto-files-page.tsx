import type { BoletoMethod } from '../../boleto/bank-registry';
import type { RemessaRecord } from '../../boleto/registration/remessa-store';
import { DataTable } from './data-table';
import { dateTime, money } from './format';
import { Layout, type PageFrame } from './layout';

/**
 * Boleto files: the remessa files sent to the bank (each downloadable) and the form that imports a retorno from it.
 * `problem` is why the last upload was refused (nothing was applied); `method` refills the form (a file input cannot be).
 */
export function BoletoFilesPage(
  props: PageFrame & {
    user: NonNullable<PageFrame['user']>;
    files: RemessaRecord[];
    methods: BoletoMethod[];
    problem?: string;
    method?: string;
  },
) {
  const { base, user } = props;
  const download = (file: RemessaRecord) =>
    `${base}/boletos?metodo=${encodeURIComponent(file.method)}&arquivo=${encodeURIComponent(file.fileId)}`;
  return (
    <Layout {...props} current="boletos" title="Boleto files">
      <h1>Boleto files</h1>
      <h2>Remessa files</h2>
      <p class="muted">
        Files of registered boletos for your bank (CNAB 240), newest first: send each one through your bank’s channel.
      </p>
      {props.files.length === 0 ? (
        <p class="card" role="status">
          No remessa file yet.
        </p>
      ) : (
        <DataTable
          columns={[
            { label: 'Created' },
            { label: 'Method' },
            { label: 'NSA' },
            { label: 'Boletos' },
            { label: 'Total' },
            { label: 'Size' },
            { label: 'File' },
          ]}
        >
          {props.files.map((file) => (
            <tr>
              <td>{dateTime(file.createdAt)}</td>
              <td>{file.method}</td>
              <td>{file.sequence}</td>
              <td>{file.titles}</td>
              <td>{money(file.totalCents)}</td>
              <td>{file.bytes === undefined ? '—' : `${file.bytes} bytes`}</td>
              <td>
                <a href={download(file)} download={file.fileName}>
                  {file.fileName}
                </a>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h2>Import a retorno file</h2>
      <form method="post" action={`${base}/boletos`} enctype="multipart/form-data" class="card">
        <input type="hidden" name="_csrf" value={user.csrf} />
        <label for="metodo">Boleto method</label>
        <select id="metodo" name="metodo">
          {props.methods.map((method) => (
            <option value={method} selected={method === props.method}>
              {method}
            </option>
          ))}
        </select>
        <label for="retorno">The retorno file (CNAB 240, as the bank sent it; at most 2,000,000 bytes)</label>
        <input
          type="file"
          id="retorno"
          name="retorno"
          accept=".ret,.RET,.txt,text/plain"
          required
          aria-invalid={props.problem ? 'true' : undefined}
          aria-describedby={props.problem ? 'retorno-problem' : undefined}
        />
        {props.problem && (
          <p id="retorno-problem" class="error" role="alert">
            The file was refused and nothing was applied: {props.problem}
          </p>
        )}
        <button type="submit">Import retorno</button>
      </form>
    </Layout>
  );
}
