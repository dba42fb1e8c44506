import { expect } from 'chai';
import { NO_SOURCE_EXTRAS } from '../../core/sources/source-fields.js';
import { deriveFamilies } from '../../core/gedcom/families.js';
import { readPlan } from '../../core/gedcom/read-plan.js';
import { CUSTOM_EVENT_TAGS, CUSTOM_FAMILY_TAGS, type ImportPlan } from '../../core/gedcom/types.js';
import {
  writeFamily, writeHeader, writeIndividual, writeSource, writeTrailer, type WriterOptions, type Xrefs,
} from '../../core/gedcom/writer.js';
import {
  eventTypes, nameTypes, parentChildQualifiers, type EventType, type Name, type NameType, type ParentChildQualifier, type Person, type Relationship, type LifeEvent,
} from '../../core/people/model.js';
import type { Citation, Source } from '../../core/sources/model.js';

/** A stored event with its place's name: the writer takes it as an ExportEvent (it reads a subset of its fields). */
type ExportEvent = LifeEvent & { readonly place: string | null };

// Export, then import with the real reader and mapping: the counts the SPEC round trip keeps (persons,
// names by type, events by type and custom type, relationships by type and qualifier, sources and
// citations) come back equal, with no reader diagnostic and no mapping warning. The export side is
// assembled here as the export handler does it: families from deriveFamilies, citations of a
// parent-child edge on the child.

const NOW = new Date('2026-03-04T05:06:07Z');
const base = { treeId: 'tree', createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null };
let seq = 0;
const id = (): string => `00000000-0000-7000-8000-${(++seq).toString(16).padStart(12, '0')}`;

type Tree = {
  persons: Person[];
  names: Name[];
  events: ExportEvent[];
  relationships: Relationship[];
  sources: Source[];
  citations: Citation[];
};

const INDIVIDUAL_TYPES = eventTypes.filter((t): t is Exclude<EventType, 'custom'> => t !== 'custom' && !['marriage', 'divorce', 'engagement'].includes(t));

/** Six people: a couple with children of every qualifier, every name type, event type and custom event, citations on every target. */
const buildTree = (): Tree => {
  const t: Tree = { persons: [], names: [], events: [], relationships: [], sources: [], citations: [] };
  const person = (sex: Person['sex'], notes = ''): Person => {
    const p: Person = { ...base, id: id(), sex, isLiving: false, privacy: 'default', notes, identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null };
    t.persons.push(p);
    return p;
  };
  const name = (p: Person, nameType: NameType, given: string, surname: string, isPrimary = false): Name => {
    const n: Name = { ...base, id: id(), personId: p.id, nameType, givenName: given, surname, prefix: '', suffix: '', surnamePrefix: '', isPrimary, notes: '' };
    t.names.push(n);
    return n;
  };
  const event = (type: EventType, on: { personId?: string; partnershipId?: string }, over: Partial<ExportEvent> = {}): ExportEvent => {
    const e: ExportEvent = {
      ...base, id: id(), type, customType: null, personId: on.personId ?? null, partnershipId: on.partnershipId ?? null,
      date: { qualifier: 'about', year: 1900 }, placeId: null, place: 'Dover, Kent', notes: '', detail: '', cause: '', temple: null, ordinanceStatus: null, ...over,
    };
    t.events.push(e);
    return e;
  };
  const edge = (type: Relationship['type'], a: Person, b: Person, qualifier: ParentChildQualifier | null = null): Relationship => {
    const r: Relationship = { ...base, id: id(), type, personAId: a.id, personBId: b.id, qualifier, role: null, notes: type === 'partnership' ? 'Married long' : '' };
    t.relationships.push(r);
    return r;
  };
  const source = (title: string): Source => {
    const s: Source = { ...base, id: id(), title, author: 'A. Clerk', publication: '', notes: '', ...NO_SOURCE_EXTRAS };
    t.sources.push(s);
    return s;
  };
  const cite = (s: Source, kind: Citation['target']['kind'], target: string, page: string): void => {
    t.citations.push({ ...base, id: id(), sourceId: s.id, target: { kind, id: target }, page, detail: `About ${page}`, entryDate: '', notes: '', confidence: 2 });
  };

  const s1 = source('Parish register');
  const s2 = source('Census 1901');
  const [dad, mum, kid, adopted, step, donorKid] = [person('male', 'Farmer'), person('female'), person('male'), person('female'), person('male'), person('female')];
  name(dad!, 'birth', 'John', 'Smith', true);
  name(mum!, 'maiden', 'Mary', 'Jones', true);
  name(kid!, 'birth', 'Tom', 'Smith', true);
  name(adopted!, 'birth', 'Ann', '', true);
  name(step!, 'birth', 'Sam', 'Lee', true);
  name(donorKid!, 'birth', 'Eve', 'Smith', true);
  for (const nt of nameTypes.filter((x) => x !== 'birth')) cite(s1, 'name', name(dad!, nt, nt === 'nickname' ? 'Jack' : 'John', nt === 'nickname' ? '' : 'Smith').id, `name ${nt}`);

  for (const type of INDIVIDUAL_TYPES) cite(s2, 'event', event(type, { personId: dad!.id }, { detail: type === 'occupation' ? 'Farmer' : '' }).id, type);
  const personTags = Object.entries(CUSTOM_EVENT_TAGS).filter(([tag]) => !CUSTOM_FAMILY_TAGS.includes(tag));
  for (const [, meaning] of personTags) event('custom', { personId: kid!.id }, { customType: meaning, detail: 'x' });
  event('custom', { personId: kid!.id }, { customType: 'Knighted', detail: 'KBE' });
  event('custom', { personId: kid!.id }, { customType: 'Annulment' });
  cite(s1, 'person', kid!.id, 'person');

  const couple = edge('partnership', mum!, dad!);
  cite(s1, 'relationship', couple.id, 'couple');
  for (const type of ['marriage', 'divorce', 'engagement'] as const) cite(s2, 'event', event(type, { partnershipId: couple.id }).id, type);
  for (const tag of CUSTOM_FAMILY_TAGS) event('custom', { partnershipId: couple.id }, { customType: CUSTOM_EVENT_TAGS[tag]! });
  event('custom', { partnershipId: couple.id }, { customType: 'Blessing of rings' });
  event('residence', { partnershipId: couple.id });

  edge('parent_child', dad!, kid!, 'biological');
  cite(s2, 'relationship', edge('parent_child', mum!, kid!, 'biological').id, 'mother of Tom');
  edge('parent_child', dad!, adopted!, 'adoptive');
  edge('parent_child', mum!, adopted!, 'adoptive');
  edge('parent_child', dad!, step!, 'step');
  edge('parent_child', mum!, step!, 'foster');
  edge('parent_child', mum!, donorKid!, 'donor');
  edge('parent_child', dad!, donorKid!, 'guardian');
  return t;
};

