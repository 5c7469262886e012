import { OPENAPI_DOCUMENT } from './openapi-document';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

type SchemaNode = {
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  description?: string;
  enum?: readonly string[];
  pattern?: string;
  oneOf?: readonly SchemaNode[];
};

/** Flattens a request schema into `path | type | required | notes` rows. */
function fieldRows(schema: SchemaNode, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, node]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const type = node.type ?? (node.oneOf ?? []).map((option) => option.type).join(' | ');
    const notes = [
      node.description,
      node.enum ? `one of: ${node.enum.join(', ')}` : undefined,
      node.pattern ? `pattern ${node.pattern}` : undefined,
    ]
      .filter(Boolean)
      .join('; ');
    const row = `<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(type)}</td><td>${schema.required?.includes(name) ? 'yes' : ''}</td><td>${escapeHtml(notes)}</td></tr>`;
    return node.properties ? [row, ...fieldRows(node, path)] : [row];
  });
}

/** GET /v1/docs: the OpenAPI document as a page people can read, rendered once per container. */
export const DOCS_PAGE = (() => {
  const doc = OPENAPI_DOCUMENT;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, operation]) =>
        `<section><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3><p><strong>${escapeHtml(operation.summary)}</strong>. ${escapeHtml(
          'description' in operation ? operation.description : '',
        )}</p><ul>${Object.entries(operation.responses as Record<string, { description: string }>)
          .map(([status, response]) => `<li><code>${status}</code> ${escapeHtml(response.description)}</li>`)
          .join('')}</ul></section>`,
    ),
  );
  const errors = doc['x-error-catalogue']
    .map(
      (entry) => `<tr><td><code>${entry.codigo}</code></td><td>${entry.status}</td><td>${escapeHtml(entry.mensagem)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{background:#f3f3f3;padding:0 .2rem}h3{margin-bottom:.2rem}</style></head>
<body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${doc.openapi}).</p>
<h2>Endpoints</h2>${operations.join('\n')}
<h2>Create request fields</h2><table><thead><tr><th>field</th><th>type</th><th>required</th><th>notes</th></tr></thead><tbody>${fieldRows(
    doc.components.schemas.CreateTransactionRequest as SchemaNode,
  ).join('')}</tbody></table>
<h2>Error codes</h2><table><thead><tr><th>codigo</th><th>HTTP</th><th>mensagem</th></tr></thead><tbody>${errors}</tbody></table>
</body></html>`;
})();
