import { expect } from 'chai';
import { buildBatch } from '../../core/gedcom/commands/import-batch.js';
import type { ImportPlan, PlanCitation, PlanPerson, PlanSource } from '../../core/gedcom/types.js';
import type { Source } from '../../core/sources/model.js';

// Turning an import plan into rows (the part of import that decides what is new and what is reused),
// on stores made of object literals: only the tree's sources are ever non-empty here.

const NOW = new Date('2026-03-04T05:06:07Z');
const TREE = 'tree';

const storesWith = (sources: readonly Source[]) => {
  const none = async () => [];
  return {
    persons: { byIds: none }, names: { listByPersons: none }, events: { listByPersons: none },
    places: { listByTree: none, byIds: none }, relationships: { listByTree: none },
    sources: { listByTree: async () => sources },
  } as unknown as Parameters<typeof buildBatch>[0];
};

const plan = (sources: readonly PlanSource[], persons: readonly PlanPerson[] = []): ImportPlan =>
  ({ version: '5.5.1', persons, families: [], sources, unmapped: [], warnings: [], warningCount: 0 });
const sour = (xref: string, title: string, notes = ''): PlanSource => ({ xref, line: 1, title, author: '', publication: '', notes });
const citation = (sourceXref: string | null, inlineTitle: string | null = null): PlanCitation =>
  ({ sourceXref, inlineTitle, page: '', detail: '', confidence: null, line: 1 });
const citing = (...citations: PlanCitation[]): PlanPerson => ({
  xref: '@I1@', line: 1, sex: null, privacy: 'default', notes: '', events: [], citations,
  names: [{ nameType: 'birth', givenName: 'A', surname: 'B', isPrimary: true, citations: [] }],
});
const existing = (id: string, title: string): Source =>
  ({ id, treeId: TREE, title, author: '', publication: '', notes: '', createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null });

describe('GEDCOM import batch: sources', () => {
  it('makes each SOUR record of the file its own source, even when two have the same title, author and publication', async () => {
    const built = await buildBatch(storesWith([]), TREE, plan([sour('@S1@', '1851 Census', 'Kent'), sour('@S2@', '1851 Census', 'Surrey')],
      [citing(citation('@S1@'), citation('@S2@'))]), new Map(), NOW);
    expect(built.batch.sources.map((s) => s.notes)).to.deep.equal(['Kent', 'Surrey']);
    expect(built.counts.sources).to.deep.equal({ created: 2, reused: 0 });
    const [kent, surrey] = built.batch.sources;
    expect(built.batch.citations.map((c) => c.sourceId)).to.deep.equal([kent!.id, surrey!.id]);
  });

  it('reuses a source of the tree with the same title, author and publication once per SOUR record, and for any inline source', async () => {
    const built = await buildBatch(storesWith([existing('s-old', '1851 Census')]), TREE,
      plan([sour('@S1@', '1851 Census'), sour('@S2@', '1851 Census')], [citing(citation('@S1@'), citation('@S2@'), citation(null, '1851 Census'))]), new Map(), NOW);
    expect(built.counts.sources).to.deep.equal({ created: 1, reused: 1 });
    const made = built.batch.sources[0]!.id;
    expect(built.batch.citations.map((c) => c.sourceId)).to.deep.equal(['s-old', made, 's-old']);
  });

  it('makes one source of equal inline sources (SOUR text) and reuses it', async () => {
    const built = await buildBatch(storesWith([]), TREE, plan([], [citing(citation(null, 'Family Bible'), citation(null, 'Family Bible'))]), new Map(), NOW);
    expect(built.counts.sources).to.deep.equal({ created: 1, reused: 0 });
    expect(new Set(built.batch.citations.map((c) => c.sourceId)).size).to.equal(1);
  });
});
