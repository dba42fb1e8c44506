import { expect } from 'chai';
import { newId } from '../../core/kernel/ids.js';
import { aName, aPerson, at, givenNamed, givenPerson, givenTree, ids, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const gone = { deletedAt: at('2025-04-01T00:00:00.000Z'), deletionId: newId() };
const scores = (rows: readonly { personId: string; score: number }[]): string[] => rows.map((r) => r.personId);

export const namesContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`NameRepository contract (${name})`, () => {
    const storage = withStorage(make);

    it('returns an inserted name with every field intact, null for an unknown id', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const n = aName(p, { nameType: 'married', givenName: `Ma'ry "Q"`, surname: 'Ö\\Brien', isPrimary: false });
      await storage().names.insert(n);
      expect(await storage().names.byId(n.id)).to.deep.equal(n);
      expect(await storage().names.byId(newId())).to.equal(null);
    });

    it('keeps a name\'s notes through insert, update, updateMany, bulk insert and the person profile', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const n = aName(p, { notes: `Spelled "Smyth" in the 1851 census; \\ 'old' form` });
      await storage().names.insert(n);
      expect(await storage().names.byId(n.id)).to.deep.equal(n);
      const changed = { ...n, notes: 'changed' };
      await storage().names.update(changed);
      expect(await storage().names.byId(n.id)).to.deep.equal(changed);
      const again = { ...changed, notes: `{a, "b"}` };
      await storage().names.updateMany([again]);
      expect(await storage().names.byId(n.id)).to.deep.equal(again);
      const bulk = aName(p, { isPrimary: false, notes: 'bulk note' });
      await storage().bulk.insertAll({ persons: [], names: [bulk], places: [], relationships: [], events: [], sources: [], citations: [] });
      expect(await storage().names.byId(bulk.id)).to.deep.equal(bulk);
      expect((await storage().persons.profile(p.id)).names).to.deep.include(again);
    });

    it('keeps a name\'s prefix, suffix and surname prefix through insert, update, updateMany, bulk insert and the person profile', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const n = aName(p, { prefix: 'Dr.', suffix: '[FIRST U.S. PRESIDENT]', surnamePrefix: `van 't` });
      await storage().names.insert(n);
      expect(await storage().names.byId(n.id)).to.deep.equal(n);
      const changed = { ...n, prefix: 'Sir', suffix: 'III', surnamePrefix: '' };
      await storage().names.update(changed);
      expect(await storage().names.byId(n.id)).to.deep.equal(changed);
      const again = { ...changed, prefix: '', suffix: `"Jr."`, surnamePrefix: 'de la' };
      await storage().names.updateMany([again]);
      expect(await storage().names.byId(n.id)).to.deep.equal(again);
      const bulk = aName(p, { isPrimary: false, prefix: 'Rev.', suffix: 'Sr.', surnamePrefix: 'von' });
      await storage().bulk.insertAll({ persons: [], names: [bulk], places: [], relationships: [], events: [], sources: [], citations: [] });
      expect(await storage().names.byId(bulk.id)).to.deep.equal(bulk);
      expect((await storage().persons.profile(p.id)).names).to.deep.include(again);
    });

    it('search finds the words of a surname prefix (not of a prefix or suffix), after insert, update and bulk insert', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const n = aName(p, { givenName: 'Jan', surname: 'Dijk', surnamePrefix: 'Vanderhoef', prefix: 'Professor', suffix: 'Esquire' });
      await storage().names.insert(n);
      const find = async (q: string) => scores(await storage().names.search(t.id, q, 0.5, { limit: 10 }));
      expect(await find('vanderhoef')).to.deep.equal([p.id]);
      expect(await find('professor')).to.deep.equal([]);
      expect(await find('esquire')).to.deep.equal([]);
      await storage().names.update({ ...n, surnamePrefix: 'Oosterhuis' });
      expect(await find('vanderhoef')).to.deep.equal([]);
      expect(await find('oosterhuis')).to.deep.equal([p.id]);
      const q = await givenPerson(storage(), t.id);
      await storage().bulk.insertAll({ persons: [], names: [aName(q, { givenName: 'Ana', surname: 'Cruz', surnamePrefix: 'Delacroixe' })], places: [], relationships: [], events: [], sources: [], citations: [] });
      expect(await find('delacroixe')).to.deep.equal([q.id]);
    });

    it('returns a deleted name by id, and replaces its fields on update', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const n = aName(p);
      await storage().names.insert(n);
      const changed = { ...n, nameType: 'alias' as const, givenName: 'Jack', surname: 'Smythe', isPrimary: false, ...gone };
      await storage().names.update(changed);
      expect(await storage().names.byId(n.id)).to.deep.equal(changed);
    });

    it('updateMany replaces the fields of each name and leaves the others alone', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const [n1, n2, n3] = [aName(p), aName(p, { isPrimary: false }), aName(p, { isPrimary: false })];
      for (const n of [n1, n2, n3]) await storage().names.insert(n);
      const c1 = { ...n1, givenName: `Jürgen "J" \\ {x}`, surname: "O'Brien, Jr", nameType: 'alias' as const };
      const c2 = { ...n2, isPrimary: true, ...gone };
      await storage().names.updateMany([c1, c2]);
      expect(await storage().names.byId(n1.id)).to.deep.equal(c1);
      expect(await storage().names.byId(n2.id)).to.deep.equal(c2);
      expect(await storage().names.byId(n3.id)).to.deep.equal(n3);
    });

    it('listByPersons answers the live names of those persons, primary first, then by id', async () => {
      const t = await givenTree(storage());
      const p = await givenPerson(storage(), t.id);
      const q = await givenPerson(storage(), t.id);
      const [a, b, c, d, e] = sortedIds(5);
      await storage().names.insert(aName(p, { id: c!, isPrimary: false }));
      await storage().names.insert(aName(p, { id: e!, isPrimary: true }));
      await storage().names.insert(aName(p, { id: a!, isPrimary: false }));
      await storage().names.insert(aName(p, { id: b!, isPrimary: false, ...gone }));
      await storage().names.insert(aName(q, { id: d!, isPrimary: true }));
      expect(ids(await storage().names.listByPersons([p.id]))).to.deep.equal([e, a, c]);
      expect(ids(await storage().names.listByPersons([q.id]))).to.deep.equal([d]);
      expect(await storage().names.listByPersons([])).to.deep.equal([]);
      expect(await storage().names.listByPersons([newId()])).to.deep.equal([]);
    });

    it('listByTree answers the live names of live persons of the tree, by person then primary first', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const [pid, qid] = sortedIds(2);
      const q = await givenPerson(storage(), t.id, { id: qid! });
      const p = await givenPerson(storage(), t.id, { id: pid! });
      const dead = await givenPerson(storage(), t.id, gone);
      const elsewhere = await givenPerson(storage(), other.id);
      const [n1, n2, n3, n4, n5, n6] = sortedIds(6);
      await storage().names.insert(aName(q, { id: n1!, isPrimary: false }));
      await storage().names.insert(aName(q, { id: n2!, isPrimary: true }));
      await storage().names.insert(aName(p, { id: n3!, isPrimary: true }));
      await storage().names.insert(aName(p, { id: n4!, isPrimary: false, ...gone }));
      await storage().names.insert(aName(dead, { id: n5! }));
      await storage().names.insert(aName(elsewhere, { id: n6! }));
      expect(ids(await storage().names.listByTree(t.id))).to.deep.equal([n3, n2, n1]);
      expect(ids(await storage().names.listByTree(other.id))).to.deep.equal([n6]);
    });

    it('search ranks persons by the mean of each query word\'s best word similarity, best first, ties by person id, words at the threshold only', async () => {
      const t = await givenTree(storage());
      const [lowId, midId, highId] = sortedIds(3);
      // Inserted in reverse id order: the tie order must come from the store. For "Jhon Smyth":
      // jhon~jon 2/7, jhon~john and jhon~jack 1/9 (below 0.2), smyth~smith 1/3, smyth~smyth 1.
      const jon = await givenNamed(storage(), t.id, 'Jon', 'Smith', { id: highId! }); // (2/7 + 1/3) / 2
      const jack = await givenNamed(storage(), t.id, 'Jack', 'Smith', { id: midId! }); // (0 + 1/3) / 2
      const john = await givenNamed(storage(), t.id, 'John', 'Smith', { id: lowId! }); // (0 + 1/3) / 2
      await givenNamed(storage(), t.id, 'Mary', 'Jones'); // jhon~jones 1/10: no word matches
      // Found by an alternate name, listed once with its best words (jon and smyth, from two names).
      const alias = await givenNamed(storage(), t.id, 'Mary', 'Jones');
      await storage().names.insert(aName(alias, { givenName: 'John', surname: 'Smyth', isPrimary: false, nameType: 'alias' }));
      await storage().names.insert(aName(alias, { givenName: 'Jon', surname: 'Smith', isPrimary: false, nameType: 'other' })); // (2/7 + 1) / 2

      const found = await storage().names.search(t.id, 'Jhon Smyth', 0.2, { limit: 1000 });
      expect(scores(found)).to.deep.equal([alias.id, jon.id, john.id, jack.id]);
      expect(found[0]!.score).to.be.closeTo((2 / 7 + 1) / 2, 1e-6);
      expect(found[1]!.score).to.be.closeTo((2 / 7 + 1 / 3) / 2, 1e-6);
      expect(found[2]!.score).to.be.closeTo(1 / 6, 1e-6);
      expect(found[3]!.score).to.be.closeTo(1 / 6, 1e-6);
      expect(scores(await storage().names.search(t.id, 'JHON SMYTH', 0.2, { limit: 1000 }))).to.deep.equal(scores(found));
      expect(scores(await storage().names.search(t.id, 'smyth, jhon', 0.2, { limit: 1000 }))).to.deep.equal(scores(found));
      // At 0.3 jhon matches nothing: each person is ranked by smyth alone, the three Smiths tie.
      const strict = await storage().names.search(t.id, 'Jhon Smyth', 0.3, { limit: 1000 });
      expect(scores(strict)).to.deep.equal([alias.id, john.id, jack.id, jon.id]);
      expect(strict[0]!.score).to.be.closeTo(0.5, 1e-6);
      expect(await storage().names.search(t.id, 'Xavier Quux', 0.2, { limit: 1000 })).to.deep.equal([]);
      expect(await storage().names.search(t.id, ' ,;- ', 0.2, { limit: 1000 })).to.deep.equal([]);
      // Only the query's first 8 distinct words count: a ninth that would match changes nothing.
      const eight = 'aa bb cc dd ee ff gg hh';
      expect(await storage().names.search(t.id, `${eight} aa smyth`, 0.2, { limit: 1000 })).to.deep.equal([]);
      expect(scores(await storage().names.search(t.id, `smyth ${eight}`, 0.2, { limit: 1000 }))).to.have.members([alias.id, jon.id, john.id, jack.id]);
    });

    it('search with one word ranks by the best matching word, ties by that word, then by person id, and pages through ties', async () => {
      const t = await givenTree(storage());
      const [a, b, c, d] = sortedIds(4);
      // smyth~smith 1/3, smyth~smythe 5/8, smyth~smyth 1. `both` holds smith and smythe: found once, by smythe,
      // tied with `smythe` (ids decide), above `smith`.
      const exact = await givenNamed(storage(), t.id, 'Ann', 'Smyth', { id: d! });
      const smythe = await givenNamed(storage(), t.id, 'Ann', 'Smythe', { id: a! });
      const smith = await givenNamed(storage(), t.id, 'Ann', 'Smith', { id: c! });
      const both = await givenNamed(storage(), t.id, 'Ann', 'Smith', { id: b! });
      await storage().names.insert(aName(both, { givenName: 'Ann', surname: 'Smythe', isPrimary: false, nameType: 'married' }));
      const found = await storage().names.search(t.id, 'Smyth', 0.2, { limit: 1000 });
      expect(scores(found)).to.deep.equal([exact.id, smythe.id, both.id, smith.id]);
      expect(found.map((f) => f.score)).to.deep.equal([1, Math.fround(5 / 8), Math.fround(5 / 8), Math.fround(1 / 3)]);
      // The same word in another case, or with what the split into words drops around it: the same answer.
      for (const q of [' Smyth ', 'smyth.', 'SMYTH', '-Smyth']) expect(await storage().names.search(t.id, q, 0.2, { limit: 1000 }), q).to.deep.equal(found);
      const pages: string[] = [];
      for (let after: string | undefined; ;) {
        const page = await storage().names.search(t.id, 'Smyth', 0.2, { limit: 1, ...(after === undefined ? {} : { after }) });
        pages.push(...scores(page));
        if (page.length < 1) break;
        after = page[0]!.personId;
      }
      expect(pages).to.deep.equal(scores(found));
    });

    it('search takes an apostrophe inside a word as part of it, in names and queries alike: O\'Brien is the word obrien, not o and brien', async () => {
      const t = await givenTree(storage());
      const obrien = await givenNamed(storage(), t.id, 'Sean', "O'Brien");
      const oneill = await givenNamed(storage(), t.id, 'Mary', 'O\u2019Neill'); // the typographic apostrophe
      const ohara = await givenNamed(storage(), t.id, 'Anna', 'O Hara'); // `o`, a word of its own
      const found = async (q: string) => storage().names.search(t.id, q, 0.3, { limit: 10 });
      // Before: the words `o` and `brien`, so `obrien` met `brien` at 0.44 and `O'Brien` also found O Hara.
      for (const q of ['obrien', "O'Brien", 'O\u2019BRIEN']) expect(await found(q), q).to.deep.equal([{ personId: obrien.id, score: 1 }]);
      for (const q of ['oneill', "o'neill"]) expect(await found(q), q).to.deep.equal([{ personId: oneill.id, score: 1 }]);
      // A chain of one-letter parts (PostgreSQL's pattern consumes its neighbours, so it runs twice).
      const chain = await givenNamed(storage(), t.id, "A'b'c'd", 'Zed');
      expect(await found('abcd')).to.deep.equal([{ personId: chain.id, score: 1 }]);
      // An apostrophe at a word's edge, or two together, still breaks: `O'` is the word `o`.
      expect(await found("O'")).to.deep.equal([{ personId: ohara.id, score: 1 }]);
      expect(scores(await found("O''Brien"))).to.deep.equal([ohara.id, obrien.id]);
    });

    it('search takes a name and a query alike whether their accents are composed (NFC) or decomposed (NFD): José is one word', async () => {
      const t = await givenTree(storage());
      const composed = await givenNamed(storage(), t.id, 'Jos\u00e9', 'M\u00fcller');
      const decomposed = await givenNamed(storage(), t.id, 'Jose\u0301', 'Mu\u0308ller'); // as macOS file names and some GEDCOM files carry them
      const found = async (q: string) => storage().names.search(t.id, q, 0.3, { limit: 10 });
      // Before: a decomposed é split the word (the combining mark is not a letter to PostgreSQL's
      // classes, and JS's compared it as a character of its own): jose\u0301 met josé at 3/7.
      for (const q of ['Jos\u00e9', 'Jose\u0301', 'M\u00fcller', 'Mu\u0308ller', 'JOSE\u0301']) {
        const hits = await found(q);
        expect(hits.map((h) => h.score), q).to.deep.equal([1, 1]);
        expect(scores(hits), q).to.have.members([composed.id, decomposed.id]);
      }
      const both = await found('Jose\u0301 Mu\u0308ller');
      expect(both.map((h) => h.score)).to.deep.equal([1, 1]);
    });

    it('search finds names in every script and case, a letter beyond ASCII (Å, Ö, И, 王) part of its word', async () => {
      const t = await givenTree(storage());
      const astrom = await givenNamed(storage(), t.id, 'Åsa', 'ÅSTRÖM'); // GEDCOM's upper-case surname
      const strom = await givenNamed(storage(), t.id, 'Lars', 'Ström');
      const ivanov = await givenNamed(storage(), t.id, 'Пётр', 'Иванов');
      const wang = await givenNamed(storage(), t.id, '小明', '王');
      const found = async (q: string) => storage().names.search(t.id, q, 0.3, { limit: 10 });
      // "  åström " and "  ström " share str, trö, röm and "öm " of 9 trigrams.
      for (const q of ['åström', 'Åström', 'ÅSTRÖM']) expect(await found(q), q).to.deep.equal([{ personId: astrom.id, score: 1 }, { personId: strom.id, score: Math.fround(4 / 9) }]);
      for (const q of ['иванов', 'ИВАНОВ']) expect(await found(q), q).to.deep.equal([{ personId: ivanov.id, score: 1 }]);
      expect(await found('пётр')).to.deep.equal([{ personId: ivanov.id, score: 1 }]);
      expect(await found('王')).to.deep.equal([{ personId: wang.id, score: 1 }]);
      // A word's letters are not separators: `a` alone does not find Åsa, nor `m` Åström.
      expect(await found('m')).to.deep.equal([]);
      // Spaces and punctuation beyond ASCII are: a no-break space, an en dash, „quotes“.
      const maria = await givenNamed(storage(), t.id, 'Anna\u00a0Maria\u2013Ann', '\u201eQuist\u201c');
      for (const q of ['maria', 'quist']) expect(await found(q), q).to.deep.equal([{ personId: maria.id, score: 1 }]);
    });

    it('search keeps a score equal to the threshold and drops one just below', async () => {
      const t = await givenTree(storage());
      const ann = await givenNamed(storage(), t.id, 'Ann', ''); // "ann" vs "anne": 2 of 4 trigrams = 0.5
      expect(scores(await storage().names.search(t.id, 'Anne', 0.5, { limit: 1000 }))).to.deep.equal([ann.id]);
      expect(await storage().names.search(t.id, 'Anne', 0.51, { limit: 1000 })).to.deep.equal([]);
    });

    it('search ignores deleted names, deleted persons and other trees', async () => {
      const t = await givenTree(storage());
      const other = await givenTree(storage());
      const kept = await givenNamed(storage(), t.id, 'John', 'Smith');
      const renamed = await givenPerson(storage(), t.id);
      await storage().names.insert(aName(renamed, { givenName: 'John', surname: 'Smith', ...gone }));
      await storage().names.insert(aName(renamed, { givenName: 'Zed', surname: 'Zulu', isPrimary: false }));
      await givenNamed(storage(), t.id, 'John', 'Smith', gone);
      const elsewhere = await givenNamed(storage(), other.id, 'John', 'Smith');
      const found = await storage().names.search(t.id, 'John Smith', 0.2, { limit: 1000 });
      expect(scores(found)).to.deep.equal([kept.id]);
      expect(found[0]!.score).to.be.closeTo(1, 1e-6);
      expect(scores(await storage().names.search(other.id, 'John Smith', 0.2, { limit: 1000 }))).to.deep.equal([elsewhere.id]);
    });

    it('search stops at limit and pages after the cursor person by its own best score, ties by id', async () => {
      const t = await givenTree(storage());
      const named = [];
      for (const given of ['John', 'John', 'Jon', 'Jon', 'Joan']) named.push(await givenNamed(storage(), t.id, given, 'Smith'));
      const all = await storage().names.search(t.id, 'John Smith', 0.2, { limit: 1000 });
      expect(all).to.have.length(5);
      const pages: string[] = [];
      for (let after: string | undefined; ;) {
        const page = await storage().names.search(t.id, 'John Smith', 0.2, { limit: 2, ...(after === undefined ? {} : { after }) });
        pages.push(...scores(page));
        if (page.length < 2) break;
        after = page[page.length - 1]!.personId;
      }
      expect(pages).to.deep.equal(scores(all));
      expect(await storage().names.search(t.id, 'John Smith', 0.2, { limit: 2, after: newId() })).to.deep.equal([]);
    });

    it('search of several words answers every page as the whole ranking does, on a tree where hundreds of persons tie, for members and non-members', async () => {
      // 400 persons of a small vocabulary (a real tree's names repeat), a third of them living (shown
      // to members only), some with a second name: a page of 20 is then cut from hundreds of persons
      // of one score, ties by id. The whole ranking (limit 1000) scores every person holding a match;
      // a page of 20 is the store's bounded search (PostgreSQL: scores only the persons that can reach
      // the page, rankedSql); both must answer the same persons in the same order.
      const t = await givenTree(storage());
      let seed = 20261126;
      const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), Math.floor((seed / 2 ** 32) * n));
      const givens = ['John', 'Jon', 'Joan', 'Mary', 'Marie', 'Maria', 'Peter', 'Pieter'];
      const surnames = ['Smith', 'Smyth', 'Smithson', 'Jones', 'Johnson', 'Brown', 'Browne', 'Miller'];
      const persons = Array.from({ length: 400 }, (_, i) => aPerson(t.id, i % 3 === 0 ? { birthYear: 1990 } : { hasDeathFact: true }));
      const names = persons.flatMap((p, i) => [
        aName(p, { givenName: givens[rnd(givens.length)]!, surname: surnames[rnd(surnames.length)]! }),
        ...(i % 4 === 0 ? [aName(p, { givenName: givens[rnd(givens.length)]!, surname: surnames[rnd(surnames.length)]!, isPrimary: false, nameType: 'alias' })] : []),
      ]);
      await storage().bulk.insertAll({ persons, names, places: [], relationships: [], events: [], sources: [], citations: [] });
      const member = undefined;
      const stranger = { member: false, now: at('2026-01-01T00:00:00.000Z') } as const;
      for (const q of ['John Smith', 'Jhon Smyth', 'Mary Jnes', 'Pieter Brwn', 'Smith John Browne', 'Jon Mller', 'Maria Xyzzy']) {
        for (const audience of [member, stranger]) {
          const whole = await storage().names.search(t.id, q, 0.2, { limit: 1000, ...(audience === undefined ? {} : { audience }) });
          expect(whole.length, q).to.be.greaterThan(60);
          for (const size of [20, 7]) {
            const paged: { personId: string; score: number }[] = [];
            for (let after: string | undefined; paged.length < 100;) {
              const page = await storage().names.search(t.id, q, 0.2, { limit: size, ...(after === undefined ? {} : { after }), ...(audience === undefined ? {} : { audience }) });
              paged.push(...page);
              if (page.length < size) break;
              after = page[page.length - 1]!.personId;
            }
            const who = `${q}, ${audience === undefined ? 'member' : 'non-member'}, pages of ${size}`;
            expect(scores(paged), who).to.deep.equal(scores(whole.slice(0, paged.length)));
            expect(paged.length, who).to.be.at.least(Math.min(100, whole.length));
            paged.forEach((r, i) => expect(r.score, who).to.be.closeTo(whole[i]!.score, 1e-9));
          }
        }
      }
    });

    it('search as a non-member finds persons shown in full only', async () => {
      const t = await givenTree(storage());
      const dead = await givenNamed(storage(), t.id, 'John', 'Smith', { hasDeathFact: true });
      await givenNamed(storage(), t.id, 'John', 'Smith', { birthYear: 1990 });
      await givenNamed(storage(), t.id, 'John', 'Smith', { privacy: 'private', hasDeathFact: true });
      const audience = { member: false, now: at('2026-01-01T00:00:00.000Z') } as const;
      expect(scores(await storage().names.search(t.id, 'John Smith', 0.2, { limit: 10, audience }))).to.deep.equal([dead.id]);
      expect(await storage().names.search(t.id, 'John Smith', 0.2, { limit: 10 })).to.have.length(3);
    });
  });
