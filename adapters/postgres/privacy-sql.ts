// The privacy rule as SQL, generated from the one definition the engine evaluates
// (core/privacy/engine.ts nonMemberRule), so the two cannot drift apart: the contract spec
// spec/contracts/privacy-filter.contract.ts checks them person by person on random trees and dates.
import { nonMemberRule, type FactTest, type Visibility } from '../../core/privacy/engine.js';

export type Fragment = { readonly sql: string; readonly params: readonly unknown[] };

/** A constant of the code's own as an SQL literal (see inlined). */
const literal = (v: unknown): string => {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isSafeInteger(v)) return `(${v})`;
  // No `?` (statements number their placeholders by it: sql.ts) and no backslash in a literal.
  if (typeof v === 'string' && !/[?\\]/.test(v)) return `'${v.replaceAll("'", "''")}'`;
  throw new Error(`inlined: no literal for ${typeof v === 'string' ? JSON.stringify(v) : typeof v}`);
};

/**
 * `f` with its parameters written into its text, each `?` in turn as a literal: for a rule whose
 * values are the code's own constants (the privacy rule's cases, the year) in a statement run on
 * every request. Each parameter costs the service its serializing at every call (issue 27: the 30
 * of the privacy rule were about a twentieth of a search's CPU in the service); a literal costs
 * nothing past the first parse of the statement. Strings without `?` or backslash, safe integers,
 * booleans and null; anything else throws.
 */
export const inlined = (f: Fragment): Fragment => {
  let i = 0;
  const sql = f.sql.replace(/\?/g, () => literal(f.params[i++]));
  if (i !== f.params.length) throw new Error(`inlined: ${i} placeholders for ${f.params.length} parameters`);
  return { sql, params: [] };
};

const test = (p: string, t: FactTest, now: Date): Fragment => {
  if ('privacy' in t) return { sql: `${p}.privacy = ?::text`, params: [t.privacy] };
  if ('isLiving' in t) return { sql: `${p}.is_living = ?::boolean`, params: [t.isLiving] };
  if ('hasDeathFact' in t) return { sql: `${p}.has_death_fact is true`, params: [] };
  if ('birthYearUnknown' in t) return { sql: `${p}.birth_year is null`, params: [] };
  return { sql: `?::int - ${p}.birth_year <= ?::int`, params: [now.getUTCFullYear(), t.bornWithinYears] };
};

/** The visibility ('full' | 'redacted' | 'hidden') a non-member reading at `now` has of the person row `p`. */
export const visibilitySql = (p: string, now: Date): Fragment => {
  const parts = nonMemberRule.rules.map((r) => ({ when: test(p, r.when, now), then: r.then }));
  return {
    sql: `(case ${parts.map((x) => `when ${x.when.sql} then ?::text`).join(' ')} else ?::text end)`,
    params: [...parts.flatMap((x) => [...x.when.params, x.then]), nonMemberRule.otherwise],
  };
};

/** Whether the person row `p` reads as `v` (or, with `not`, as anything else) to a non-member at `now`. */
export const visibilityIs = (p: string, now: Date, v: Visibility, not = false): Fragment => {
  const c = visibilitySql(p, now);
  return { sql: `${c.sql} ${not ? '<>' : '='} ?::text`, params: [...c.params, v] };
};

/** A fragment for a statement written once: its text (which no moment changes) and its parameters at a moment (only the year counts; the last year's are kept). */
type Yearly = { readonly sql: string; readonly params: (now: Date) => readonly unknown[] };
const yearly = (at: (now: Date) => Fragment): Yearly => {
  let year = NaN;
  let params: readonly unknown[] = [];
  return {
    sql: at(new Date(0)).sql,
    params: (now) => {
      if (now.getUTCFullYear() !== year) {
        params = at(now).params;
        year = now.getUTCFullYear();
      }
      return params;
    },
  };
};

/** `visibilityIs` for a statement written once, so a hot read builds no SQL per call. */
export const visibilityIsAt = (p: string, v: Visibility): Yearly => yearly((now) => visibilityIs(p, now, v));

/**
 * A statement whose text holds the privacy rule's constants as literals (inlined): `write` given the
 * rule's text at a moment, written once a year (only the year counts) and kept until the next.
 */
export const yearlyText = (write: (rule: (p: string) => string) => string): ((now: Date) => string) => {
  let year = NaN;
  let text = '';
  return (now) => {
    if (now.getUTCFullYear() !== year) {
      text = write((p) => inlined(visibilitySql(p, now)).sql);
      year = now.getUTCFullYear();
    }
    return text;
  };
};

