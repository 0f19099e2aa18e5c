// The development-only human page of the OpenAPI document: plain server-rendered HTML, no script and nothing fetched
// from elsewhere (the API's CSP allows neither), one <details> per operation with its schemas.
type Doc = { info: { title: string; version: string }; paths: Record<string, Record<string, object>> };

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const pre = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

export function openApiPage(document: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const op = operation as Record<string, unknown>;
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'api';
      const title = `<code>${method.toUpperCase()} ${escape(path)}</code>${op.summary ? ` ${escape(String(op.summary))}` : ''}${op['x-development-only'] ? ' (development only)' : ''}`;
      const parts = [
        op.parameters ? `<h4>Parameters</h4>${pre(op.parameters)}` : '',
        op.requestBody ? `<h4>Request body</h4>${pre(op.requestBody)}` : '',
        `<h4>Replies</h4>${pre(op.responses)}`,
      ];
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(`<details><summary>${title}</summary>${parts.join('')}</details>`);
    }
  }
  const sections = [...byTag].sort(([a], [b]) => a.localeCompare(b)).map(([tag, ops]) => `<section><h2>${escape(tag)}</h2>${ops.join('\n')}</section>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)}</title></head><body><main>` +
    `<h1>${escape(document.info.title)} ${escape(document.info.version)}</h1><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>. ` +
    `The error replies share <code>#/components/responses/Error</code>.</p>${sections.join('\n')}</main></body></html>`;
}
