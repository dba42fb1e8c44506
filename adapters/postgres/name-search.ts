import type { NameRepository } from '../../core/people/ports.js';
import { NO_ID, type Sql } from './sql.js';
import { all, fullPerson, type Fragment } from './privacy-sql.js';
import { MAX_QUERY_WORDS } from '../../core/people/trigram.js';

// Name search at the cost of its page (issue 27), in one statement. The query's distinct words are
// matched (pg_trgm's `%`, whose threshold each connection has from its start) against the tree's distinct name words (name_words,
// one GIN index of the tree and the word's trigrams: the tree's words like the query's, not every
// tree's nor every word of the tree; migration 20270120090000), then persons are read from
// `name_postings` (word, person), kept by triggers on names (migration 20261226090000):
//
// - One query word (a surname with a typo, the common case): a person's score is the similarity of
//   their best matching word. The matched words are walked best first (ties by word), each word's
//   persons in id order, and the statement stops when `limit` persons have passed: it reads O(limit)
//   postings after the word lookup, plus, per person read, one probe per better matched word (to skip
//   a person already answered under it; none for the best word) and their row (deleted? shown?).
// - Several query words: a person's score is the mean over the query's words of the similarity of
//   their best matching word (0 for a query word none of theirs matches), ties by person id. A lower
//   bound of the page's last score, from a few persons, says which persons can reach the page: when
//   it names a query word whose close matches they must all hold, only those holders are scored, from
//   the other query words' matched words' postings (see rankedSql). Else every person holding a
//   matched word at least as alike as the bound (only they can reach it) is scored and those under
//   the bound dropped (set-wise, from postings only: no name row is read, each matched word's
//   postings by the index, laterally: a join let the planner hash every posting of the table, 32 ms
//   for `O'Neill` on 100,000 persons). Either way this costs in
//   proportion to the matched words' postings, not to the page.
//
// The query is composed (NFC) before it is split, as the posting triggers compose a name's words
// (migration 20270201090000; core/people/trigram.ts searchWords): a decomposed accent is no break.
//
// A person is found when one of the query's words matches one of the words of their live names at
// the threshold or above. The statement is prepared (named, planned once per connection: planning it
// cost 0.5 ms, more than its run; see limitBucket); its plan does not depend on the query's words, which come from
// a CTE, and the one-time filters of the threshold keep a generic plan right. The walk's order is the
// plan's (nested loops keep their outer order); an ORDER BY over it would sort every posting of a
// word before the first row could leave. Words
// compare in "C" collation (code point order), as the memory adapter compares them. A threshold <= 0
// admits words sharing no trigram, which no index finds, so then every word of the tree is matched.

const WORD_SPLIT = `'[[:space:][:punct:]]+'`;
/**
 * `text` without its apostrophes between two non-breaking characters (`o'brien`: `obrien`), as the
 * posting triggers write a name's words (migration 20270123090000) and searchWords splits them: a
 * pattern that consumes its neighbours, run twice (a match consumes the next one's left neighbour in
 * `a'b'c`); no lookaround, whose `?` would be taken for a placeholder.
 */
const innerApostrophesDropped = (text: string): string => {
  const once = (t: string) => `regexp_replace(${t}, '([^[:space:][:punct:]])[''\u2019]([^[:space:][:punct:]])', '\\1\\2', 'g')`;
  return once(once(text));
};
/**
 * A limit that keeps every row but whose value the planner does not see (a sub-select): it then
 * expects to read a tenth of a word's postings, and walks the index in order instead of reading them
 * all into a sort (which it chose for a word of 1,500 persons once the tables had statistics).
 */
const ALL_ROWS = '2147483647::bigint';
/** Whether this connection's `%` threshold is the search's (a one-time filter: one branch of the word match runs). */
const SAME_THRESHOLD = `coalesce(nullif(current_setting('pg_trgm.similarity_threshold', true), '')::real = ?::real, false)`;

/**
 * The threshold of pg_trgm's `%` on every connection of the pools (set at connect: orm.ts). A search
 * with that threshold needs no transaction to set it; another threshold (or a connection without it)
 * still gets a right answer, from every word of the tree instead of the trigram index.
 */
export const DEFAULT_SEARCH_THRESHOLD = 0.2;

