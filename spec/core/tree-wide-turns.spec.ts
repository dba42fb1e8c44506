import { expect } from 'chai';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { listDuplicates } from '../../core/duplicates/queries/find-duplicates.js';
import type { DuplicateFact, DuplicateSubject } from '../../core/duplicates/ports.js';
import { readExistingTree } from '../../core/gedcom/candidates.js';
import { previewDeceasedByBirthYear } from '../../core/cleanup/queries/preview-deceased-by-birth-year.js';
import type { CleanupFact, CleanupPerson } from '../../core/cleanup/ports.js';
import type { Actor } from '../../core/kernel/actor.js';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import { aMembership, givenTree, givenUsers } from '../contracts/fixtures.js';

// A tree-wide analysis (the duplicate finder, the existing tree a GEDCOM preview or import matches
// against) runs for seconds on a large tree: 1.1 s to prepare and 2.1 s to compare 100,000 persons.
// Run in one piece it held the service's only thread that long, and every other request of every
// tenant waited (a viewer asking for the duplicates of a 100,000-person tree stalled the health check
// 2.8 s). Here the work is made to take more than a few turns' worth of time, and a chain of
// setImmediate callbacks counts the turns other work gets while it runs.

const PERSONS = 20_000;
const GIVEN = ['Anna', 'Maria', 'Johann', 'Peter', 'Elisabeth', 'Georg', 'Katharina', 'Michael'];
const CONSONANTS = 'bdgklmrt';
/** 320 surnames, sounding apart: about eight persons share a given name and a surname. */
const surname = (k: number): string => `${CONSONANTS[k % 8]!.toUpperCase()}a${CONSONANTS[(k >> 3) % 8]!}e${'npstv'[(k >> 6) % 5]!}`;

const id = (n: number): Id => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}` as Id;
const subjects: DuplicateSubject[] = Array.from({ length: PERSONS }, (_, i) => ({
  id: id(i + 1), sex: 'male',
  names: [{ givenName: GIVEN[i % GIVEN.length]!, surname: surname(i >> 3), nameType: 'birth' }],
}));
const facts: DuplicateFact[] = subjects.map((s, i) => ({ personId: s.id, type: 'birth', year: 1400 + ((i * 7) % 600), day: null, place: `Place ${i % 50}` }));
// A cleanup preview's work per person is lighter: five times the persons, so that it takes more than
// a few turns' worth of time however fast the machine and however warm the code.
const CLEANUP_PERSONS = 5 * PERSONS;
const cleanupPersons: CleanupPerson[] = Array.from({ length: CLEANUP_PERSONS }, (_, i) => ({
  id: id(i + 1), sex: null, isLiving: null, privacy: 'default', name: { id: id(i + 1), givenName: GIVEN[i % GIVEN.length]!, surname: surname(i >> 3) },
}));
const cleanupFacts: CleanupFact[] = cleanupPersons.map((p, i) => ({ personId: p.id, type: 'birth', date: { qualifier: 'exact', year: 1400 + ((i * 7) % 600) } }));

/** A page of the subjects (in id order, as generated) after `after`, with their facts, as DuplicateStore.subjectsAfter answers. */
const page = (after: Id | null, limit: number): { subjects: DuplicateSubject[]; facts: DuplicateFact[] } => {
  const from = after === null ? 0 : subjects.findIndex((s) => s.id > after);
  const mine = from < 0 ? [] : subjects.slice(from, from + limit);
  const ids = new Set(mine.map((s) => s.id));
  return { subjects: mine, facts: facts.filter((f) => ids.has(f.personId)) };
};

/** How many turns other work got while `work` ran: a setImmediate chain, counted until `work` settles. */
const turnsDuring = async <A>(work: () => Promise<A>): Promise<{ result: A; turns: number }> => {
  let turns = 0;
  let done = false;
  const tick = (): void => {
    if (done) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    done = true;
  }
};

describe('Tree-wide analyses give the event loop turns', () => {
  let storage: Storage;
  let actor: Actor;
  let treeId: Id;

  beforeEach(async () => {
    const base = memoryStorage();
    const [user] = await givenUsers(base, 1);
    const tree = await givenTree(base);
    await base.memberships.insert(aMembership(tree.id, user!.id, 'owner'));
    treeId = tree.id;
    actor = { kind: 'user', userId: user!.id, email: user!.email, emailVerified: true, sessionId: id(0), clientAddress: '192.0.2.1' };
    // The memory store's tree is empty; its reads answer the generated persons.
    storage = {
      ...base,
      duplicates: { ...base.duplicates, subjectsAfter: async (_tree, after, limit) => page(after, limit), dismissed: async () => [] },
      cleanup: { ...base.cleanup, edges: async () => [], persons: async () => cleanupPersons, facts: async () => cleanupFacts },
    };
  });

  it(`the duplicate finder over ${PERSONS.toLocaleString('en-US')} persons answers its pairs, and other work gets turns while it runs`, async () => {
    const { result, turns } = await turnsDuring(() => listDuplicates({ storage })(actor, treeId));
    expect(result._tag, JSON.stringify(result)).to.equal('Right');
    const pairs = result._tag === 'Right' ? result.right : [];
    expect(pairs.length).to.be.greaterThan(100);
    expect(turns, 'turns other work got while the finder ran').to.be.at.least(5);
  });

  it('reading the existing tree for a GEDCOM preview or import gives turns too', async () => {
    const { result, turns } = await turnsDuring(() => readExistingTree(storage, treeId));
    expect(result.prepared.sides).to.have.length(PERSONS);
    expect(turns, 'turns other work got while the tree was prepared').to.be.at.least(5);
  });

  it('a cleanup preview over the whole tree gives turns too (the life facts of every person)', async () => {
    const { result, turns } = await turnsDuring(() => previewDeceasedByBirthYear({ storage })(actor, treeId, 1700));
    expect(result._tag, JSON.stringify(result)).to.equal('Right');
    const rows = result._tag === 'Right' ? result.right : [];
    expect(rows.length).to.equal(cleanupFacts.filter((f) => f.date!.year! <= 1700).length);
    expect(turns, 'turns other work got while the preview ran').to.be.at.least(5);
  });
});
