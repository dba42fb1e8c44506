import { expect } from 'chai';
import { NO_SOURCE_EXTRAS } from '../../core/sources/source-fields.js';
import { createImportBuilder, type Existing } from '../../core/gedcom/commands/import-build.js';
import { BATCH_KEPT_CHARS, createRowWriter } from '../../core/gedcom/commands/import-rows.js';
import { numberMap, numberSet } from '../../core/kernel/number-set.js';
import type { RecordBatch } from '../../core/gedcom/ports.js';
import type { PlanCitation, PlanPerson, PlanSource } from '../../core/gedcom/types.js';
import type { Source } from '../../core/sources/model.js';

// Turning mapped records into rows (the part of import that decides what is new and what is reused),
// with the tree's existing rows given directly: only its sources are ever non-empty here. Records go
// in file order, so the SOUR records come after the persons citing them, as most files have them.

const NOW = new Date('2026-03-04T05:06:07Z');
const TREE = 'tree';

/** Imports the persons, then the SOUR records, into a tree with these sources: the rows written and the counts. */
const build = async (treeSources: readonly Source[], sources: readonly PlanSource[], persons: readonly PlanPerson[]) => {
  const written: RecordBatch[] = [];
  const rows = createRowWriter({ bulk: { insertAll: async (b) => void written.push(b), verify: async () => undefined, settle: async () => undefined } });
  const existing: Existing = { sources: treeSources, repositories: [], places: [], edges: [], targetNames: [], targetEvents: [], targetPlaces: new Map(), targetPersons: [] };
  const builder = createImportBuilder({
    treeId: TREE, now: NOW, rows, existing, numberOf: () => 0,
    fileSources: new Map(sources.map((s) => [s.xref, { line: s.line, title: s.title, author: s.author, publication: s.publication }])), fileRepositories: [],
    targetOf: () => ({ action: 'new' }),
    who: (xref) => ({ id: `person-${xref}`, num: 0, index: 0 }),
  });
  persons.forEach((p, i) => builder.person(p, i));
  for (const s of sources) builder.source(s);
  await rows.flush();
  const batch = { sources: written.flatMap((b) => b.sources), citations: written.flatMap((b) => b.citations) };
  return { batch, counts: builder.result().counts };
};
const sour = (xref: string, title: string, notes = ''): PlanSource => ({ xref, line: 1, title, author: '', publication: '', notes, abbreviation: '', recordedEvents: [], agency: '', dataNotes: '', repositories: [] });
const citation = (sourceXref: string | null, inlineTitle: string | null = null): PlanCitation =>
  ({ sourceXref, inlineTitle, page: '', detail: '', confidence: null, line: 1 });
const citing = (...citations: PlanCitation[]): PlanPerson => ({
  xref: '@I1@', line: 1, sex: null, privacy: 'default', notes: '', events: [], citations, identifiers: [], associations: [], media: [],
  names: [{ nameType: 'birth', givenName: 'A', surname: 'B', prefix: '', suffix: '', surnamePrefix: '', isPrimary: true, notes: '', citations: [] }],
});
const existing = (id: string, title: string): Source =>
  ({ id, treeId: TREE, title, author: '', publication: '', notes: '', ...NO_SOURCE_EXTRAS, createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null });