/**
 * The statement's inner limit, a literal: the smallest of a few sizes that holds \`limit\`, the real
 * limit being applied outside it. A prepared statement is planned for its values (a custom plan) five
 * times, then PostgreSQL keeps its generic plan only if that one is not estimated dearer; with the
 * limit a parameter, the generic plan was costed for a tenth of every candidate row, so every search
 * was planned again (0.5 ms of its 1.3 ms of database CPU). With a literal the generic plan is costed
 * for the page it reads, and is kept (spec/adapters/postgres-people.spec.ts).
 */
const limitBucket = (limit: number): number => (limit <= 20 ? 20 : limit <= 100 ? 100 : 1000);

/** The statement's text for a shape: written once per shape (the texts are few), not per search. */
const rankedTexts = new Map<string, string>();

/**
 * The search as a query of (person_id, score) rows, best first, at most limitBucket(limit) of them
 * (the caller applies `limit` itself, outside): `shown` is the condition (` and ...`, or '') a found
 * person's row `pr` (live) must meet, its text the same for every value (the statement is prepared).
 */
export const rankedSearch = (treeId: string, query: string, threshold: number, limit: number, after: string | undefined, shown: Fragment): Fragment => {
  const key = `${after !== undefined}:${limitBucket(limit)}:${shown.sql}`;
  let sql = rankedTexts.get(key);
  if (sql === undefined) rankedTexts.set(key, (sql = rankedSql(after !== undefined, limitBucket(limit), shown.sql)));
  const cursor = after === undefined ? [] : [after, after];
  return {
    sql,
    params: [
      query.normalize('NFC'), treeId, threshold, threshold, threshold, treeId, threshold, threshold, threshold, ...cursor,
      ...(after === undefined ? shown.params : []), ...shown.params, ...(after === undefined ? [] : [after, after]),
      ...(after === undefined ? [] : [after]), ...shown.params,
      ...(after === undefined ? [] : [after]), ...shown.params,
      ...shown.params, ...(after === undefined ? [] : [after]),
    ],
  };
};

/**
 * The search's word CTEs: the query's words (`qw`: their array and count `k`), the tree's words each
 * matches (`m`: query word index, word id, word, similarity) and, after a cursor person, its place
 * (`cur1` for one query word; `cur2`, its score, for several unless `oneWord`). `oneWord` leaves out
 * what only several query words or another threshold than the connection's use (see oneWordSearch).
 * Parameters: the query, the tree, the threshold three times (six times and the tree again unless
 * `oneWord`), then the cursor person (twice unless `oneWord`).
 */
const wordCtes = (paged: boolean, oneWord: boolean): string => {
  // The cursor person's place: its best word (one query word) or its score (several), from its postings.
  const cur1 = `, cur1 as materialized (
           select m.s, m.word from name_postings b join m on m.id = b.word_id where b.person_id = ?::uuid
           order by m.s desc, m.word collate "C" limit 1
         )`;
  const cur2 = `, cur2 as materialized (
           select sum(y.b) / (select k from qw) as score
           from (select m.i, max(m.s)::float8 as b from name_postings b join m on m.id = b.word_id where b.person_id = ?::uuid group by m.i) y
         )`;
  // Each query word's matches in its tree, a scan of the (tree, trigrams) index per query word
  // (migration 20270120090000): a subquery the planner may not pull up (offset 0), so the word is
  // known inside it. Written as a join, the planner read the tree's words (or the table) and tested
  // each against the query word, since pg_trgm's `%` is costed as cheap as `=`.
  const byIndex = `select q.i::int as i, d.id, d.word, d.s
       from qw cross join unnest(qw.ws) with ordinality q(w, i)
       cross join lateral (select d.id, d.word, similarity(d.word, q.w) as s from name_words d where d.tree_id = ?::uuid and d.word % q.w offset 0) d
       where ${SAME_THRESHOLD} and ?::real > 0 and d.s >= ?::real`;
  const everyWord = `
       union all
       select q.i::int as i, d.id, d.word, similarity(d.word, q.w) as s
       from qw cross join unnest(qw.ws) with ordinality q(w, i)
       join name_words d on d.tree_id = ?::uuid
       where not (${SAME_THRESHOLD} and ?::real > 0) and similarity(d.word, q.w) >= ?::real`;
  return `qw as materialized (
       select coalesce(array_agg(w order by w), '{}') as ws, count(*)::int as k
       from (
         select w from unnest(regexp_split_to_array(${innerApostrophesDropped('lower(left(?, 500))')}, ${WORD_SPLIT})) with ordinality u(w, o)
         where w <> '' group by w order by min(o) limit ${MAX_QUERY_WORDS}
       ) x
     ), m as materialized (
       ${byIndex}${oneWord ? '' : everyWord}
     )${paged ? cur1 : ''}${paged && !oneWord ? cur2 : ''}`;
};

