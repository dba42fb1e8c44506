import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { initOrm } from '../../adapters/postgres/orm.js';

// The name search's postings as the migration specs read and write them (name words in code point
// order, "C"), on a database a spec migrates step by step.

/** Migrates the database at `url` up to the migration named `to`, no further. */
export const migrateUpTo = async (url: string, to: string): Promise<void> => {
  const orm = await initOrm(url);
  try {
    await orm.getMigrator().up({ to });
  } finally {
    await orm.close(true);
  }
};

/** A private tree `tree` with the persons `persons` (no names yet), written as rows. */
export const treeWithPersons = async (db: pg.Client, tree: string, persons: readonly string[]): Promise<void> => {
  await db.query(`insert into trees (id, name, description, visibility, created_at, updated_at) values ($1, 'Kept', '', 'private', now(), now())`, [tree]);
  for (const p of persons) await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at) values ($1, $2, '', now(), now())`, [p, tree]);
};

/** A primary birth name of `person`, deleted (soft) when `deleted`, written as a row (the posting triggers post it). */
export const nameRow = (db: pg.Client, tree: string, person: string, given: string, surname: string, deleted = false) =>
  db.query(`insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at, deleted_at) values ($1, $2, $3, 'birth', $4, $5, true, now(), $6)`,
    [randomUUID(), tree, person, given, surname, deleted ? new Date() : null]);

/** The tree's words each person is posted under, sorted. */
export const postingsOf = async (db: pg.Client, tree: string): Promise<Record<string, string[]>> => {
  const { rows } = await db.query<{ person_id: string; words: string[] }>(
    `select p.person_id, array_agg(d.word order by d.word collate "C") as words from name_postings p join name_words d on d.id = p.word_id
     where d.tree_id = $1 group by p.person_id`, [tree]);
  return Object.fromEntries(rows.map((r) => [r.person_id, r.words]));
};

/** The tree's words, sorted. */
export const wordsOf = async (db: pg.Client, tree: string): Promise<string[]> =>
  (await db.query<{ word: string }>('select word from name_words where tree_id = $1 order by word collate "C"', [tree])).rows.map((r) => r.word);
