import type Router from '@koa/router';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * The API reference at /api/v1/docs: the OpenAPI document rendered in the browser by Swagger UI
 * (npm `swagger-ui-dist`, a maintained renderer), served by the service itself from its own files
 * (no CDN: the machine may be offline). The page has no inline script or style; its
 * Content-Security-Policy lets scripts and styles come only from the renderer's folder, and fetches
 * go only to this service (the document, and "Try it out").
 */

const require = createRequire(import.meta.url);
const DIST = dirname(require.resolve('swagger-ui-dist/package.json'));
const VERSION = (JSON.parse(readFileSync(join(DIST, 'package.json'), 'utf8')) as { version: string }).version;

/** Where the renderer's files are served: the version in the path lets them be cached for good. */
export const REFERENCE_ASSETS = `/api/v1/docs/${VERSION}/`;

// The page's own start-up script, served as a file beside the renderer's (no inline script).
const START = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    defaultModelsExpandDepth: 0,
    defaultModelExpandDepth: 2,
    defaultModelRendering: 'example',
    docExpansion: 'list',
    showExtensions: false,
    showCommonExtensions: true,
    tryItOutEnabled: false,
    withCredentials: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

type Asset = { readonly bytes: Buffer; readonly type: string; readonly etag: string; gzipped?: Promise<Buffer> };

const asset = (bytes: Buffer, type: string): Asset => ({
  bytes,
  type,
  etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
});

const ASSETS: ReadonlyMap<string, Asset> = new Map([
  ['swagger-ui-bundle.js', asset(readFileSync(join(DIST, 'swagger-ui-bundle.js')), 'text/javascript; charset=utf-8')],
  ['swagger-ui.css', asset(readFileSync(join(DIST, 'swagger-ui.css')), 'text/css; charset=utf-8')],
  ['favicon-32x32.png', asset(readFileSync(join(DIST, 'favicon-32x32.png')), 'image/png')],
  ['start.js', asset(Buffer.from(START, 'utf8'), 'text/javascript; charset=utf-8')],
]);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Genealogy service</title>
<link rel="stylesheet" href="${REFERENCE_ASSETS}swagger-ui.css">
<link rel="icon" type="image/png" href="${REFERENCE_ASSETS}favicon-32x32.png">
</head>
<body>
<main id="reference"><noscript><p>The API reference is drawn by a script. Without one, read the OpenAPI document itself: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript></main>
<script src="${REFERENCE_ASSETS}swagger-ui-bundle.js"></script>
<script src="${REFERENCE_ASSETS}start.js"></script>
</body>
</html>
`;

/**
 * Scripts and styles from the renderer's folder only, on this service's public origin (BASE_URL)
 * and on the origin the page was asked on (the same behind most proxies); images from it and the
 * data: icons of its stylesheet; fetches to this service. Nothing inline, no eval, no framing.
 */
export const referencePolicy = (origins: readonly string[]): string => {
  const folder = [...new Set(origins)].map((o) => `${o}${REFERENCE_ASSETS}`).join(' ');
  return [
    "default-src 'none'",
    `script-src ${folder}`,
    `style-src ${folder}`,
    `img-src ${folder} data:`,
    `connect-src 'self' ${[...new Set(origins)].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
};

const gzipped = promisify(gzip);

/** GET /api/v1/docs (the page) and GET /api/v1/docs/{version}/{file} (the renderer's files). */
export const mountReference = (router: Router, baseUrl: string): void => {
  const publicOrigin = new URL(baseUrl).origin;
  router.get('/api/v1/docs', (ctx) => {
    // The origin the page was asked on joins BASE_URL's only when its Host is a plain host[:port]:
    // a Host header is the client's to write, and must not add a word to the policy.
    const asked = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(ctx.host) ? [`${ctx.protocol}://${ctx.host}`] : [];
    ctx.set('Content-Security-Policy', referencePolicy([publicOrigin, ...asked]));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });
  router.get(`${REFERENCE_ASSETS}:file`, async (ctx) => {
    const file = ASSETS.get(ctx.params['file'] ?? '');
    if (file === undefined) return; // 404 problem from the app's fallback
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', file.etag);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.type = file.type;
    if (ctx.get('If-None-Match').split(',').some((tag) => tag.trim() === file.etag)) {
      ctx.status = 304;
      return;
    }
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip' && file.bytes.length > 1024) {
      file.gzipped ??= gzipped(file.bytes, { level: 9 });
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await file.gzipped;
      return;
    }
    ctx.body = file.bytes;
  });
};
