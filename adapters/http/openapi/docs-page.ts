/**
 * A self-contained HTML reference page for an OpenAPI document: no scripts, no external resources
 * (users and the machine may be offline). Operations are grouped by tag; `$ref`s link to the schema
 * section at the bottom.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asObj = (v: unknown): Obj => (isObj(v) ? v : {});
const asArr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asStr = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

const anchor = (prefix: string, name: string): string => `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

const SCHEMA_REF = /&quot;\$ref&quot;: &quot;#\/components\/schemas\/([^&]*)&quot;/g;

/** Pretty JSON, escaped, with component `$ref`s turned into links. */
const jsonBlock = (value: unknown): string => {
  const escaped = escapeHtml(JSON.stringify(value, null, 2) ?? 'null');
  const linked = escaped.replace(
    SCHEMA_REF,
    (_all, name: string) => `&quot;$ref&quot;: <a href="#${anchor('schema', name)}">&quot;#/components/schemas/${name}&quot;</a>`,
  );
  return `<pre><code>${linked}</code></pre>`;
};

type Operation = { method: string; path: string; op: Obj };

const parametersTable = (params: unknown[]): string => {
  if (params.length === 0) return '';
  const rows = params
    .map(asObj)
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(asStr(p.name))}</code></td><td>${escapeHtml(asStr(p.in))}</td>` +
        `<td>${p.required === true ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td>` +
        `<td>${escapeHtml(asStr(p.description))}</td></tr>`,
    )
    .join('');
  return (
    '<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th><th>description</th></tr></thead>' +
    `<tbody>${rows}</tbody></table>`
  );
};

const contentBlocks = (content: unknown): string =>
  Object.entries(asObj(content))
    .map(([mediaType, media]) => `<p class="media">${escapeHtml(mediaType)}</p>${jsonBlock(asObj(media).schema ?? {})}`)
    .join('');

const securityText = (security: unknown): string => {
  const reqs = asArr(security).map(asObj);
  if (reqs.length === 0) return 'none';
  const names = reqs.map((r) => (Object.keys(r).length === 0 ? 'anonymous' : Object.keys(r).join(' + ')));
  return names.join(' or ');
};

const operationSection = ({ method, path, op }: Operation): string => {
  const id = asStr(op.operationId) || `${method}-${path}`;
  const parts: string[] = [];
  parts.push(
    `<section class="op" id="${escapeHtml(anchor('op', id))}">` +
      `<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> ` +
      `<code>${escapeHtml(path)}</code></h3>`,
  );
  if (op.summary !== undefined) parts.push(`<p class="summary">${escapeHtml(asStr(op.summary))}</p>`);
  if (op.description !== undefined) parts.push(`<p>${escapeHtml(asStr(op.description))}</p>`);
  parts.push(
    `<p class="meta">operationId <code>${escapeHtml(id)}</code> &middot; authentication: ${escapeHtml(securityText(op.security))}</p>`,
  );
  parts.push(parametersTable(asArr(op.parameters)));
  const body = asObj(op.requestBody);
  if (body.content !== undefined) {
    parts.push(`<h4>Request body${body.required === true ? '' : ' (optional)'}</h4>${contentBlocks(body.content)}`);
  }
  const responses = Object.entries(asObj(op.responses));
  if (responses.length > 0) {
    parts.push('<h4>Responses</h4><dl class="responses">');
    for (const [status, response] of responses) {
      const res = asObj(response);
      const headers = Object.keys(asObj(res.headers));
      parts.push(
        `<dt><span class="status s${escapeHtml(status.slice(0, 1))}">${escapeHtml(status)}</span> ${escapeHtml(asStr(res.description))}</dt>` +
          `<dd>${headers.length > 0 ? `<p>Headers: ${headers.map((h) => `<code>${escapeHtml(h)}</code>`).join(', ')}</p>` : ''}` +
          `${contentBlocks(res.content)}</dd>`,
      );
    }
    parts.push('</dl>');
  }
  parts.push('</section>');
  return parts.join('\n');
};

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1d1d1f; line-height: 1.45; }
header, main { max-width: 72rem; margin: 0 auto; padding: 0 1.5rem; }
header { padding-top: 1.5rem; }
nav ul { columns: 3 16rem; padding-left: 1rem; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: .25rem; margin-top: 2.5rem; }
.op { border: 1px solid #ddd; border-radius: 6px; padding: .25rem 1rem 1rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 4.5rem; text-align: center; border-radius: 4px; color: #fff; padding: 0 .4rem; font-size: .85em; }
.get { background: #1f6feb; } .post { background: #2da44e; } .patch, .put { background: #bf8700; } .delete { background: #cf222e; }
.status { font-weight: bold; font-family: monospace; } .s2 { color: #2da44e; } .s4, .s5 { color: #cf222e; }
.meta, .media { color: #57606a; font-size: .9em; }
pre { background: #f6f8fa; padding: .75rem; overflow-x: auto; border-radius: 4px; font-size: .85em; }
table { border-collapse: collapse; font-size: .9em; } td, th { border: 1px solid #ddd; padding: .25rem .5rem; text-align: left; }
`;

/** The reference page of `document` (an OpenAPI 3.x object), as one HTML string. */
export const renderDocsPage = (document: object): string => {
  const doc = asObj(document);
  const info = asObj(doc.info);
  const title = asStr(info.title) || 'API reference';
  const servers = asArr(doc.servers).map((s) => asStr(asObj(s).url)).filter((u) => u !== '');

  const byTag = new Map<string, Operation[]>();
  for (const t of asArr(doc.tags)) byTag.set(asStr(asObj(t).name), []);
  for (const [path, item] of Object.entries(asObj(doc.paths))) {
    const pathItem = asObj(item);
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!isObj(op)) continue;
      const tags = asArr(op.tags).map(asStr);
      for (const tag of tags.length > 0 ? tags : ['default']) {
        const list = byTag.get(tag) ?? [];
        list.push({ method, path, op });
        byTag.set(tag, list);
      }
    }
  }

  const nav = [...byTag.entries()]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) =>
        `<li><a href="#${escapeHtml(anchor('tag', tag))}">${escapeHtml(tag)}</a> (${ops.length})</li>`,
    )
    .join('');

  const sections = [...byTag.entries()]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) =>
        `<h2 id="${escapeHtml(anchor('tag', tag))}">${escapeHtml(tag)}</h2>\n${ops.map(operationSection).join('\n')}`,
    )
    .join('\n');

  const schemas = Object.entries(asObj(asObj(doc.components).schemas))
    .map(
      ([name, schema]) =>
        `<section id="${escapeHtml(anchor('schema', name))}"><h3><code>${escapeHtml(name)}</code></h3>${jsonBlock(schema)}</section>`,
    )
    .join('\n');

  const security = Object.entries(asObj(asObj(doc.components).securitySchemes))
    .map(([name, scheme]) => {
      const s = asObj(scheme);
      const how = s.type === 'http' ? `HTTP ${asStr(s.scheme)}` : `${asStr(s.type)} in ${asStr(s.in)} named ${asStr(s.name)}`;
      return `<li><code>${escapeHtml(name)}</code>: ${escapeHtml(how)}${s.description === undefined ? '' : ` &mdash; ${escapeHtml(asStr(s.description))}`}</li>`;
    })
    .join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)} <small>${escapeHtml(asStr(info.version))}</small></h1>
${servers.length > 0 ? `<p>Base URL: ${servers.map((u) => `<code>${escapeHtml(u)}</code>`).join(', ')}</p>` : ''}
<p>OpenAPI ${escapeHtml(asStr(doc.openapi))}. Errors are <code>application/problem+json</code>.</p>
${security === '' ? '' : `<h4>Authentication</h4><ul>${security}</ul>`}
<nav><ul>${nav}${schemas === '' ? '' : '<li><a href="#schemas">schemas</a></li>'}</ul></nav>
</header>
<main>
${sections}
${schemas === '' ? '' : `<h2 id="schemas">Schemas</h2>\n${schemas}`}
</main>
</body>
</html>
`;
};