/** A row source `shown`: one row when the person `person` (a column) is live and `shownSql` holds for their row `pr`, else none. */
const shownLateral = (person: string, shownSql: string): string =>
  `cross join lateral (select 1 from persons pr where pr.id = ${person} and pr.deleted_at is null${shownSql} limit 1) shown`;

/** The first `bucket` persons shown (shownLateral) who hold the word `word` (a column of its id), in id order; after the cursor person (a parameter) when `paged`. */
const firstShownHolders = (word: string, bucket: number, shownSql: string, paged: boolean): string =>
  `select p.person_id from name_postings p ${shownLateral('p.person_id', shownSql)}
           where p.word_id = ${word}${paged ? ' and p.person_id > ?::uuid' : ''} order by p.person_id limit ${bucket}`;

/**
 * A found person `c.person_id` with their kept card: `k`, the card (null without one) and whether
 * `shownSql` holds on the facts kept with it (a card without facts is read as none).
 */
const cardShown = (shownSql: string): string => `left join lateral (
        select pr.card, (true${shownSql}) as ok from (
          select pc.person_id as id, null::timestamptz as deleted_at, pc.privacy, pc.is_living, pc.has_death_fact, pc.birth_year, pc.card
          from person_cards pc where pc.person_id = c.person_id and pc.privacy is not null) pr
      ) k on true`;
/**
 * Whether the found person under cardShown counts: shown by their card's facts, or, without a card,
 * live and shown by their row. A carded person costs their card's row alone; the person row is read
 * (a sub-plan the OR reaches only then) for one without a card. Written as a lateral of either (a
 * union of both, limit 1, whose nodes ran for every found person), the search over 1,000,000 names
 * cost PostgreSQL more: a median 706 against 630 us a search over 6 rounds alternated through HTTP, lower
 * in 5 of them (docs/PERFORMANCE.md, forty-ninth session).
 */
const cardCounts = (shownSql: string): string =>
  `(k.ok or (k.card is null and exists (select 1 from persons pr where pr.id = c.person_id and pr.deleted_at is null${shownSql})))`;

/**
 * The walk of one query word's matches (see the top of this file), its rows (person_id, score) in
 * order, unbounded; `cards`: with each one's card (`card`, null without one: see cardShown).
 * Parameters: the cursor person (paged), then `shownSql`'s (twice with `cards`).
 */
const oneWordWalk = (paged: boolean, shownSql: string, cards = false): string => `select c.person_id, sig.s::float8 as score${cards ? ', k.card' : ''}
      from (select m.id, m.word, m.s from m where (select k from qw) = 1 order by m.s desc, m.word collate "C") sig
      ${paged ? 'cross join cur1' : ''}
      cross join lateral (
        select p.person_id from name_postings p
        where p.word_id = sig.id${paged ? ` and p.person_id > case when sig.word = cur1.word then ?::uuid else '${NO_ID}'::uuid end` : ''}
        order by p.person_id
        limit (select ${ALL_ROWS})
      ) c
      cross join lateral (
        select exists (
          select 1 from m
          where (m.s > sig.s or (m.s = sig.s and m.word collate "C" < sig.word))
            and exists (select 1 from name_postings b where b.word_id = m.id and b.person_id = c.person_id)
        ) as answered
      ) earlier
      ${cards ? cardShown(shownSql) : shownLateral('c.person_id', shownSql)}
      where not earlier.answered${cards ? ` and ${cardCounts(shownSql)}` : ''}${paged ? ' and (sig.s < cur1.s or (sig.s = cur1.s and sig.word collate "C" >= cur1.word))' : ''}`;

/**
 * After a row source holding `m` (the matched words): each word's postings as rows `p.person_id`, by
 * the index, laterally (a join let the planner hash every posting of the table, 32 ms for `O'Neill`
 * on 100,000 persons).
 */
const POSTINGS_OF_M = 'cross join lateral (select p.person_id from name_postings p where p.word_id = m.id offset 0) p';
/** The matched words of the query word `d.i` (dr's) that every person who can reach the page must hold one of (see rankedSql). */
const driving = (d: string): string => `m.i = ${d}.i and m.s >= ${d}.r - 1e-9`;