describe('GEDCOM import rows: sources', () => {
  it('makes each SOUR record of the file its own source, even when two have the same title, author and publication', async () => {
    const built = await build([], [sour('@S1@', '1851 Census', 'Kent'), sour('@S2@', '1851 Census', 'Surrey')], [citing(citation('@S1@'), citation('@S2@'))]);
    expect(built.batch.sources.map((s) => s.notes)).to.deep.equal(['Kent', 'Surrey']);
    expect(built.counts.sources).to.deep.equal({ created: 2, reused: 0 });
    const [kent, surrey] = built.batch.sources;
    expect(built.batch.citations.map((c) => c.sourceId)).to.deep.equal([kent!.id, surrey!.id]);
  });

  it('reuses a source of the tree with the same title, author and publication once per SOUR record, and for any inline source', async () => {
    const built = await build([existing('s-old', '1851 Census')],
      [sour('@S1@', '1851 Census'), sour('@S2@', '1851 Census')], [citing(citation('@S1@'), citation('@S2@'), citation(null, '1851 Census'))]);
    expect(built.counts.sources).to.deep.equal({ created: 1, reused: 1 });
    const made = built.batch.sources[0]!.id;
    expect(built.batch.citations.map((c) => c.sourceId)).to.deep.equal(['s-old', made, 's-old']);
  });

  it('makes one source of equal inline sources (SOUR text) and reuses it', async () => {
    const built = await build([], [], [citing(citation(null, 'Family Bible'), citation(null, 'Family Bible'))]);
    expect(built.counts.sources).to.deep.equal({ created: 1, reused: 0 });
    expect(new Set(built.batch.citations.map((c) => c.sourceId)).size).to.equal(1);
  });
});

describe('GEDCOM import rows: the edge key set', () => {
  it('answers as a Set would for 200,000 random keys up to 2^52 and their neighbours, across growth', () => {
    let seed = 14;
    const rnd = (): number => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const mine = numberSet();
    const theirs = new Set<number>();
    for (let i = 0; i < 200_000; i++) {
      const a = Math.floor(rnd() * 2 ** 25);
      const b = Math.floor(rnd() * 2 ** 26);
      const key = a * 2 ** 26 + b;
      mine.add(key);
      theirs.add(key);
      if (i % 3 === 0) mine.add(key); // a second add changes nothing
    }
    expect(mine.size()).to.equal(theirs.size);
    for (const k of theirs) expect(mine.has(k)).to.equal(true);
    let absent = 0;
    for (const k of [...theirs].slice(0, 20_000)) for (const probe of [k + 1, k - 1, 0]) if (probe >= 0 && !theirs.has(probe)) {
      expect(mine.has(probe)).to.equal(false);
      absent += 1;
    }
    expect(absent).to.be.greaterThan(10_000);
  });

  it('the partnership map (key to id number) answers as a Map would for 100,000 random keys, across growth and overwrites', () => {
    let seed = 28;
    const rnd = (): number => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const mine = numberMap();
    const theirs = new Map<number, number>();
    for (let i = 0; i < 100_000; i++) {
      const key = Math.floor(rnd() * 2 ** 25) * 2 ** 26 + Math.floor(rnd() * 2 ** 26);
      mine.set(key, i);
      theirs.set(key, i);
      if (i % 5 === 0) {
        mine.set(key, i + 1); // a second set replaces the value
        theirs.set(key, i + 1);
      }
    }
    for (const [k, v] of theirs) expect(mine.get(k)).to.equal(v);
    for (const k of [...theirs.keys()].slice(0, 10_000)) if (!theirs.has(k + 1)) expect(mine.get(k + 1)).to.equal(undefined);
  });
});

describe('GEDCOM import rows: batches bounded by kept lines too (issue 28)', () => {
  it('writes what is held once it carries BATCH_KEPT_CHARS of kept lines, however few the rows', async () => {
    const written: RecordBatch[] = [];
    const rows = createRowWriter({ bulk: { insertAll: async (b) => void written.push(b), verify: async () => undefined, settle: async () => undefined } });
    const person = (id: string) => ({
      id, treeId: TREE, sex: null, isLiving: null, privacy: 'default' as const, notes: '', identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null,
      createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null,
    });
    rows.rows().persons.push(person('p1'));
    rows.keptChars(BATCH_KEPT_CHARS - 1);
    await rows.maybeFlush();
    expect(written).to.have.length(0);
    rows.rows().persons.push(person('p2'));
    rows.keptChars(1);
    await rows.maybeFlush();
    expect(written.map((b) => b.persons.map((p) => p.id)), 'two rows, but BATCH_KEPT_CHARS of kept lines: written').to.deep.equal([['p1', 'p2']]);
    rows.rows().persons.push(person('p3'));
    await rows.flush();
    expect(written.map((b) => b.persons.map((p) => p.id))).to.deep.equal([['p1', 'p2'], ['p3']]);
  });
});
