import { Migration } from '@mikro-orm/migrations';

// The history triggers of updates pair the old and the new rows (transition tables: old join new on
// id). PL/pgSQL parses a function's statements once per connection, and a transition table's size is
// read when a statement is parsed: a connection whose first update was one row kept a plan for one
// row, a nested loop that builds every old row's JSON against every new row. The next 10,000-row
// update on it (a cleanup apply, a merge, an undo) paired 100,000,000 and ran for minutes
// (spec/adapters/trigger-plans.spec.ts; spec/http/cleanup.spec.ts timed out in each run of its file on
// one machine). Setting the functions' plan_cache_mode to force_custom_plan was tried and does not
// help: a custom plan is made again from the same parse, with the size read then. So each
// history_*_update now runs its statement with EXECUTE when it has several rows (parsed and planned
// at that call for its rows), and as it was for one row (or none), whose plan is then only ever
// parsed and used for one row; an EXECUTE costs a single-row update a parse and a plan it need not
// pay. The statement is the one each function holds (this migration rewrites it in place, whatever
// the table); the triggers of inserts and deletes read one table, which a plan for one row reads as
// well at any size, and are left as they are.
//
// A later migration that creates such a function again must keep the EXECUTE; the spec fails otherwise.

const START = 'insert into record_changes';
const END = ';\n      return null;';
/** What a rewritten body holds where its statement was: the statement for one row, else the statement run with EXECUTE. */
const ONE_ROW = 'if (select count(*) from history_new) <= 1 then\n      ';
const SEVERAL = '\n      else execute $h$';
const DONE = '$h$;\n      end if;\n      return null;';

/** The loop over every history_*_update function (PL/pgSQL), `f` its signature (`fn`) and body (`prosrc`). */
const EACH_HISTORY_UPDATE = `for f in select p.oid::regprocedure as fn, p.prosrc from pg_proc p
             where p.proname like 'history\\_%\\_update' and p.prolang = (select oid from pg_language where lanname = 'plpgsql') loop`;

/**
 * Rewrites every history_*_update function, its statement (`insert into record_changes ... ;`) kept
 * as it is for one row and run with EXECUTE for several; `down` gives back the statement alone.
 */
const UP = `do $$
  declare
    f record;
    a int;
    b int;
    stmt text;
  begin
    ${EACH_HISTORY_UPDATE}
      a := position(${literal(START)} in f.prosrc);
      b := position(${literal(END)} in f.prosrc);
      if a = 0 or b < a or position('$h$' in f.prosrc) > 0 then
        raise exception 'history trigger % has not the expected statement', f.fn;
      end if;
      stmt := substr(f.prosrc, a, b - a);
      execute format('create or replace function %s returns trigger language plpgsql as %L', f.fn,
        substr(f.prosrc, 1, a - 1) || ${literal(ONE_ROW)} || stmt || ';' || ${literal(SEVERAL)} || stmt || ${literal(DONE)} || substr(f.prosrc, b + length(${literal(END)})));
    end loop;
  end $$`;

const DOWN = `do $$
  declare
    f record;
    a int;
    b int;
    c int;
  begin
    ${EACH_HISTORY_UPDATE}
      a := position(${literal(ONE_ROW)} in f.prosrc);
      b := position(${literal(SEVERAL)} in f.prosrc);
      c := position(${literal(DONE)} in f.prosrc);
      if a = 0 or b < a or c < b then
        raise exception 'history trigger % has not the expected statements', f.fn;
      end if;
      execute format('create or replace function %s returns trigger language plpgsql as %L', f.fn,
        substr(f.prosrc, 1, a - 1) || substr(f.prosrc, a + length(${literal(ONE_ROW)}), b - a - length(${literal(ONE_ROW)})) || '\n      return null;' || substr(f.prosrc, c + length(${literal(DONE)})));
    end loop;
  end $$`;

/** A SQL string literal (E'' so the newline is written as \\n). */
export function literal(s: string): string {
  return `E'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

export class Migration20270121090000_trigger_plans extends Migration {
  override async up(): Promise<void> {
    this.addSql(UP);
  }

  override async down(): Promise<void> {
    this.addSql(DOWN);
  }
}
