import { createHash } from 'node:crypto';

// Server-rendered pages without scripts or external assets. The one inline style is allowed by its
// hash, so the Content-Security-Policy can refuse everything else (an injected tag does nothing).

const STYLE = [
  'body{margin:0;font:1.125rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f5f2}',
  'main{max-width:32rem;margin:0 auto;padding:1.5rem 1.25rem}',
  'h1{font-size:1.5rem;line-height:1.25;margin:1rem 0}',
  '.problem{border-left:.3rem solid #b3261e;padding-left:.75rem}',
  '.done{border-left:.3rem solid #1e6b34;padding-left:.75rem}',
  'label{display:block;margin:1rem 0 .25rem;font-weight:600}',
  'input{box-sizing:border-box;font-family:inherit;width:100%;min-height:3rem;font-size:1.125rem;padding:.5rem .75rem;border:1px solid #767676;border-radius:.375rem}',
  'button{box-sizing:border-box;font-family:inherit;width:100%;min-height:3rem;margin-top:1.5rem;font-size:1.125rem;font-weight:600;color:#fff;background:#1f4e99;border:0;border-radius:.375rem;cursor:pointer}',
  'button:focus,input:focus{outline:.2rem solid #f0b400;outline-offset:.1rem}',
].join('');

const STYLE_HASH = createHash('sha256').update(STYLE, 'utf8').digest('base64');

/** Headers of every account page: the token is in the URL, so no referrer, no cache, no framing. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

const SPECIAL = /[&<>"']/;

/** Text for HTML content and double-quoted attribute values (most texts have nothing to escape: returned as they are). */
export const escapeHtml = (s: string): string =>
  !SPECIAL.test(s) ? s : s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

export type PasswordFields = { readonly minLength: number; readonly maxLength: number };

export type PageForm = {
  /** Relative to the page (`verify-email`), so the form posts to the same path behind any prefix. */
  readonly action: string;
  readonly token: string;
  readonly button: string;
  /** A new-password form (reset) rather than a single button (verify). */
  readonly password?: PasswordFields;
};

export type Page = {
  readonly status: number;
  readonly title: string;
  /** `done` and `problem` mark the first paragraph as the outcome. */
  readonly tone: 'neutral' | 'done' | 'problem';
  readonly paragraphs: readonly string[];
  readonly form?: PageForm;
};

const passwordInputs = (p: PasswordFields): string[] => {
  const bounds = `minlength="${p.minLength}" maxlength="${p.maxLength}" required autocomplete="new-password"`;
  return [
    `<label for="new_password">New password (at least ${p.minLength} characters)</label>`,
    `<input id="new_password" name="new_password" type="password" ${bounds}>`,
    '<label for="confirm_password">The same password again</label>',
    `<input id="confirm_password" name="confirm_password" type="password" ${bounds}>`,
  ];
};

const renderForm = (f: PageForm): string =>
  [
    `<form method="post" action="${escapeHtml(f.action)}" enctype="application/x-www-form-urlencoded">`,
    `<input type="hidden" name="token" value="${escapeHtml(f.token)}">`,
    ...(f.password ? passwordInputs(f.password) : []),
    `<button type="submit">${escapeHtml(f.button)}</button>`,
    '</form>',
  ].join('\n');

export const renderPage = (p: Page): string =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(p.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(p.title)}</h1>`,
    ...p.paragraphs.map((text, i) => (i === 0 && p.tone !== 'neutral' ? `<p class="${p.tone}" role="status">${escapeHtml(text)}</p>` : `<p>${escapeHtml(text)}</p>`)),
    ...(p.form ? [renderForm(p.form)] : []),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