/** After a row source `e` of persons (`e.person_id`): each one's own postings as rows `q` (person_id, word_id), by the index, laterally. */
const OWN_POSTINGS = 'cross join lateral (select q.person_id, q.word_id from name_postings q where q.person_id = e.person_id offset 0) q';
/**
 * The persons of `persons` (a query of rows `person_id`, each holding a matched word) with their
 * scores (person_id, score), as the every-match branch computes them, each from their own postings
 * (one index probe per person; the matched words hashed once).
 */
const scored = (persons: string): string => `select x.person_id, sum(x.b) / (select k from qw) as score from (
         select q.person_id, m.i, max(m.s)::float8 as b
         from (${persons}) e ${OWN_POSTINGS}
         join m on m.id = q.word_id group by q.person_id, m.i
       ) x group by x.person_id`;

/**
 * Up to how many candidates of the pruned branch are scored by a probe of each one's postings (a few
 * microseconds each); past that, every other query word's matched words' postings are read once,
 * kept where their person is a candidate (a hash), a posting costing about a twentieth of a probe
 * (estimated from the 100,000-person bench tree: 284 candidates probed against about 1,800 postings
 * read; see rankedSql).
 */
const PROBED_AT_MOST = 64;

/**
 * How far above 0 the unscored bound's r must be for lb to take it (see boundCtes), clear of rounding.
 * With L = B / k (B: the best matched word's similarity, the greatest B_j), the greatest r_i is
 * 2B - Σ_j B_j: above 0 when the best word is better than the rest together (for two query words, a
 * given name found exactly and a surname with a typo: 1 - the surname's best similarity); when every
 * word is found exactly it is 0, and the seeds' scores (a higher L, when some hold both) are read.
 * A scored L is never below B / k, so either bound leaves the same page (rankedSql).
 */
const CHEAP_MARGIN = '1e-6';

/**
 * How far under the bound L a matched word's similarity may be for its holders to be the every-match
 * branch's persons (`top`): twice the 1e-9 by which a score may fall under L and still be kept, so
 * that the rounding of a mean of float8s cannot put a kept person's best word under it.
 */
const TOP_MARGIN = '2e-9';

/**
 * The CTEs of several query words' bounded search: each query word's best matched word (`bm`); on a
 * first page, the best of those (`tw`: its similarity s and how many of its first `bucket` holders
 * are shown, n); the first `bucket` persons shown of each of those words in id order (`seeds`; after
 * the cursor person's id when paged, so that a later page of a tie finds persons after the cursor);
 * a lower bound of the page's last score (`lb`): on a first page s / k when tw has `bucket` holders
 * shown and that bound prunes (each of them scores s / k or more, so no score of theirs is read),
 * else the `bucket`-th best score of the seeds after the cursor, or 0; the query word whose matches bound the
 * search best (`dr`: its r, see rankedSql), the persons who hold one of its matches of similarity r or
 * more, with their best of them (`cand`: none unless r > 0), and their best for the other query words
 * (`other`); and, for the every-match branch, the persons holding a matched word of similarity L or
 * more (`top`, a posting each: only they can reach the page, see rankedSql; joined, never a filter
 * beside an OR, which PostgreSQL cannot turn into a join). Parameters: `shownSql`'s (twice on a first page), then
 * the cursor person twice (paged).
 */
