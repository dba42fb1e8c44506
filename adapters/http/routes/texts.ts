// Paragraphs that several operations' descriptions share (the reference: route.ts `description`).

/** The paging paragraph of a list that streams without `limit` (deps.ts `listed`, API.md "Lists"); `who` has the stream budget. */
export const streamedList = (who = 'An account'): string =>
  'Without `limit` the whole list comes as one JSON array, streamed (a failure after the first bytes can only cut it short). '
  + `${who} has at most \`STREAMS_PER_USER\` (default 2) streamed answers running at once; past that the answer is 429 \`too_many_streams\` with \`Retry-After\`. `
  + 'With `limit` (1 to 1000) one page ordered by id is answered, not streamed: when more may follow, `X-Next-Cursor` holds the cursor to send back '
  + 'as `cursor`, and `Link` (`rel="next"`) the next page\'s address; a page without `X-Next-Cursor` is the last. '
  + 'A `cursor` this service did not give out is 422 `invalid_cursor`.';

/** The paging paragraph of a member's list. */
export const STREAMED_LIST = streamedList();

/** The ETag sentence of a one-record GET (app.ts): `changes` names the conditional changes of the same path. */
export const etagNote = (changes: string): string =>
  'The answer carries an `ETag`, a hash of what this caller was shown (it changes when the record, or what this caller may see of it, changes); '
  + `send it as \`If-Match\` with ${changes} so that a change made meanwhile is not overwritten.`;

/** The If-Match paragraph of a conditional change (route.ts `conditional`, app.ts): `read` is the GET whose ETag it checks. */
export const ifMatch = (read: string): string =>
  `To change only the version you read, send its \`ETag\` (from \`${read}\`) as \`If-Match\`: when the record as that GET reads it now has `
  + 'another ETag, nothing changes and the answer is 412 `precondition_failed` carrying the current `ETag` (`*` matches any version; '
  + 'without `If-Match` the change is made whatever the version). The version holds until the change is written: a change another client '
  + 'commits meanwhile makes this one 412 too, never overwritten (so does a tree that keeps changing through several tries). '
  + 'A caller who may not make the change gets that refusal, never a 412.';
