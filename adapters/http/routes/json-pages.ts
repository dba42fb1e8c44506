import { E, type Result } from '../../../core/kernel/either.js';
import type { Reply } from '../route.js';
import { withPage } from './deps.js';
import { nextPageHeaders, type ListAddress } from '../pagination.js';

/**
 * Persons per page of a whole list the store writes as JSON text (PersonRepository.listJson): about
 * 600 kB of text and 20-50 ms of PostgreSQL per page (its statement prepared once per connection),
 * so the first bytes leave within tens of milliseconds and the service holds at most three pages
 * (the one being written, two being read), whatever the tree's size.
 */
export const JSON_STREAM_PAGE = 1000;

/**
 * A page of a list as JSON text: the items in pieces (each its items joined by commas, without
 * brackets), the cursor to the next page (null after the last), and `ahead`, the next page's own
 * cursor when both are full (else null).
 */
export type JsonPage = { readonly json: readonly (string | Uint8Array | readonly Uint8Array[])[]; readonly lastId: string | null; readonly ahead: string | null };
type JsonRead = (page: { readonly limit: number; readonly after?: string }) => Promise<Result<JsonPage>>;

type Bytes = Omit<JsonPage, 'json'> & { readonly json: readonly (Uint8Array | readonly Uint8Array[])[] };
const bytesOf = (piece: string | Uint8Array | readonly Uint8Array[]): Uint8Array | readonly Uint8Array[] => (typeof piece === 'string' ? Buffer.from(piece) : piece);
const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/**
 * The pages as one JSON array, the bytes `listed` (deps.ts) writes for a whole list: '[', the items
 * separated by commas, ']'; a chunk per piece. Two pages are read ahead while one is written (the
 * second from `ahead`), so PostgreSQL works on two cores and the socket meanwhile. Each page still
 * starts after the last person of the page before it as read: a page begun from an `ahead` that a
 * write since made wrong is read again from the right cursor. No garbage collection is forced here.
 */
async function* jsonArrayOfPages(first: JsonPage, read: JsonRead): AsyncGenerator<Uint8Array> {
  const start = (after: string) => {
    // Each piece to bytes as soon as it comes, so a page read ahead waits its turn as bytes, not strings.
    const answer = read({ limit: JSON_STREAM_PAGE, after }).then(E.map((p): Bytes => ({ ...p, json: p.json.map(bytesOf) })));
    // Handled here and awaited below (or dropped): a client gone meanwhile leaves no unhandled rejection.
    answer.catch(() => undefined);
    return { after, answer };
  };
  let page: Bytes = { ...first, json: first.json.map(bytesOf) };
  let next = page.lastId === null ? null : start(page.lastId);
  let afterNext = next === null || page.ahead === null ? null : start(page.ahead);
  let any = false;
  yield Buffer.from('[');
  for (;;) {
    for (const piece of page.json) {
      if (any) yield COMMA;
      // A piece in parts (views of the database socket's chunks, not copied together) is its parts in turn.
      if (piece instanceof Uint8Array) yield piece;
      else yield* piece;
      any = true;
    }
    if (next === null) break;
    const read = await next.answer;
    // The status is sent: a failure now (the tree deleted, access revoked meanwhile) can only cut the array short.
    if (E.isLeft(read)) throw new Error(`a streamed list stopped: ${read.left._tag}`);
    page = read.right;
    if (page.lastId === null) next = null;
    else {
      next = afterNext !== null && afterNext.after === page.lastId ? afterNext : start(page.lastId);
      afterNext = page.ahead === null ? null : start(page.ahead);
    }
  }
  yield Buffer.from(']');
}

/**
 * A whole list (no `limit`) streamed from pages of JSON text, from `cursor` when given: the answer
 * `listed` gives without `limit` (the same status, headers and bytes), with no object per row.
 */
export const streamedJsonPages = async (query: { readonly cursor?: string }, read: JsonRead): Promise<Result<Reply<never>>> =>
  withPage(query, async (page): Promise<Result<Reply<never>>> => {
    const first = await read({ limit: JSON_STREAM_PAGE, ...(page.after === undefined ? {} : { after: page.after }) });
    return E.map((r: JsonPage) => ({
      status: 200, stream: jsonArrayOfPages(r, read), headers: { 'Content-Type': 'application/json; charset=utf-8' },
    }))(first);
  });

/**
 * One page of a list whose store wrote its JSON (a search's persons, a batch: PersonRepository.pickJson):
 * the answer `listed` gives with `limit` (or `defaultLimit`), the same status, headers and bytes, the
 * text sent as it is. Without either, the page is read without a limit (a batch).
 */
export const pickedJson = async (
  query: { readonly limit?: number; readonly cursor?: string },
  url: URL | ListAddress,
  read: (page: { readonly limit?: number; readonly after?: string }) => Promise<Result<{ readonly json: string | Uint8Array; readonly lastId: string | null }>>,
  defaultLimit?: number,
): Promise<Result<Reply<never>>> =>
  withPage(query, async (page): Promise<Result<Reply<never>>> => {
    const limit = page.limit ?? defaultLimit;
    const read1 = await read({ ...(limit === undefined ? {} : { limit }), ...(page.after === undefined ? {} : { after: page.after }) });
    return E.map((r: { readonly json: string | Uint8Array; readonly lastId: string | null }) => ({
      status: 200, json: typeof r.json === 'string' ? `[${r.json}]` : Buffer.concat([OPEN, r.json, CLOSE]), headers: nextPageHeaders(r.lastId, limit, url),
    }))(read1);
  });