const boundCtes = (paged: boolean, bucket: number, shownSql: string): string => `, bm as materialized (
       select distinct on (m.i) m.i, m.id, m.s::float8 as s from m order by m.i, m.s desc, m.word collate "C"
     )${paged ? '' : `, tw as materialized (
       select t.s, (select count(*) from (${firstShownHolders('t.id', bucket, shownSql, false)}) x) as n
       from (select b.id, b.s from bm b order by b.s desc, b.i limit 1) t
     )`}, seeds as materialized (
       select distinct sd.person_id from bm cross join lateral (${firstShownHolders('bm.id', bucket, shownSql, paged)}) sd
     ), lb as materialized (
       select ${paged ? '' : `case when (select tw.n >= ${bucket} and 2 * tw.s - (select sum(b.s) from bm b) > ${CHEAP_MARGIN} from tw)
         then (select tw.s from tw) / (select k from qw) else `}coalesce((
         select v.score from (${scored('select s.person_id from seeds s')}) v
         ${paged ? 'cross join cur2 where v.score < cur2.score or (v.score = cur2.score and v.person_id > ?::uuid)' : ''}
         order by v.score desc limit 1 offset ${bucket - 1}), 0::float8)${paged ? '' : ' end'} as l
     ), dr as materialized (
       select bm.i, (select k from qw) * lb.l - ((select sum(b.s) from bm b) - bm.s) as r from bm cross join lb order by 2 desc, 1 limit 1
     ), cand as materialized (
       select p.person_id, max(m.s)::float8 as b from dr join m on ${driving('dr')} ${POSTINGS_OF_M} where dr.r > 0 group by p.person_id
     ), other as materialized (
       select y.person_id, sum(y.b) as b from (
         select q.person_id, m.i, max(m.s)::float8 as b
         from cand e ${OWN_POSTINGS}
         join m on m.id = q.word_id join dr on m.i <> dr.i
         where (select count(*) from cand) <= ${PROBED_AT_MOST}
         group by q.person_id, m.i
         union all
         select t.person_id, t.i, max(t.s)::float8 as b
         from (select p.person_id, m.i, m.s from dr join m on m.i <> dr.i ${POSTINGS_OF_M} offset 0) t
         where (select count(*) from cand) > ${PROBED_AT_MOST} and t.person_id in (select c.person_id from cand c)
         group by t.person_id, t.i
       ) y group by y.person_id
     ), top as materialized (
       select p.person_id from m ${POSTINGS_OF_M} where m.s >= (select lb.l from lb) - ${TOP_MARGIN}
     )`;

/**
 * The every-match branch's persons of top, as a row source (`u.id`) whose planned rows are few: an
 * unnest of their array, which the planner counts as 100 rows whatever it holds. Joined with top
 * itself, the hash of its persons was sized from top's planned rows, every matched word's holders on
 * the generic plan: on the 100,000-person bench tree, 262,144 buckets in 4 batches for 379 persons,
 * the postings probing it written to temporary files and read back (an exact full name, 2.6 against
 * 2.0 ms; spec/adapters/postgres-people.spec.ts). A hash join's table grows with what it holds.
 */
const TOP_PERSONS = 'select u.id from unnest((select array_agg(t.person_id) from top t)) u(id)';

/**
 * rankedSearch's text: after a cursor person or not, the inner limit, the found person's condition.
 *
 * Several query words: the answer is the first `bucket` persons by (score, id) of those shown after
 * the cursor. A lower bound L of the `bucket`-th score is read first (lb: on a first page, B / k when
 * the best matched word, of similarity B, has `bucket` holders shown, if that L prunes (below);
 * else the `bucket`-th best score among a few persons shown, those holding a query word's best
 * match, scored from their own postings). A person scoring L or more
 * has, for each query word i, a best match of similarity c_i >= r_i = k·L - Σ_{j≠i} B_j (B_j: query
 * word j's best similarity, which no c_j exceeds). When some r_i > 0 (dr: the greatest), every such
 * person holds one of query word i's matches of similarity r_i or more (its holders, with their best
 * of them: cand), and only they are scored (the pruned branch): their best for the other query words
 * (other) from a probe of each one's own postings when they are few (PROBED_AT_MOST), else from those
 * words' postings read once and kept where their person is a candidate (a probe costs about as much
 * as reading a score of postings, and a common given name has hundreds of holders). Else (the
 * every-match branch) a person reaching L holds a match of similarity L or more for some query word
 * (their score, a mean of their best similarities, is at most the greatest), so only the persons
 * holding one of those matches (top) are scored, from every matched word's postings kept where their
 * person is one of them, and those under L dropped before they are sorted. When every query word is
 * found exactly and few persons hold two of them, L is 1/2 (k = 2) and top is the holders of words
 * at least half alike: `Levi Janssen` on the 100,000-person bench tree grouped the 567 postings of
 * the 550 holders of levi, janssen and jansen instead of the 4,728 of its 24 matched words. In the
 * common case (a given name found exactly, a surname with a typo: L = 1/2, from the given name's
 * first holders, unscored) the pruned branch scores the holders of the exact word alone. A later
 * page's bound is read from persons after the cursor person's id (seeds), so that paging through a
 * tie keeps the pruned branch. The statement runs on a plan without hash aggregates or Memoize (sql.ts GENERIC).
 */