/** The whole file, assembled the way the export handler does. */
const exportTree = (t: Tree, o: WriterOptions): string => {
  const sexOf = new Map(t.persons.map((p) => [p.id, p.sex]));
  const families = deriveFamilies(t.relationships, (pid) => sexOf.get(pid) ?? null);
  const personX = new Map(t.persons.map((p, i) => [p.id, `@I${i + 1}@`]));
  const familyX = new Map(families.map((f, i) => [f.key, `@F${i + 1}@`]));
  const sourceX = new Map(t.sources.map((s, i) => [s.id, `@S${i + 1}@`]));
  const x: Xrefs = { person: (pid) => personX.get(pid)!, family: (key) => familyX.get(key)!, source: (sid) => sourceX.get(sid)! };
  const childEdges = new Map<string, string>(t.relationships.filter((r) => r.type === 'parent_child').map((r) => [r.id, r.personBId]));

  let out = writeHeader(o);
  for (const p of t.persons) {
    const names = t.names.filter((n) => n.personId === p.id).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
    const events = t.events.filter((e) => e.personId === p.id);
    const targets = new Set([p.id, ...names.map((n) => n.id), ...events.map((e) => e.id)]);
    const citations = t.citations.filter((c) => targets.has(c.target.id) || childEdges.get(c.target.id) === p.id);
    const famc = families.flatMap((f) => f.children.filter((c) => c.id === p.id).map((c) => ({ familyKey: f.key, qualifier: c.qualifier })));
    const fams = families.filter((f) => f.partners.includes(p.id)).map((f) => f.key);
    out += writeIndividual(o, x, { person: p, names, events, citations, famc, fams });
  }
  for (const f of families) {
    const events = f.partnership === null ? [] : t.events.filter((e) => e.partnershipId === f.partnership!.id);
    const targets = new Set([f.partnership?.id, ...events.map((e) => e.id)]);
    out += writeFamily(o, x, { family: f, events, citations: t.citations.filter((c) => targets.has(c.target.id)), notes: f.partnership?.notes ?? '' });
  }
  for (const s of t.sources) out += writeSource(o, x, s);
  return out + writeTrailer();
};

