import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { initOrm } from '../../adapters/postgres/orm.js';
import { createDatabase, databaseUrl, dropDatabase } from '../support/database.js';

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

  /** The tree's words each person is posted under, sorted. */
  const postings = async (): Promise<Record<string, string[]>> => {
    const { rows } = await db.query<{ person_id: string; words: string[] }>(
      `select p.person_id, array_agg(d.word order by d.word collate "C") as words from name_postings p join name_words d on d.id = p.word_id
       where d.tree_id = $1 group by p.person_id`, [tree]);
    return Object.fromEntries(rows.map((r) => [r.person_id, r.words]));
  };
  const words = async (): Promise<string[]> =>
    (await db.query<{ word: string }>('select word from name_words where tree_id = $1 order by word collate "C"', [tree])).rows.map((r) => r.word);

  before(async () => {
    await createDatabase(name);
    url = databaseUrl(process.env['TEST_PG_ADMIN_URL']!, name);
    const orm = await initOrm(url);
    try {
      await orm.getMigrator().up({ to: 'Migration20270131100000_ended_credentials_index' });
    } finally {
      await orm.close(true);
    }
    db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query(`insert into trees (id, name, description, visibility, created_at, updated_at) values ($1, 'Kept', '', 'private', now(), now())`, [tree]);
    for (const p of [jose, muller, plain]) await db.query(`insert into persons (id, tree_id, notes, created_at, updated_at) values ($1, $2, '', now(), now())`, [p, tree]);
    const named = (person: string, given: string, surname: string) =>
      db.query(`insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at) values ($1, $2, $3, 'birth', $4, $5, true, now())`,
        [randomUUID(), tree, person, given, surname]);
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
      await db.query(`insert into names (id, tree_id, person_id, name_type, given_name, surname, is_primary, created_at) values ($1, $2, $3, 'birth', 'Zoe\u0308', '', true, now())`, [randomUUID(), tree, other]);
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
