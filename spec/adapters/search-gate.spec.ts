import { expect } from 'chai';
import type { CardDemand } from '../../adapters/postgres/card-demand.js';
import { pgPersonListJson, SEARCHES_AT_ONCE } from '../../adapters/postgres/person-list-json.js';
import type { Sql } from '../../adapters/postgres/sql.js';

// A name search's statements pass a gate (adapters/postgres/person-list-json.ts): at most
// SEARCHES_AT_ONCE of them run at once in a process, the others wait their turn in order. Here the
// statements are held by a stand-in for the database, so what runs at once is counted exactly; a
// statement that fails gives its turn back like one that answers.

const TREE = '019b76da-a800-700c-b1af-e3e28d839be1';
const page = { limit: 20, userId: null, reading: { byRole: false, now: new Date('2026-11-30T00:00:00Z') } };
const demand = { recent: () => false, miss: () => undefined } as unknown as CardDemand;
const turns = async (n = 5): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Every statement held by a test: released after it, so that a failed test leaves no turn taken for the next. */
const allHeld: { readonly release: () => void }[] = [];

/** A database whose statements wait until released, failing when their query word says so. */
const heldDatabase = () => {
  const held: { readonly word: string; readonly release: () => void }[] = [];
  let running = 0;
  let most = 0;
  const started: string[] = [];
  const db = {
    bytes: async (_text: string, params: readonly unknown[]) => {
      const word = String(params.find((p) => typeof p === 'string' && p.startsWith('q')));
      started.push(word);
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => {
        held.push({ word, release: resolve });
        allHeld.push({ release: resolve });
      });
      running -= 1;
      if (word.endsWith('fails')) throw new Error('the statement failed');
      return [];
    },
  } as unknown as Sql;
  return { db, held, started, running: () => running, most: () => most };
};

describe('the name search gate: at most SEARCHES_AT_ONCE statements at once', () => {
  afterEach(async () => {
    // Released until none is left: each release may let a waiting search start and be held.
    while (allHeld.length > 0) {
      for (const h of allHeld.splice(0)) h.release();
      await turns();
    }
  });

  it('is two per core, and at least two', () => {
    expect(SEARCHES_AT_ONCE).to.be.at.least(2);
    expect(SEARCHES_AT_ONCE % 2).to.equal(0);
  });

  it('runs SEARCHES_AT_ONCE searches at once and the others in their order as turns free', async () => {
    const d = heldDatabase();
    const search = pgPersonListJson(d.db, demand).searchPage;
    const n = SEARCHES_AT_ONCE * 3;
    const answers = Array.from({ length: n }, (_, i) => search(TREE, `q${i}`, 0.2, page));
    await turns();
    expect(d.running()).to.equal(SEARCHES_AT_ONCE);
    expect(d.started).to.deep.equal(Array.from({ length: SEARCHES_AT_ONCE }, (_, i) => `q${i}`));
    while (d.held.length > 0) {
      d.held.shift()!.release();
      await turns();
      expect(d.running()).to.be.at.most(SEARCHES_AT_ONCE);
    }
    const done = await Promise.all(answers);
    expect(done).to.have.length(n);
    expect(d.most()).to.equal(SEARCHES_AT_ONCE);
    expect(d.started).to.deep.equal(Array.from({ length: n }, (_, i) => `q${i}`));
  });

  it('a failing statement gives its turn back', async () => {
    const d = heldDatabase();
    const search = pgPersonListJson(d.db, demand).searchPage;
    const failing = Array.from({ length: SEARCHES_AT_ONCE }, (_, i) => search(TREE, `q${i}fails`, 0.2, page).then(() => 'answered', () => 'failed'));
    const after = search(TREE, 'qafter', 0.2, page);
    await turns();
    expect(d.started).to.not.include('qafter');
    for (const h of d.held.splice(0)) h.release();
    expect(await Promise.all(failing)).to.deep.equal(Array.from({ length: SEARCHES_AT_ONCE }, () => 'failed'));
    await turns();
    expect(d.started).to.include('qafter');
    d.held.shift()!.release();
    await after;
    expect(d.running()).to.equal(0);
  });
});
