import { Migration } from '@mikro-orm/migrations';

// The history's insert triggers read a statement's rows once, not twice, and find the trees to mark
// without sorting the rows (issue 27).
//
// Each history_*_insert (migration 20270122090000) ran two statements over the statement's new rows:
// the trees of the rows that carry their creation, `select distinct` (a sort or hash of every row),
// marked changed; and a history row for each row that does not, a second read of every row. Under
// `lean` (an import's transaction) every row the import writes carries its creation, so the second
// read finds nothing, and the first sorts every row of each COPY to find its one tree. Measured on a
// 100,000-person import (pg_stat_user_functions, one import each, a slow hour): the five insert
// triggers an import fires took 1,214 ms, 340 ms of it the events' marks alone (330,000 rows over 37
// COPYs); read once, 455 ms.
//
// Now each reads the rows once for what it needs: the first tree of the rows that carry their
// creation (the first such row), then, in one pass, whether another tree's rows carry theirs and
// whether any row does not. That tree is marked, the other trees only when there are some (as
// before, by `select distinct`), and the history rows are written only when some row does not carry
// its creation. What is written is what was.

/** The marks statement each history_*_insert has after its `begin` (migration 20270122090000). */
const MARK = `
      insert into tree_change_marks (xact, tree_id)
        select distinct pg_current_xact_id()::text::bigint, h.tree_id from history_new h where h.created_seq is not null
        on conflict do nothing;`;

/** In its place: one read of the rows, the marks, and the start of the guard around the history rows' statement. */
const ONE_SCAN = `
      select h.tree_id into first_tree from history_new h where h.created_seq is not null limit 1;
      select bool_or(h.created_seq is null), bool_or(h.created_seq is not null and h.tree_id <> first_tree) into uncarried, other_trees from history_new h;
      if first_tree is not null then
        insert into tree_change_marks (xact, tree_id) values (pg_current_xact_id()::text::bigint, first_tree) on conflict do nothing;
      end if;
      if other_trees then
        insert into tree_change_marks (xact, tree_id)
          select distinct pg_current_xact_id()::text::bigint, h.tree_id from history_new h where h.created_seq is not null and h.tree_id <> first_tree
          on conflict do nothing;
      end if;
      if uncarried then`;

const DECLARE = `
    declare
      first_tree uuid;
      uncarried boolean;
      other_trees boolean;`;

const RETURN = `
      return null;`;
const GUARDED_RETURN = `
      end if;
      return null;`;

const EACH_HISTORY_INSERT = `for f in select p.oid::regprocedure as fn, p.prosrc from pg_proc p
             where p.proname like 'history\\_%\\_insert' and p.prolang = (select oid from pg_language where lanname = 'plpgsql') loop`;

const UP = `do $$
  declare
    f record;
    src text;
  begin
    ${EACH_HISTORY_INSERT}
      src := f.prosrc;
      if position(${literal(MARK)} in src) = 0 or position(${literal(RETURN)} in src) = 0 or position(${literal('\n    begin')} in src) <> 1 then
        raise exception 'history trigger % has not the expected statements', f.fn;
      end if;
      src := ${literal(DECLARE)} || replace(replace(src, ${literal(MARK)}, ${literal(ONE_SCAN)}), ${literal(RETURN)}, ${literal(GUARDED_RETURN)});
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
      if position(${literal(DECLARE)} in src) <> 1 or position(${literal(ONE_SCAN)} in src) = 0 or position(${literal(GUARDED_RETURN)} in src) = 0 then
        raise exception 'history trigger % has not the expected statements', f.fn;
      end if;
      src := replace(replace(substr(src, length(${literal(DECLARE)}) + 1), ${literal(ONE_SCAN)}, ${literal(MARK)}), ${literal(GUARDED_RETURN)}, ${literal(RETURN)});
      execute format('create or replace function %s returns trigger language plpgsql as %L', f.fn, src);
    end loop;
  end $$`;

/** A SQL string literal (E'' so the newline is written as \\n). */
function literal(s: string): string {
  return `E'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

export class Migration20270127090000_history_insert_one_scan extends Migration {
  override async up(): Promise<void> {
    this.addSql(UP);
  }

  override async down(): Promise<void> {
    this.addSql(DOWN);
  }
}
