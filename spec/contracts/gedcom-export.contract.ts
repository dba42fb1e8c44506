import { expect } from 'chai';
import type { ExportChunk, PersonChunk } from '../../core/gedcom/export-reads.js';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import type { Relationship } from '../../core/people/model.js';
import { aCitation, aName, anEvent, aPerson, aRelationship, aSource, givenTree, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

const all = async (s: Storage, treeId: Id, size: number): Promise<ExportChunk[]> => {
  const out: ExportChunk[] = [];
  for await (const c of s.gedcomExport.chunks(treeId, size)) out.push(c);
  return out;
};
const personChunks = (chunks: readonly ExportChunk[]): PersonChunk[] => chunks.flatMap((c) => (c.kind === 'persons' ? [c] : []));
const gone = { deletedAt: new Date('2025-04-01T00:00:00.000Z'), deletionId: '01900000-0000-7000-8000-000000000000' };

export const gedcomExportContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`GedcomExportReads contract (${name})`, () => {
    const storage = withStorage(make);

    /** Persons p[0..5] in id order (p[2] deleted), a couple p[5]+p[0] with child p[3], an association p[1] -> p[4]. */
    const given = async () => {
      const s = storage();
      const t = await givenTree(s);
      const other = await givenTree(s);
      const p = sortedIds(6).map((id, i) => aPerson(t.id, { id, identifiers: [], sex: i === 5 ? 'female' : 'male', ...(i === 2 ? gone : {}) }));
      for (const x of p) await s.persons.insert(x);
      await s.persons.insert(aPerson(other.id, { identifiers: [] }));
      const names = p.map((x, i) => aName(x, { givenName: `P${i}`, notes: '' }));
      for (const n of names) await s.names.insert(n);
      const edge = (type: Relationship['type'], a: number, b: number, over: Partial<Relationship> = {}) => aRelationship(t.id, type, p[a]!.id, p[b]!.id, { role: null, ...over });
      const couple = edge('partnership', 5, 0);
      const edges = [couple, edge('parent_child', 5, 3), edge('parent_child', 0, 3), edge('parent_child', 2, 3), edge('association', 1, 4, { qualifier: null, role: 'Witness' })];
      for (const r of edges) await s.relationships.insert(r);
      const place = await s.places.ensure(t.id, 'Leeds', p[0]!.id);
      const marriage = anEvent(t.id, { partnershipId: couple.id }, { type: 'marriage', placeId: place.id, temple: null, ordinanceStatus: null });
      const birth = anEvent(t.id, { personId: p[3]!.id }, { temple: null, ordinanceStatus: null });
      for (const e of [marriage, birth]) await s.events.insert(e);
      const sources = [aSource(t.id), aSource(t.id), aSource(t.id, gone)];
      for (const x of sources) await s.sources.insert(x);
      const cites = [
        aCitation(t.id, sources[1]!.id, { kind: 'event', id: marriage.id }), aCitation(t.id, sources[0]!.id, { kind: 'name', id: names[3]!.id }),
        aCitation(t.id, sources[0]!.id, { kind: 'relationship', id: edges[4]!.id }), aCitation(t.id, sources[2]!.id, { kind: 'person', id: p[1]!.id }),
      ];
      for (const c of cites) await s.citations.insert(c);
      return { t, p, edges, couple, marriage, birth, sources, cites, place };
    };

    it('answers every live person once in id order, numbered from 1, then every live source', async () => {
      const g = await given();
      const chunks = await all(storage(), g.t.id, 2);
      const persons = personChunks(chunks);
      expect(persons.map((c) => [c.first, c.persons.map((x) => x.id)])).to.deep.equal([
        [1, [g.p[0]!.id, g.p[1]!.id]], [3, [g.p[3]!.id, g.p[4]!.id]], [5, [g.p[5]!.id]],
      ]);
      expect(persons[0]!.persons[0]).to.deep.equal(g.p[0]);
      const sources = chunks.filter((c) => c.kind === 'sources');
      expect(chunks.indexOf(sources[0]!)).to.equal(3);
      expect(sources.flatMap((c) => (c.kind === 'sources' ? c.sources.map((x) => x.id) : []))).to.deep.equal([g.sources[0]!.id, g.sources[1]!.id]);
    });

    it('gives a chunk the edges around its persons with numbers and sexes, never associations as edges', async () => {
      const g = await given();
      const [first] = personChunks(await all(storage(), g.t.id, 2));
      // p[0]'s partnership (owned by p[5]'s chunk) and p[3]'s parent edges (p[3] is p[0]'s child); not the deleted parent's.
      expect(first!.relationships.map((r) => r.id).sort()).to.deep.equal([g.edges[0]!.id, g.edges[1]!.id, g.edges[2]!.id].sort());
      expect(first!.relationships[0]).to.deep.equal([...g.edges].sort((a, b) => (a.id < b.id ? -1 : 1)).find((r) => r.id === first!.relationships[0]!.id));
      expect(first!.associations).to.deep.equal([g.edges[4]]);
      expect(first!.people.get(g.p[5]!.id)).to.deep.equal({ n: 5, sex: 'female' });
      expect(first!.people.get(g.p[4]!.id)).to.deep.equal({ n: 4, sex: 'male' });
      expect(first!.partnerships.get(g.couple.id)).to.equal(1);
      expect(first!.people.has(g.p[2]!.id)).to.equal(false);
    });

    it('gives names, events with place names, and citations with source numbers to the chunk that writes them', async () => {
      const g = await given();
      const chunks = personChunks(await all(storage(), g.t.id, 2));
      const [first, second, third] = chunks;
      expect(first!.events).to.deep.equal([]);
      expect(second!.events).to.deep.equal([{ ...g.birth, place: null }]);
      expect(third!.events).to.deep.equal([{ ...g.marriage, place: 'Leeds' }]); // the partnership's person_a is p[5]
      expect(second!.names.map((n) => n.givenName)).to.deep.equal(['P3', 'P4']);
      expect(first!.citations).to.deep.equal([g.cites[2]]); // the association's; the deleted source's is left out
      expect(first!.sources.get(g.sources[0]!.id)).to.equal(1);
      expect(second!.citations).to.deep.equal([g.cites[1]]);
      expect(third!.citations).to.deep.equal([g.cites[0]]);
      expect(third!.sources.get(g.sources[1]!.id)).to.equal(2);
    });

    it('reads an unknown or empty tree as no chunks, and may be left early', async () => {
      const g = await given();
      expect(await all(storage(), '01900000-0000-7000-8000-00000000dead', 10)).to.deep.equal([]);
      for await (const c of storage().gedcomExport.chunks(g.t.id, 1)) {
        expect(c.kind).to.equal('persons');
        break;
      }
      expect(personChunks(await all(storage(), g.t.id, 100))).to.have.length(1);
    });

    it('leaves out the edges of a deleted person inside a chunk', async () => {
      const g = await given();
      const [one] = personChunks(await all(storage(), g.t.id, 100));
      expect(one!.persons).to.have.length(5);
      expect(one!.relationships.map((r) => r.id).sort()).to.deep.equal([g.edges[0]!.id, g.edges[1]!.id, g.edges[2]!.id].sort());
      expect(one!.associations.map((r) => r.id)).to.deep.equal([g.edges[4]!.id]);
      expect(one!.people.has(g.p[2]!.id)).to.equal(false);
    });
  });
