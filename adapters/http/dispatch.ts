import type Koa from 'koa';

// The route table's requests dispatched without @koa/router's per-request work. For every request,
// the router tests every route's regular expression, then builds a closure per matched route and
// composes them; here a path is split once and compared segment by segment with the few routes of
// its method, length and first segment, in a table built at start, and the route's one middleware
// runs. Only paths written as the table writes them are taken (exact case, no trailing slash, a
// parameter never empty): anything else (another spelling, another method, an unknown path) goes on
// to the router, where every route is registered too, and is answered as it always was (404, 405
// with Allow, OPTIONS).

/** Routes that can match one path share a bucket (method, segment count, first segment), kept in registration order: the first that matches answers, as with the router. */
type Entry = {
  /** Each segment of the path: its text, or null for a parameter. */
  readonly segments: readonly (string | null)[];
  /** The parameters' names, in path order. */
  readonly names: readonly string[];
  /** The route as the router names it (`/api/v1/persons/:id`): `ctx._matchedRoute`, which the metrics read. */
  readonly koaPath: string;
  readonly middleware: Koa.Middleware;
};

export type Dispatcher = {
  /** Adds a route (`koaPath` in the router's syntax, `:name` for a parameter); the first added wins a tie. */
  readonly add: (method: string, koaPath: string, middleware: Koa.Middleware) => void;
  /** Runs the matched route's middleware, or the next middleware (the router) when none matches. */
  readonly middleware: Koa.Middleware;
};

const PARAMETER = /^:(\w+)$/;

/** decodeURIComponent, or the text as it came when it is not valid percent-encoding (as the router does). */
const decoded = (s: string): string => {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * A dispatcher for the routes under `prefix` (`/api/v1`). `reserved`: the first segments under the
 * prefix that routes outside the table answer (the document, the reference); a route of the table
 * starting with one is left to the router, which tries those first.
 */
export const dispatcher = (prefix: string, reserved: readonly string[]): Dispatcher => {
  const depth = prefix.split('/').length;
  // method -> "segment count/first segment under the prefix" -> routes, in registration order.
  const table = new Map<string, Map<string, Entry[]>>();
  const keyOf = (count: number, first: string): string => `${count}/${first}`;
  return {
    add: (method, koaPath, middleware) => {
      if (!koaPath.startsWith(`${prefix}/`)) return;
      const parts = koaPath.split('/');
      const first = parts[depth];
      if (first === undefined || PARAMETER.test(first) || reserved.includes(first)) return;
      const segments = parts.map((p) => (PARAMETER.test(p) ? null : p));
      const names = parts.flatMap((p) => PARAMETER.exec(p)?.[1] ?? []);
      const m = method.toUpperCase();
      const byKey = table.get(m) ?? new Map<string, Entry[]>();
      table.set(m, byKey);
      const key = keyOf(parts.length, first);
      byKey.set(key, [...(byKey.get(key) ?? []), { segments, names, koaPath, middleware }]);
    },
    middleware: (ctx, next) => {
      const byKey = table.get(ctx.method === 'HEAD' ? 'GET' : ctx.method);
      const path = ctx.path;
      if (byKey === undefined || !path.startsWith(prefix)) return next();
      const parts = path.split('/');
      const candidates = byKey.get(keyOf(parts.length, parts[depth] ?? ''));
      if (candidates === undefined) return next();
      for (const e of candidates) {
        let matches = true;
        for (let i = 0; i < parts.length && matches; i++) {
          const s = e.segments[i];
          // A parameter is one segment of at least one character, never holding a '#' (as the router's).
          matches = s === null ? parts[i] !== '' && !parts[i]!.includes('#') : s === parts[i];
        }
        if (!matches) continue;
        const params: Record<string, string> = {};
        let n = 0;
        for (let i = 0; i < parts.length; i++) if (e.segments[i] === null) params[e.names[n++]!] = decoded(parts[i]!);
        const c = ctx as Koa.Context & { params: Record<string, string>; _matchedRoute: string };
        c.params = params;
        c._matchedRoute = e.koaPath;
        return e.middleware(ctx, next);
      }
      return next();
    },
  };
};
