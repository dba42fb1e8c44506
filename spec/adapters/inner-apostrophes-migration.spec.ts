import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { initOrm } from '../../adapters/postgres/orm.js';
import { createDatabase, databaseUrl, dropDatabase } from '../support/database.js';
import { migrateUpTo, nameRow, postingsOf, treeWithPersons, wordsOf } from '../support/name-postings.js';

// Issue 27: a name's words keep an inner apostrophe's two sides together (`O'Brien` is `obrien`).
// Migration 20270123090000 posts again the persons whose names were posted the old way, on a
// database migrated to the one before it, and drops the words left without postings.

describe('the inner-apostrophe migration on names posted before it', function () {
  this.timeout(60_000);
  const name = `test_apostrophes_${randomBytes(6).toString('hex')}`;
  let db: pg.Client;
  let url: string;
  const tree = randomUUID();
  const [obrien, ohara, plain, gone] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  const postings = () => postingsOf(db, tree);
  const words = () => wordsOf(db, tree);

  before(async () => {
    await createDatabase(name);
    url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
    await migrateUpTo(url, 'Migration20270122090000_lean_creations');
    db = new pg.Client({ connectionString: url });
    await db.connect();
    await treeWithPersons(db, tree, [obrien, ohara, plain, gone]);
    const named = (person: string, given: string, surname: string, deleted = false) => nameRow(db, tree, person, given, surname, deleted);
    await named(obrien, 'Sean', "O'Brien");
    await named(obrien, "D\u2019Arcy", 'Smith');
    await named(ohara, 'Anna', 'O Hara');
    await named(plain, 'Jean-Luc', 'Picard');
    await named(gone, 'Liam', "O'Neill", true);
  });
  after(async () => {
    await db?.end();
    await dropDatabase(name);
  });

  it('posts every person again by the words that keep an inner apostrophe, drops the words none holds, and goes back down', async () => {
    // Before: `O'Brien` is `o` and `brien`, `D’Arcy` `d` and `arcy` (the cluster's ctype, C.UTF-8, takes
    // `’` for punctuation; a cluster of C's ctype took it for a letter and posted `d’arcy`).
    const before = { [obrien]: ['arcy', 'brien', 'd', 'o', 'sean', 'smith'], [ohara]: ['anna', 'hara', 'o'], [plain]: ['jean', 'luc', 'picard'] };
    expect(await postings()).to.deep.equal(before);
    const orm = await initOrm(url);
    try {
      // Up to this migration, not past it: its own `down` is the one taken back below.
      await orm.getMigrator().up({ to: 'Migration20270123090000_inner_apostrophes' });
      expect(await postings()).to.deep.equal({ [obrien]: ['darcy', 'obrien', 'sean', 'smith'], [ohara]: ['anna', 'hara', 'o'], [plain]: ['jean', 'luc', 'picard'] });
      // `o` is O Hara's still; `brien`, `d` and `arcy` are no one's.
      expect(await words()).to.deep.equal(['anna', 'darcy', 'hara', 'jean', 'luc', 'o', 'obrien', 'picard', 'sean', 'smith']);
      // The triggers post the new words: a rename, and a deleted name restored.
      await db.query(`update names set surname = 'O''Connor' where person_id = $1`, [ohara]);
      await db.query(`update names set deleted_at = null where person_id = $1`, [gone]);
      const now = await postings();
      expect(now[ohara]).to.deep.equal(['anna', 'oconnor']);
      expect(now[gone]).to.deep.equal(['liam', 'oneill']);
      expect(await words()).to.not.include.members(['o', 'hara']);
      await orm.getMigrator().down();
      const down = await postings();
      expect(down[obrien]).to.deep.equal(['arcy', 'brien', 'd', 'o', 'sean', 'smith']);
      expect(down[ohara]).to.deep.equal(['anna', 'connor', 'o']);
      expect(await words()).to.not.include.members(['obrien', 'oconnor', 'darcy']);
    } finally {
      await orm.close(true);
    }
  });
});
