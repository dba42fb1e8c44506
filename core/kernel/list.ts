import type { Audience } from './audience.js';
import type { Id } from './ids.js';

/**
 * Live rows (deleted = false) or soft-deleted ones (deleted = true), ordered by id; `after` and `limit`
 * page. `audience` (absent: a member) keeps, of live rows, only those the privacy rule shows that
 * reader; each listing says which. The page is cut after that filter, so `after` and `limit` count
 * only rows the reader is shown.
 */
export type ListOptions = { readonly deleted?: boolean; readonly after?: Id; readonly limit?: number; readonly audience?: Audience };

/** Where the next page starts: after the last row of a full page, or null when this page was the last. */
export const nextAfter = (rows: readonly { readonly id: Id }[], limit: number | undefined): Id | null =>
  limit !== undefined && rows.length === limit ? rows[rows.length - 1]!.id : null;
