import { Migration } from '@mikro-orm/migrations';
import { literal } from './Migration20270121090000_trigger_plans.js';

// The name postings' update trigger (name_search_changed, migration 20261226090000) finds the persons
// whose words changed by pairing the old rows with the new (old_names join changed_names on id). It is
// PL/pgSQL, which parses a statement once per connection and reads a transition table's size at that
// parse: a connection whose first name update was one row kept a nested loop for one row, and the
// next 10,000-row update on it (a cleanup apply of names) paired 100,000,000 rows twice, 50-80 s
// (spec/adapters/trigger-plans.spec.ts; spec/http/cleanup.spec.ts took 80 s of its 120 s bound in a
// run of its file, and timed out on a busy machine). As migration 20270121090000 did for the history
// triggers: the statement stays as it is for one row (or none), and runs with EXECUTE, parsed and
// planned for its rows, for several. The statement is rewritten in place, whatever the words'
// expression around it.

const START = "select coalesce(array_agg(distinct x.person_id), '{}') into affected from (";
const END = ') x;';
const ONE_ROW = 'if (select count(*) from changed_names) <= 1 then\n        ';
const SEVERAL = '\n        else execute $p$';
const DONE = '$p$ into affected;\n        end if;';

const FN = `(select p.oid::regprocedure from pg_proc p where p.proname = 'name_search_changed' and p.prolang = (select oid from pg_language where lanname = 'plpgsql'))`;

const UP = `do $$
  declare
    src text := (select p.prosrc from pg_proc p where p.oid = ${FN});
    a int;
    b int;
    stmt text;
  begin
    a := position(${literal(START)} in src);
    b := a + position(${literal(END)} in substr(src, a)) - 1;
    if a = 0 or b < a or position('$p$' in src) > 0 then
      raise exception 'name_search_changed has not the expected statement';
    end if;
    stmt := substr(src, a, b + length(${literal(END)}) - a);
    execute format('create or replace function %s returns trigger language plpgsql as %L', ${FN},
      substr(src, 1, a - 1) || ${literal(ONE_ROW)} || stmt || ${literal(SEVERAL)}
        || replace(left(stmt, -1), ' into affected from (', ' from (') || ${literal(DONE)} || substr(src, b + length(${literal(END)})));
  end $$`;

const DOWN = `do $$
  declare
    src text := (select p.prosrc from pg_proc p where p.oid = ${FN});
    a int;
    b int;
    c int;
  begin
    a := position(${literal(ONE_ROW)} in src);
    b := position(${literal(SEVERAL)} in src);
    c := position(${literal(DONE)} in src);
    if a = 0 or b < a or c < b then
      raise exception 'name_search_changed has not the expected statements';
    end if;
    execute format('create or replace function %s returns trigger language plpgsql as %L', ${FN},
      substr(src, 1, a - 1) || substr(src, a + length(${literal(ONE_ROW)}), b - a - length(${literal(ONE_ROW)})) || substr(src, c + length(${literal(DONE)})));
  end $$`;

export class Migration20270125090000_name_search_pairs extends Migration {
  override async up(): Promise<void> {
    this.addSql(UP);
  }

  override async down(): Promise<void> {
    this.addSql(DOWN);
  }
}
