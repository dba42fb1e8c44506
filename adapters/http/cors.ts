import type Koa from 'koa';

// Browser clients on other origins (CORS_ORIGINS, exact origins). A listed origin may call the API
// with credentials (a Bearer token, or the session cookie: the CSRF rule accepts its Origin too); its
// preflight is answered here, before authentication and routing. Any other origin gets no
// Access-Control-* header, so the browser keeps the answer from it.

/** The request headers a browser client may send (a preflight asking for others is answered without them). */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Range', 'X-Request-Id'];
/** The answer headers a browser client may read beyond the safelisted ones. */
export const CORS_EXPOSED_HEADERS = ['ETag', 'Location', 'Link', 'X-Next-Cursor', 'X-Total-Count', 'X-Request-Id', 'Retry-After', 'Content-Disposition', 'Content-Range', 'Accept-Ranges'];
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const MAX_AGE_SECONDS = 600;

export const corsMiddleware = (origins: ReadonlySet<string>): Koa.Middleware => async (ctx, next) => {
  if (origins.size === 0) return next();
  // Caches keep one answer per Origin: whether it carries the headers depends on it.
  ctx.vary('Origin');
  const origin = ctx.get('Origin');
  if (origin === '' || !origins.has(origin)) return next();
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Access-Control-Allow-Credentials', 'true');
  if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '') {
    ctx.set('Access-Control-Allow-Methods', METHODS);
    ctx.set('Access-Control-Allow-Headers', CORS_REQUEST_HEADERS.join(', '));
    ctx.set('Access-Control-Max-Age', String(MAX_AGE_SECONDS));
    ctx.status = 204;
    return;
  }
  ctx.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
  return next();
};
