import type { DomainError, FieldError } from '../../core/kernel/errors.js';

export type Problem = {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors?: readonly FieldError[];
};

const titles: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable',
  422: 'Unprocessable Content', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

export const problem = (status: number, code: string, detail: string, errors?: readonly FieldError[]): Problem => ({
  type: `about:blank#${code}`,
  title: titles[status] ?? 'Error',
  status,
  code,
  detail,
  ...(errors === undefined ? {} : { errors }),
});

/** The one map from domain error tags to statuses (ARCHITECTURE.md rule 4). Exhaustive by type. */
export const problemOf = (e: DomainError): { readonly problem: Problem; readonly headers: Readonly<Record<string, string>> } => {
  switch (e._tag) {
    case 'Unauthenticated':
      return { problem: problem(401, 'unauthenticated', e.detail), headers: { 'WWW-Authenticate': 'Bearer' } };
    case 'Forbidden':
      return { problem: problem(403, e.code, e.detail), headers: {} };
    case 'NotFound':
      return { problem: problem(404, 'not_found', `No such ${e.entity}.`), headers: {} };
    case 'Conflict':
      return { problem: problem(409, e.code, e.detail, e.errors), headers: {} };
    case 'InvalidInput':
      return { problem: problem(422, e.code, e.detail, e.errors), headers: {} };
    case 'RateLimited':
      return { problem: problem(429, 'rate_limited', `Too many attempts; try again in ${e.retryAfterSeconds} s.`), headers: { 'Retry-After': String(e.retryAfterSeconds) } };
    case 'RangeNotSatisfiable':
      return { problem: problem(416, 'range_not_satisfiable', `The range lies outside the ${e.size} bytes of this item.`), headers: { 'Content-Range': `bytes */${e.size}` } };
    case 'Upstream':
      return { problem: problem(e.code === 'provider_timeout' ? 504 : 502, e.code, e.detail), headers: {} };
    default: {
      const unreachable: never = e;
      throw new Error(`unmapped domain error ${JSON.stringify(unreachable)}`);
    }
  }
};
