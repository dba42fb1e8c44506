import { expect } from 'chai';
import type { ExportChunk, ExportCitation, ExportEvent, ExportIndividual, PersonChunk } from '../../core/gedcom/export-reads.js';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import type { Relationship } from '../../core/people/model.js';
import { aCitation, aName, anEvent, aPerson, aRelationship, aRepository, aSource, givenTree, sortedIds, withStorage, type MakeStorage } from './fixtures.js';

/** A chunk read to its end: its individuals iterated (which completes its partnerships' records). */
type ReadChunk = { readonly chunk: PersonChunk; readonly individuals: readonly ExportIndividual[] };

const all = async (s: Storage, treeId: Id, size: number): Promise<(ReadChunk | ExportChunk)[]> => {
  const out: (ReadChunk | ExportChunk)[] = [];
  for await (const c of s.gedcomExport.chunks(treeId, size)) out.push(c.kind === 'persons' ? { chunk: c, individuals: [...c.individuals] } : c);
  return out;
};
const personChunks = (chunks: readonly (ReadChunk | ExportChunk)[]): ReadChunk[] => chunks.flatMap((c) => ('chunk' in c ? [c] : []));
const gone = { deletedAt: new Date('2025-04-01T00:00:00.000Z'), deletionId: '01900000-0000-7000-8000-000000000000' };
/** What the export writes of an event and of a citation (a store may answer more of the record). */
const event = (e: ExportEvent) => ({ id: e.id, type: e.type, customType: e.customType, date: e.date, place: e.place, notes: e.notes, detail: e.detail });
const cited = (c: ExportChunk & { kind: 'persons' }, x: ExportCitation) => ({ target: x.target, page: x.page, detail: x.detail, confidence: x.confidence, source: c.sources.get(x.sourceId) });

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
      expect(persons.map((c) => [c.chunk.first, c.chunk.count, c.individuals.map((x) => x.person.id)])).to.deep.equal([
        [1, 2, [g.p[0]!.id, g.p[1]!.id]], [3, 2, [g.p[3]!.id, g.p[4]!.id]], [5, 1, [g.p[5]!.id]],
      ]);
      const p0 = g.p[0]!;
      expect(persons[0]!.individuals[0]!.person).to.deep.include({ id: p0.id, sex: p0.sex, privacy: p0.privacy, notes: p0.notes, identifiers: p0.identifiers });
      const sources = chunks.filter((c) => !('chunk' in c) && c.kind === 'sources');
      expect(chunks.indexOf(sources[0]!)).to.equal(3);
      expect(sources.flatMap((c) => (!('chunk' in c) && c.kind === 'sources' ? c.sources.map((x) => x.id) : []))).to.deep.equal([g.sources[0]!.id, g.sources[1]!.id]);
    });

    it('gives a chunk the edges around its persons with their numbers and sexes, never associations as edges', async () => {
      const g = await given();
      const [{ chunk: first, individuals }] = personChunks(await all(storage(), g.t.id, 2)) as [ReadChunk];
      // p[0]'s partnership (owned by p[5]'s chunk) and p[3]'s parent edges (p[3] is p[0]'s child); not the deleted parent's.
      expect(first.relationships.map((r) => r.id).sort()).to.deep.equal([g.edges[0]!.id, g.edges[1]!.id, g.edges[2]!.id].sort());
      // Ends are the persons' numbers (PersonKeys): p[5] is 5, p[0] is 1, p[3] is 3.
      const byId = new Map(first.relationships.map((r) => [r.id, r]));
      expect(byId.get(g.couple.id)).to.deep.include({ type: 'partnership', personAId: '5', personBId: '1' });
      expect(byId.get(g.edges[1]!.id)).to.deep.include({ type: 'parent_child', personAId: '5', personBId: '3', qualifier: 'biological' });
      expect(individuals[1]!.associations.map((r) => ({ id: r.id, personAId: r.personAId, personBId: r.personBId, role: r.role }))).to.deep.equal([
        { id: g.edges[4]!.id, personAId: '2', personBId: '4', role: 'Witness' },
      ]);
      expect(first.people.get('5')).to.equal('female');
      expect(first.people.get('4')).to.equal('male');
      expect(first.partnerships.get(g.couple.id)).to.equal(1);
      expect([...first.people.keys()].every((k) => /^\d+$/.test(k))).to.equal(true);
    });

    it('gives names, events with place names, and citations with source numbers to the record that writes them', async () => {
      const g = await given();
      const chunks = personChunks(await all(storage(), g.t.id, 2));
      const [first, second, third] = chunks as [ReadChunk, ReadChunk, ReadChunk];
      expect(first.individuals.flatMap((i) => i.events)).to.deep.equal([]);
      expect(second.individuals[0]!.events.map(event)).to.deep.equal([{ ...event({ ...g.birth, place: null }) }]);
      // The partnership's person_a is p[5]: its FAM (events, citations) is the third chunk's.
      expect(third.chunk.partnershipRecords.get(g.couple.id)!.events.map(event)).to.deep.equal([event({ ...g.marriage, place: 'Leeds' })]);
      expect(first.chunk.partnershipRecords.size).to.equal(0);
      expect(second.individuals.map((i) => i.names.map((n) => n.givenName))).to.deep.equal([['P3'], ['P4']]);
      // The association's citation goes to its holder; the deleted source's citation is left out.
      const c = (x: ReadChunk) => x.chunk;
      expect(first.individuals[1]!.citations.map((x) => cited(c(first), x))).to.deep.equal([
        { target: g.cites[2]!.target, page: g.cites[2]!.page, detail: g.cites[2]!.detail, confidence: g.cites[2]!.confidence, source: 1 },
      ]);
      expect(first.individuals[0]!.citations).to.deep.equal([]);
      expect(second.individuals[0]!.citations.map((x) => cited(c(second), x))).to.deep.equal([
        { target: g.cites[1]!.target, page: g.cites[1]!.page, detail: g.cites[1]!.detail, confidence: g.cites[1]!.confidence, source: 1 },
      ]);
      expect(third.chunk.partnershipRecords.get(g.couple.id)!.citations.map((x) => cited(c(third), x))).to.deep.equal([
        { target: g.cites[0]!.target, page: g.cites[0]!.page, detail: g.cites[0]!.detail, confidence: g.cites[0]!.confidence, source: 2 },
      ]);
    });

    it('after the sources, every live repository once in id order, numbered from 1; a source links live ones by those numbers (issue 28)', async () => {
      const s = storage();
      const t = await givenTree(s);
      const [r1, r2, r3, r4] = sortedIds(4);
      const repositories = [
        aRepository(t.id, { id: r1!, name: 'A', address: 'Line 1\nLine 2', notes: 'n' }), aRepository(t.id, { id: r2!, name: 'B', ...gone }),
        aRepository(t.id, { id: r3!, name: 'C' }), aRepository(t.id, { id: r4!, name: 'D' }),
      ];
      for (const r of repositories) await s.repositories.insert(r);
      const linked = aSource(t.id, {
        abbreviation: 'Ab', agency: 'Ag', dataNotes: 'DN', recordedEvents: [{ events: 'BIRT', date: 'FROM 1800 TO 1850', place: 'Leeds' }],
        repositories: [{ repositoryId: r4!, callNumber: 'c4' }, { repositoryId: r2!, callNumber: 'gone' }, { repositoryId: r1!, callNumber: '' }],
      });
      const plain = aSource(t.id);
      for (const x of [linked, plain]) await s.sources.insert(x);
      const chunks = await all(s, t.id, 2);
      expect(chunks.map((c) => ('chunk' in c ? 'persons' : c.kind))).to.deep.equal(['sources', 'repositories', 'repositories']);
      const written = chunks.flatMap((c) => (!('chunk' in c) && c.kind === 'sources' ? c.sources : []));
      const first = written.find((x) => x.id === linked.id)!;
      expect(first).to.deep.include({ abbreviation: 'Ab', agency: 'Ag', dataNotes: 'DN', recordedEvents: [{ events: 'BIRT', date: 'FROM 1800 TO 1850', place: 'Leeds' }] });
      // r1 is 1, r3 is 2, r4 is 3: the deleted r2 is not numbered, and its link is left out.
      expect(first.repositoryLinks).to.deep.equal([{ repository: 3, callNumber: 'c4' }, { repository: 1, callNumber: '' }]);
      expect(written.find((x) => x.id === plain.id)!.repositoryLinks ?? []).to.deep.equal([]);
      const repos = chunks.flatMap((c) => (!('chunk' in c) && c.kind === 'repositories' ? [[c.first, c.repositories.map((r) => [r.id, r.name, r.address, r.notes])]] : []));
      expect(repos).to.deep.equal([[1, [[r1, 'A', 'Line 1\nLine 2', 'n'], [r3, 'C', '', '']]], [3, [[r4, 'D', '', '']]]]);
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

    it('reads text outside ASCII and text holding COPY\'s escapes back exactly, in every chunk\'s names, events, notes and citations', async () => {
      const s = storage();
      const t = await givenTree(s);
      // Latin-1 (é), beyond it (Ł, 中), a surrogate pair (😀), and what COPY's text format escapes: backslash, tab, newline, carriage return.
      const odd = (k: string) => `é${k} Łódź 中文 😀 a\\b\tc\nd\re \\N`;
      const [a, b] = sortedIds(2).map((id) => aPerson(t.id, { id, identifiers: [], notes: odd('note') }));
      for (const x of [a!, b!]) await s.persons.insert(x);
      const names = [aName(a!, { givenName: odd('given'), surname: 'Ñúñez', notes: odd('name') }), aName(b!, { givenName: 'Zoë', surname: odd('sur') })];
      for (const n of names) await s.names.insert(n);
      const place = await s.places.ensure(t.id, odd('place'), a!.id);
      const birth = anEvent(t.id, { personId: b!.id }, { placeId: place.id, notes: odd('event'), detail: 'ß', temple: null, ordinanceStatus: null });
      await s.events.insert(birth);
      const source = aSource(t.id);
      await s.sources.insert(source);
      const cite = aCitation(t.id, source.id, { kind: 'person', id: a!.id }, { page: odd('page'), detail: odd('detail') });
      await s.citations.insert(cite);
      const [one, two] = personChunks(await all(s, t.id, 1)) as [ReadChunk, ReadChunk];
      expect(one.individuals[0]!.person.notes).to.equal(odd('note'));
      expect(one.individuals[0]!.names.map((n) => [n.givenName, n.surname, n.notes])).to.deep.equal([[odd('given'), 'Ñúñez', odd('name')]]);
      expect(one.individuals[0]!.citations.map((x) => [x.page, x.detail])).to.deep.equal([[odd('page'), odd('detail')]]);
      expect(two.individuals[0]!.names.map((n) => [n.givenName, n.surname])).to.deep.equal([['Zoë', odd('sur')]]);
      expect(two.individuals[0]!.events.map((e) => [e.place, e.notes, e.detail])).to.deep.equal([[odd('place'), odd('event'), 'ß']]);
    });

    it('leaves out the edges of a deleted person inside a chunk', async () => {
      const g = await given();
      const [{ chunk: one, individuals }] = personChunks(await all(storage(), g.t.id, 100)) as [ReadChunk];
      expect(individuals).to.have.length(5);
      expect(one.count).to.equal(5);
      expect(one.relationships.map((r) => r.id).sort()).to.deep.equal([g.edges[0]!.id, g.edges[1]!.id, g.edges[2]!.id].sort());
      expect(individuals.flatMap((i) => i.associations.map((r) => r.id))).to.deep.equal([g.edges[4]!.id]);
      // The deleted p[2] has no number: no edge names it.
      expect(one.relationships.every((r) => r.personAId !== '' && r.personBId !== '')).to.equal(true);
    });
  });