/** Fragments in text order: their SQL joined by `sep`, their parameters concatenated. */
export const all = (sep: string, parts: readonly Fragment[]): Fragment => ({ sql: parts.map((f) => f.sql).join(sep), params: parts.flatMap((f) => f.params) });

/** The joined person row `x` exists, is live, and reads in full to a non-member at `now`. */
export const fullPerson = (x: string, now: Date): Fragment => {
  const v = visibilityIs(x, now, 'full');
  return { sql: `(${x}.id is not null and ${x}.deleted_at is null and ${v.sql})`, params: v.params };
};

/** The person row `x` is live and not hidden from a non-member at `now`. */
export const shownPerson = (x: string, now: Date): Fragment => {
  const v = visibilityIs(x, now, 'hidden', true);
  return { sql: `(${x}.id is not null and ${x}.deleted_at is null and ${v.sql})`, params: v.params };
};

/**
 * The record filter's event rule (core/privacy/record-filter.ts) over the event row `e`: joins
 * (left joins by primary key, evaluated row by row: an `or` of `exists` became hashed subplans that
 * read the whole table) and the condition: its person in full, or a live partnership with both in full.
 */
export const eventShown = (e: string, now: Date): { readonly joins: string; readonly where: Fragment } => ({
  joins: ` left join persons ${e}_p on ${e}_p.id = ${e}.person_id
    left join relationships ${e}_r on ${e}_r.id = ${e}.partnership_id and ${e}_r.deleted_at is null
    left join persons ${e}_a on ${e}_a.id = ${e}_r.person_a_id
    left join persons ${e}_b on ${e}_b.id = ${e}_r.person_b_id`,
  where: all(' ', [
    { sql: `(${e}.person_id is not null and`, params: [] }, fullPerson(`${e}_p`, now),
    { sql: `or ${e}_r.id is not null and`, params: [] }, fullPerson(`${e}_a`, now), { sql: 'and', params: [] }, fullPerson(`${e}_b`, now), { sql: ')', params: [] },
  ]),
});

/**
 * The citation rule over the citation row `c`: the cited person, the live name's person, the live
 * event (by the event rule) or the live relationship's two persons, in full.
 */
export const citationShown = (c: string, now: Date): { readonly joins: string; readonly where: Fragment } => {
  const ev = eventShown(`${c}_e`, now);
  return {
    joins: ` left join persons ${c}_p on ${c}.target_kind = 'person' and ${c}_p.id = ${c}.target_id
      left join names ${c}_n on ${c}.target_kind = 'name' and ${c}_n.id = ${c}.target_id and ${c}_n.deleted_at is null
      left join persons ${c}_np on ${c}_np.id = ${c}_n.person_id
      left join events ${c}_e on ${c}.target_kind = 'event' and ${c}_e.id = ${c}.target_id and ${c}_e.deleted_at is null
      ${ev.joins}
      left join relationships ${c}_r on ${c}.target_kind = 'relationship' and ${c}_r.id = ${c}.target_id and ${c}_r.deleted_at is null
      left join persons ${c}_ra on ${c}_ra.id = ${c}_r.person_a_id
      left join persons ${c}_rb on ${c}_rb.id = ${c}_r.person_b_id`,
    where: all(' ', [
      { sql: `(${c}_p.id is not null and`, params: [] }, fullPerson(`${c}_p`, now),
      { sql: `or ${c}_n.id is not null and`, params: [] }, fullPerson(`${c}_np`, now),
      { sql: `or ${c}_e.id is not null and`, params: [] }, ev.where,
      { sql: `or ${c}_r.id is not null and`, params: [] }, fullPerson(`${c}_ra`, now), { sql: 'and', params: [] }, fullPerson(`${c}_rb`, now),
      { sql: ')', params: [] },
    ]),
  };
};

/** The source row `s` backs at least one live citation a non-member at `now` is shown. */
export const sourceShown = (s: string, now: Date): Fragment => {
  const c = citationShown(`${s}_c`, now);
  return all(' ', [
    { sql: `exists (select 1 from citations ${s}_c ${c.joins} where ${s}_c.source_id = ${s}.id and ${s}_c.deleted_at is null and`, params: [] },
    c.where, { sql: ')', params: [] },
  ]);
};
