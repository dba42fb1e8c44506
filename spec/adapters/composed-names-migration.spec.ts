import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { initOrm } from '../../adapters/postgres/orm.js';
import { createDatabase, databaseUrl, dropDatabase } from '../support/database.js';
import { migrateUpTo, nameRow, postingsOf, treeWithPersons, wordsOf } from '../support/name-postings.js';

// Issue 27, the name search: a name's words are composed (NFC) before they are posted, so `José`
// written decomposed (e and U+0301) is the word `josé`. Migration 20270201090000 rewrites the posting
// triggers, posts again the persons whose names were posted decomposed, on a database migrated to the
// one before it, drops the words left without postings, and goes back down.

describe('the composed-name-words migration on names posted before it', function () {
  this.timeout(60_000);
  const name = `test_composed_${randomBytes(6).toString('hex')}`;
  let db: pg.Client;
  let url: string;
  const tree = randomUUID();
  const [jose, muller, plain] = [randomUUID(), randomUUID(), randomUUID()];

  const postings = () => postingsOf(db, tree);
  const words = () => wordsOf(db, tree);

  before(async () => {
    await createDatabase(name);
    url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
    await migrateUpTo(url, 'Migration20270131100000_ended_credentials_index');
    db = new pg.Client({ connectionString: url });
    await db.connect();
    await treeWithPersons(db, tree, [jose, muller, plain]);
    const named = (person: string, given: string, surname: string) => nameRow(db, tree, person, given, surname);
    await named(jose, 'Jose\u0301', 'Garci\u0301a');
    await named(muller, 'Anna', 'Mu\u0308ller');
    await named(plain, 'Jos\u00e9', 'Smith');
  });
  after(async () => {
    await db?.end();
    await dropDatabase(name);
  });

  it('posts every person with a decomposed name again by its composed words, drops the words none holds, and goes back down', async () => {
    const before = await postings();
    // Before: the combining marks split the words (the cluster's C.UTF-8 takes them for no letter).
    expect(before[jose]).to.not.include('jos\u00e9');
    expect(before[muller]).to.not.include('m\u00fcller');
    expect(before[plain]).to.deep.equal(['jos\u00e9', 'smith']);
    const orm = await initOrm(url);
    try {
      await orm.getMigrator().up({ to: 'Migration20270201090000_composed_name_words' });
      expect(await postings()).to.deep.equal({ [jose]: ['garc\u00eda', 'jos\u00e9'], [muller]: ['anna', 'm\u00fcller'], [plain]: ['jos\u00e9', 'smith'] });
      expect(await words()).to.deep.equal(['anna', 'garc\u00eda', 'jos\u00e9', 'm\u00fcller', 'smith']);
      // The triggers post the composed words: a new name, and a rename.
      await db.query(`update names set surname = 'Mu\u0308ller-Lu\u0308denscheid' where person_id = $1`, [plain]);
      const other = randomUUID();
      await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at) values ($1, $2, '', now(), now())`, [other, tree]);
      await nameRow(db, tree, other, 'Zoe\u0308', '');
      const now = await postings();
      expect(now[plain]).to.deep.equal(['jos\u00e9', 'l\u00fcdenscheid', 'm\u00fcller']);
      expect(now[other]).to.deep.equal(['zo\u00eb']);
      await orm.getMigrator().down();
      const down = await postings();
      expect(down[jose]).to.deep.equal(before[jose]);
      expect(down[muller]).to.deep.equal(before[muller]);
      expect(await words()).to.not.include.members(['garc\u00eda', 'm\u00fcller']);
    } finally {
      await orm.close(true);
    }
  });
});