const rankedSql = (paged: boolean, bucket: number, shownSql: string): string =>
  `with ${wordCtes(paged, false)}${boundCtes(paged, bucket, shownSql)}
     (${oneWordWalk(paged, shownSql)})
     union all
     (select c.person_id, c.score
      from (
        select d.person_id, d.score from (
          select c.person_id, (c.b + coalesce(o.b, 0)) / (select k from qw) as score from cand c left join other o on o.person_id = c.person_id
        ) d
        cross join lb
        ${paged ? 'cross join cur2' : ''}
        where (select k from qw) > 1 and (select dr.r > 0 from dr) and d.score >= lb.l - 1e-9
          ${paged ? 'and (d.score < cur2.score or (d.score = cur2.score and d.person_id > ?::uuid))' : ''}
        order by d.score desc, d.person_id
      ) c
      ${shownLateral('c.person_id', shownSql)})
     union all
     (select h.person_id, h.score
      from (
        select x.person_id, sum(x.b) / (select k from qw) as score
        from (
          select p.person_id, m.i, max(m.s)::float8 as b from m ${POSTINGS_OF_M}
          where p.person_id in (${TOP_PERSONS})
          group by p.person_id, m.i
        ) x
        where (select k from qw) > 1 and not coalesce((select dr.r > 0 from dr), false)
        group by x.person_id
        having sum(x.b) / (select k from qw) >= (select lb.l from lb) - 1e-9
        order by 2 desc, 1
      ) h
      ${paged ? 'cross join cur2' : ''}
      ${shownLateral('h.person_id', shownSql)}
      ${paged ? 'where h.score < cur2.score or (h.score = cur2.score and h.person_id > ?::uuid)' : ''})
     limit ${bucket}`;

/**
 * The search of one query word at the connection's threshold, its common case, as CTEs and a query:
 * `ctes` (qw, m, and cur1 after a cursor) to put in a WITH, and `walk`, the rows (person_id, score,
 * card) best first, at most limitBucket(limit), over them, each found person with their kept card
 * (null without one). It leaves out the plan nodes that only several query words or another
 * threshold use (PostgreSQL sets up every node of a plan before it runs, used or not), so it is only
 * the search's answer when `qw.k` <= 1 and `sameThresholdSql` is true; else the caller asks
 * rankedSearch. Parameters: `ctes`' then `walk`'s.
 */
export const oneWordSearch = (
  treeId: string, query: string, threshold: number, limit: number, after: string | undefined, shown: Fragment,
): { readonly ctes: Fragment; readonly walk: Fragment; readonly texts: object } => {
  // Looked up by the fragment's object first (a caller keeps one per rule), then by its text: a key
  // of the whole text would be written and hashed at every search.
  const shape = `${after !== undefined}:${limitBucket(limit)}`;
  let ofShown = oneWordByShown.get(shown);
  if (ofShown === undefined) oneWordByShown.set(shown, (ofShown = new Map()));
  let texts = ofShown.get(shape);
  if (texts === undefined) {
    const key = `${shape}:${shown.sql}`;
    texts = oneWordTexts.get(key);
    if (texts === undefined) {
      const paged = after !== undefined;
      oneWordTexts.set(key, (texts = [wordCtes(paged, true), `${oneWordWalk(paged, shown.sql, true)} limit ${limitBucket(limit)}`]));
    }
    ofShown.set(shape, texts);
  }
  return {
    ctes: { sql: texts[0], params: [query.normalize('NFC'), treeId, threshold, threshold, threshold, ...(after === undefined ? [] : [after])] },
    walk: { sql: texts[1], params: [...(after === undefined ? [] : [after]), ...shown.params, ...shown.params] },
    texts,
  };
};
const oneWordTexts = new Map<string, readonly [string, string]>();
const oneWordByShown = new WeakMap<Fragment, Map<string, readonly [string, string]>>();

/** Whether this connection's `%` threshold is `?` (the threshold's parameter): oneWordSearch's answer holds only then. */
export const sameThresholdSql = SAME_THRESHOLD;

export const searchNames = (db: Sql): NameRepository['search'] => async (treeId, query, threshold, page) => {
  const a = page.audience;
  const shown: Fragment = a === undefined || a.member ? { sql: '', params: [] } : all('', [{ sql: ' and ', params: [] }, fullPerson('pr', a.now)]);
  const ranked = rankedSearch(treeId, query, threshold, page.limit, page.after, shown);
  const rows = await db.rows<{ person_id: string; score: number | string }>(`select r.person_id, r.score from (${ranked.sql}) r limit ?::int`, [...ranked.params, page.limit]);
  return rows.map((r) => ({ personId: r.person_id, score: Number(r.score) }));
};
