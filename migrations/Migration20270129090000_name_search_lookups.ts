import { Migration } from '@mikro-orm/migrations';
import { literal } from './Migration20270121090000_trigger_plans.js';

// The name postings' triggers (name_search_added, name_search_changed, name_search_removed) write a
// statement's new words into name_words, then look each posted word up there (a subquery by tree
// and word), and prune words by name_postings. PL/pgSQL plans a statement once per connection and
// keeps that plan; the tables' sizes it was planned for are those of that moment. A connection that
// posted a few names while name_words was small (a new service, a new test database once autovacuum
// had analyzed the table at a few dozen words) kept a sequential scan of name_words for the lookup.
// Its next statement of 10,000 names, whose words the trigger itself had just added, scanned 10,000
// words for each of 30,000 postings: 74 s for one insert (measured on a scratch cluster), where the
// plan by the words' index takes 1 s; a GEDCOM import on such a connection would not end. It stalled
// spec/http/cleanup.spec.ts's 10,000-name insert on CI twice (stop 57 past 120 s, stop 68 past 100 s).
//
// Each function's statements after it knows its persons now run as they were for one row (or one
// person), and with EXECUTE for several: parsed and planned at that call, with the tables' sizes and
// the rows of that call (migrations 20270121090000 and 20270125090000 did this for the pairing of old
// and new rows). The statements are rewritten in place, whatever the words' expression in them;
// `down` gives back the statements alone.
//
// A later migration that creates these functions again must keep the EXECUTE; the spec fails otherwise.

/** Each function, where its statements start, and its test for one row. */
const FUNCTIONS: ReadonlyArray<readonly [name: string, start: string, oneRow: string, statements: number]> = [
  ['name_search_added', '\n        insert into name_words (tree_id, word)', '(select count(*) from changed_names) <= 1', 2],
  ['name_search_changed', '\n        delete from name_postings where person_id = any(affected);', 'cardinality(affected) <= 1', 4],
  ['name_search_removed', '\n        delete from name_postings where person_id = any(affected);', 'cardinality(affected) <= 1', 4],
];

const END = '\n        return null;\n      end';
const SEVERAL = '\n        else';
const DONE = '\n        end if;';

const fn = (name: string) => `(select p.oid::regprocedure from pg_proc p where p.proname = ${literal(name)} and p.prolang = (select oid from pg_language where lanname = 'plpgsql'))`;

/**
 * `name`'s statements from `start` to its closing `return null`, kept for one row under `if <oneRow> then`,
 * and each run with EXECUTE (its `any(affected)` as `any($1)`, given `affected`) for several.
 */
const up = (name: string, start: string, oneRow: string, statements: number) => `do $$
  declare
    src text := (select p.prosrc from pg_proc p where p.oid = ${fn(name)});
    a int;
    b int;
    part text;
    stmts text[];
    s text;
    dyn text := '';
  begin
    a := position(${literal(start)} in src);
    b := a + position(${literal(END)} in substr(src, a)) - 1;
    if a = 0 or b < a or position('$p$' in substr(src, a)) > 0 then
      raise exception '% has not the expected statements', ${literal(name)};
    end if;
    part := substr(src, a, b - a);
    stmts := array_remove(regexp_split_to_array(part, ';\\n'), '');
    stmts[cardinality(stmts)] := rtrim(stmts[cardinality(stmts)], ';');
    if cardinality(stmts) <> ${statements} then
      raise exception '% has % statements, not ${statements}', ${literal(name)}, cardinality(stmts);
    end if;
    foreach s in array stmts loop
      s := btrim(s, E'\\n ');
      if position('any(affected)' in s) > 0 then
        dyn := dyn || E'\\n        execute $p$' || replace(s, 'any(affected)', 'any($1)') || '$p$ using affected;';
      else
        dyn := dyn || E'\\n        execute $p$' || s || '$p$;';
      end if;
    end loop;
    if position('affected' in replace(dyn, 'using affected;', '')) > 0 then
      raise exception '% names affected otherwise than in any(affected)', ${literal(name)};
    end if;
    execute format('create or replace function %s returns trigger language plpgsql as %L', ${fn(name)},
      substr(src, 1, a - 1) || ${literal(`\n        if ${oneRow} then`)} || part || ${literal(SEVERAL)} || dyn || ${literal(DONE)} || substr(src, b));
  end $$`;

const down = (name: string, oneRow: string) => `do $$
  declare
    src text := (select p.prosrc from pg_proc p where p.oid = ${fn(name)});
    head text := ${literal(`\n        if ${oneRow} then`)};
    a int;
    b int;
    c int;
  begin
    a := position(head in src);
    b := a + position(${literal(`${SEVERAL}\n        execute $p$`)} in substr(src, a)) - 1;
    c := a + position(${literal(DONE + END)} in substr(src, a)) - 1;
    if a = 0 or b < a or c < b then
      raise exception '% has not the expected statements', ${literal(name)};
    end if;
    execute format('create or replace function %s returns trigger language plpgsql as %L', ${fn(name)},
      substr(src, 1, a - 1) || substr(src, a + length(head), b - a - length(head)) || substr(src, c + length(${literal(DONE)})));
  end $$`;

export class Migration20270129090000_name_search_lookups extends Migration {
  override async up(): Promise<void> {
    for (const [name, start, oneRow, statements] of FUNCTIONS) this.addSql(up(name, start, oneRow, statements));
  }

  override async down(): Promise<void> {
    for (const [name, , oneRow] of FUNCTIONS) this.addSql(down(name, oneRow));
  }
}
