import { Migration } from '@mikro-orm/migrations';

// An import's creations are recorded in the rows it creates, not as a history row each (issue 27).
//
// A bulk write (a GEDCOM or account import, `genealogy.history = lean` for its transaction) recorded
// each record it created as a `record_changes` row without fields: about 700,000 rows with five
// index entries each for a 100,000-person file, a third of PostgreSQL's part of the import (the
// GEDCOM bench, per 1,000 persons: the history triggers 110-130 of 290-380 ms). Such a creation
// holds nothing the record does not: its kind and id, its tree, when, and the transaction (whose
// changeset says who and why). So a row written under `lean` now carries its creation itself:
//
// - `created_seq`: its place in the history's order, drawn from the history's own sequence as the
//   row is written (so it interleaves with every other change and names the creation, as a history
//   row's `seq` does: adapters/postgres/history.ts changeIdOf);
// - `created_xact`: the transaction, as a history row's `xact`.
//
// Both are set by the columns' defaults, and only under `lean`; every other write leaves them null.
// The insert triggers write no history row for a row that carries its creation; they mark its tree
// changed (tree_change_marks, migration 20270115090000), which a history row's insert did. The
// history reads the creation from the row (history.ts `lean`): by record (the record's own row, or
// a person's names, events and edges by their person columns), by tree (the partial index below, in
// order), by change id (the tree and the seq). A record removed for good takes its creation with it,
// as a history row of it goes by the delete triggers. Creations already recorded as history rows
// stay as they are.
//
// The defaults are functions (one text for the database and the entity schemas to agree on); each is
// a one-line SQL function, inlined into the insert. The columns are added without a default and given
// it after, so the existing rows are not rewritten (a volatile default would fill every one).

const TABLES = ['persons', 'names', 'events', 'relationships', 'sources', 'citations', 'media', 'repositories'] as const;

const KINDS: readonly (readonly [(typeof TABLES)[number], string])[] = [
  ['persons', 'person'], ['names', 'name'], ['events', 'event'], ['relationships', 'relationship'],
  ['sources', 'source'], ['citations', 'citation'], ['media', 'media'], ['repositories', 'repository'],
];

/** The persons whose history shows a creation of a row `r` of the table (as the history triggers name them). */
const personsOf = (t: string): readonly [string, string] =>
  t === 'persons' ? ['r.id', 'null::uuid']
  : t === 'names' ? ['r.person_id', 'null::uuid']
  : t === 'relationships' ? ['r.person_a_id', 'r.person_b_id']
  : t === 'events' ? ['coalesce(r.person_id, x.person_a_id)', 'x.person_b_id']
  : ['null::uuid', 'null::uuid'];

const LEAN = `current_setting('genealogy.history', true) = 'lean'`;

/** What each insert function's statement reads, and what it reads now: the rows that do not carry their creation. */
const ALL_ROWS = 'from history_new n';
const UNCARRIED = 'from (select * from history_new where created_seq is null) n';
/** Put after the function's `begin`: the trees of the rows that carry their creation are marked changed. */
const MARK = `
      insert into tree_change_marks (xact, tree_id)
        select distinct pg_current_xact_id()::text::bigint, h.tree_id from history_new h where h.created_seq is not null
        on conflict do nothing;`;
const BEGIN = 'begin';

const EACH_HISTORY_INSERT = `for f in select p.oid::regprocedure as fn, p.prosrc from pg_proc p
             where p.proname like 'history\\_%\\_insert' and p.prolang = (select oid from pg_language where lanname = 'plpgsql') loop`;

/** Rewrites every history_*_insert: the marks after `begin`, and its statement over the rows without their creation. */
const UP = `do $$
  declare
    f record;
    b int;
    src text;
  begin
    ${EACH_HISTORY_INSERT}
      src := f.prosrc;
      b := position(${literal(BEGIN)} in src);
      if b = 0 or (length(src) - length(replace(src, ${literal(ALL_ROWS)}, ''))) / length(${literal(ALL_ROWS)}) <> 1 or position('created_seq' in src) > 0 then
        raise exception 'history trigger % has not the expected statement', f.fn;
      end if;
      src := substr(src, 1, b + length(${literal(BEGIN)}) - 1) || ${literal(MARK)} || substr(src, b + length(${literal(BEGIN)}));
      src := replace(src, ${literal(ALL_ROWS)}, ${literal(UNCARRIED)});
      execute format('create or replace function %s returns trigger language plpgsql as %L', f.fn, src);
    end loop;
  end $$`;

const DOWN = `do $$
  declare
    f record;
    src text;
  begin
    ${EACH_HISTORY_INSERT}
      src := f.prosrc;
      if position(${literal(MARK)} in src) = 0 or position(${literal(UNCARRIED)} in src) = 0 then
        raise exception 'history trigger % has not the expected statements', f.fn;
      end if;
      src := replace(replace(src, ${literal(MARK)}, ''), ${literal(UNCARRIED)}, ${literal(ALL_ROWS)});
      execute format('create or replace function %s returns trigger language plpgsql as %L', f.fn, src);
    end loop;
  end $$`;

/** A SQL string literal (E'' so the newline is written as \\n). */
function literal(s: string): string {
  return `E'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

export class Migration20270122090000_lean_creations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "history_lean_seq"() returns bigint language sql volatile as $$ select case when ${LEAN} then nextval('record_changes_seq_seq') end $$`);
    this.addSql(`create function "history_lean_xact"() returns bigint language sql volatile as $$ select case when ${LEAN} then pg_current_xact_id()::text::bigint end $$`);
    for (const t of TABLES) {
      this.addSql(`alter table "${t}" add column "created_seq" bigint null, add column "created_xact" bigint null`);
      this.addSql(`alter table "${t}" alter column "created_seq" set default history_lean_seq(), alter column "created_xact" set default history_lean_xact()`);
      this.addSql(`create index "${t}_created_seq_index" on "${t}" ("tree_id", "created_seq") where "created_seq" is not null`);
    }
    this.addSql(UP);
  }

  override async down(): Promise<void> {
    this.addSql(DOWN);
    // The creations the rows carry become history rows again, as the triggers wrote them before.
    for (const [t, kind] of KINDS) {
      const [a, b] = personsOf(t);
      this.addSql(`insert into record_changes (seq, tree_id, record_type, record_id, person_id, other_person_id, action, changes, xact, at)
        select r.created_seq, r.tree_id, '${kind}', r.id, ${a}, ${b}, 'create', '[]'::jsonb, r.created_xact, r.created_at
        from "${t}" r ${t === 'events' ? 'left join relationships x on x.id = r.partnership_id' : ''} where r.created_seq is not null`);
    }
    for (const t of TABLES) this.addSql(`alter table "${t}" drop column "created_seq", drop column "created_xact"`);
    this.addSql(`drop function "history_lean_seq"()`);
    this.addSql(`drop function "history_lean_xact"()`);
  }
}