const tally = (keys: string[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const k of keys.sort()) out[k] = (out[k] ?? 0) + 1;
  return out;
};

const eventKey = (e: { type: EventType; customType: string | null }): string => (e.type === 'custom' ? `custom:${e.customType}` : e.type);

/** The counts the round trip keeps, from the service's side... */
const countsOfTree = (t: Tree) => ({
  persons: t.persons.length,
  names: tally(t.names.map((n) => n.nameType)),
  events: tally(t.events.map(eventKey)),
  relationships: tally(t.relationships.map((r) => `${r.type}:${r.qualifier ?? ''}`)),
  sources: t.sources.length,
  citations: t.citations.length,
});

/** ...and from the import plan's side. */
const countsOfPlan = (plan: ImportPlan) => ({
  persons: plan.persons.length,
  names: tally(plan.persons.flatMap((p) => p.names.map((n) => n.nameType))),
  events: tally([...plan.persons.flatMap((p) => p.events), ...plan.families.flatMap((f) => f.events)].map(eventKey)),
  relationships: tally(plan.families.flatMap((f) => [
    ...(f.partners.length === 2 ? ['partnership:'] : []),
    ...f.children.flatMap((c) => c.qualifiers.map((q) => `parent_child:${q}`)),
  ])),
  sources: plan.sources.length,
  citations: [
    ...plan.persons.flatMap((p) => [...p.citations, ...p.names.flatMap((n) => n.citations), ...p.events.flatMap((e) => e.citations)]),
    ...plan.families.flatMap((f) => [...f.citations, ...f.events.flatMap((e) => e.citations)]),
  ].length,
});

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += 4096) yield bytes.subarray(i, i + 4096);
}

describe('GEDCOM export -> import round trip', () => {
  for (const version of ['5.5.1', '7.0'] as const) {
    it(`${version}: keeps persons, names by type, events by type, relationships by qualifier, sources and citations`, async () => {
      const tree = buildTree();
      const o: WriterOptions = { version, treeName: 'Smith family', exportedAt: NOW, product: { name: 'Genealogy Service', version: '0.1.0' } };
      const result = await readPlan(bytesOf(exportTree(tree, o)));
      if (result._tag !== 'Right') expect.fail(JSON.stringify(result.left));
      const { plan, diagnostics } = result.right;
      expect(diagnostics).to.deep.equal([]);
      expect(plan.warnings).to.deep.equal([]);
      // 5.5.1 requires a SUBM record (HEAD.SUBM points to it); the mapping reports SUBM records as unmapped.
      expect(plan.unmapped.filter((u) => u.tag !== 'SUBM')).to.deep.equal([]);
      expect(plan.version).to.equal(version);
      expect(countsOfPlan(plan)).to.deep.equal(countsOfTree(tree));
      // Every qualifier and name type really took part.
      expect(Object.keys(countsOfTree(tree).relationships)).to.have.length(parentChildQualifiers.length + 1);
      expect(Object.keys(countsOfTree(tree).names)).to.have.length(nameTypes.length);
    });

    it(`${version}: keeps details, notes, places, dates and citation fields`, async () => {
      const tree = buildTree();
      const o: WriterOptions = { version, treeName: 'T', exportedAt: NOW, product: { name: 'G', version: '1' } };
      const result = await readPlan(bytesOf(exportTree(tree, o)));
      if (result._tag !== 'Right') expect.fail('not read');
      const { plan } = result.right;
      const dad = plan.persons[0]!;
      expect(dad.notes).to.equal('Farmer');
      expect(dad.events.find((e) => e.type === 'occupation')?.detail).to.equal('Farmer');
      expect(dad.events.every((e) => e.place === 'Dover, Kent' && e.date?.qualifier === 'about' && e.date.year === 1900)).to.equal(true);
      const kid = plan.persons[2]!;
      expect(kid.events.find((e) => e.customType === 'Knighted')?.detail).to.equal('KBE');
      expect(kid.events.filter((e) => e.customType !== 'Knighted' && e.customType !== 'Annulment').every((e) => e.detail === 'x')).to.equal(true);
      expect(kid.citations.map((c) => [c.page, c.detail, c.confidence]).sort()).to.deep.equal([['mother of Tom', 'About mother of Tom', 2], ['person', 'About person', 2]]);
      const couple = plan.families.find((f) => f.partners.length === 2)!;
      expect(couple.notes).to.equal('Married long');
      expect(couple.citations.map((c) => c.page)).to.deep.equal(['couple']);
    });
  }
});
