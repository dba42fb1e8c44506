import type { Id } from '../kernel/ids.js';
import type { Name, ParentChildQualifier, Relationship } from '../people/model.js';
import type { Citation } from '../sources/model.js';
import type { PersonChunk } from './export-reads.js';
import { deriveFamilies, type DerivedFamily } from './families.js';
import { FAMILY_EVENT_TYPES } from './types.js';
import { eventTag } from './writer-events.js';
import { writeFamily, writeIndividual, type ExportEvent, type WriterOptions, type Xrefs } from './writer.js';

// The INDI and FAM records of one chunk of persons, from the chunk alone. A child's families depend
// only on its own parent edges and the partnerships between its parents, which the chunk holds for
// its persons and their children, so the families derived from the chunk are, for those persons,
// the families of the whole tree, under the same keys. Each family is written by one chunk: a
// partnership's by the chunk of its person_a, a single-parent family by its parent's.
//
// Cross-references are numbers the read port gives (see export-reads.ts), so any chunk can name any
// record: `@I<n>@` a person, `@F<n>@` the family of partnership n, `@P<n>@` (and `@P<n>_<k>@`) the
// single-parent families of person n, `@S<n>@` a source.

const VOID = '@VOID@';

export const sourceXref = (n: number): string => `@S${n}@`;

/** The xref of a family key of deriveFamilies: `P:<partnership>`, `S:<parent>` or `S:<parent>:<k>`. */
const familyXref = (c: PersonChunk, key: string): string => {
  const rest = key.slice(2);
  if (key.startsWith('P:')) {
    const n = c.partnerships.get(rest);
    return n === undefined ? VOID : `@F${n}@`;
  }
  const cut = rest.indexOf(':');
  const n = c.people.get(cut < 0 ? rest : rest.slice(0, cut))?.n;
  if (n === undefined) return VOID;
  return cut < 0 ? `@P${n}@` : `@P${n}_${rest.slice(cut + 1)}@`;
};

export const chunkXrefs = (c: PersonChunk): Xrefs => ({
  person: (id) => {
    const p = c.people.get(id);
    return p === undefined ? VOID : `@I${p.n}@`;
  },
  family: (key) => familyXref(c, key),
  source: (id) => {
    const n = c.sources.get(id);
    return n === undefined ? VOID : sourceXref(n);
  },
});

const push = <K, T>(map: Map<K, T[]>, key: K, value: T): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

/** Events GEDCOM keeps on a FAM: a person's own ones go into a FAM whose only partner is the person. */
const onFamily = (e: ExportEvent): boolean => FAMILY_EVENT_TYPES.includes(e.type) || (e.type === 'custom' && eventTag(e, true) !== 'EVEN');

/** The chunk's INDI records (in id order), then the FAM records it owns, as one string. */
export const chunkRecords = (o: WriterOptions, c: PersonChunk): string => {
  const x = chunkXrefs(c);
  const last = c.first + c.persons.length;
  const inChunk = (id: Id): boolean => {
    const n = c.people.get(id)?.n;
    return n !== undefined && n >= c.first && n < last;
  };
  const families = deriveFamilies(c.relationships, (id) => c.people.get(id)?.sex ?? null);

  const namesOf = new Map<Id, Name[]>();
  const nameOwner = new Map<Id, Id>();
  for (const n of c.names) {
    push(namesOf, n.personId, n);
    nameOwner.set(n.id, n.personId);
  }
  const eventsOf = new Map<Id, ExportEvent[]>();
  const eventOwner = new Map<Id, Id>();
  for (const e of c.events) {
    const owner = e.personId ?? e.partnershipId!;
    push(eventsOf, owner, e);
    eventOwner.set(e.id, owner);
  }
  const edgeOwner = new Map<Id, Id>();
  for (const r of c.relationships) if (r.type === 'parent_child' && inChunk(r.personBId)) edgeOwner.set(r.id, r.personBId);
  const associationsOf = new Map<Id, Relationship[]>();
  for (const r of c.associations) {
    push(associationsOf, r.personAId, r);
    edgeOwner.set(r.id, r.personAId);
  }
  // Each citation goes to the record that writes it: a person (its own, its names', its events', its
  // associations', a parent_child edge's child) or a partnership (its own and its events').
  const citationsOf = new Map<Id, Citation[]>();
  for (const ci of c.citations) {
    const t = ci.target;
    const owner = t.kind === 'person' ? t.id : t.kind === 'name' ? nameOwner.get(t.id) : t.kind === 'event' ? eventOwner.get(t.id) : (edgeOwner.get(t.id) ?? t.id);
    if (owner !== undefined) push(citationsOf, owner, ci);
  }

  const famc = new Map<Id, { familyKey: string; qualifier: ParentChildQualifier }[]>();
  const fams = new Map<Id, string[]>();
  const written: DerivedFamily[] = [];
  const singleOf = new Map<Id, DerivedFamily>();
  for (const f of families) {
    for (const p of f.partners) if (inChunk(p)) push(fams, p, f.key);
    for (const ch of f.children) if (inChunk(ch.id)) push(famc, ch.id, { familyKey: f.key, qualifier: ch.qualifier });
    const owner = f.partnership === null ? f.partners[0]! : f.partnership.personAId;
    if (!inChunk(owner)) continue;
    written.push(f);
    if (f.partnership === null && f.key === `S:${owner}`) singleOf.set(owner, f);
  }

  // A person's own family events (and their citations) go into the person's single-parent family,
  // or into one of its own without children when there is none.
  const ownFamilyEvents = new Map<string, { readonly events: ExportEvent[]; readonly citations: Citation[] }>();
  let out = '';
  for (const person of c.persons) {
    let events = eventsOf.get(person.id) ?? [];
    let citations = citationsOf.get(person.id) ?? [];
    if (events.some(onFamily)) {
      const moved = events.filter(onFamily);
      const ids = new Set(moved.map((e) => e.id));
      events = events.filter((e) => !ids.has(e.id));
      const key = `S:${person.id}`;
      if (!singleOf.has(person.id)) {
        const own: DerivedFamily = { key, partnership: null, partners: [person.id], roles: [person.sex === 'female' ? 'WIFE' : 'HUSB'], children: [] };
        written.push(own);
        push(fams, person.id, key);
      }
      ownFamilyEvents.set(key, { events: moved, citations: citations.filter((ci) => ci.target.kind === 'event' && ids.has(ci.target.id)) });
      citations = citations.filter((ci) => !(ci.target.kind === 'event' && ids.has(ci.target.id)));
    }
    out += writeIndividual(o, x, {
      person,
      names: namesOf.get(person.id) ?? [],
      events,
      citations,
      famc: famc.get(person.id) ?? [],
      fams: fams.get(person.id) ?? [],
      associations: associationsOf.get(person.id) ?? [],
    });
  }
  for (const family of written) {
    const id = family.partnership?.id;
    const own = ownFamilyEvents.get(family.key);
    out += writeFamily(o, x, {
      family,
      events: id !== undefined ? (eventsOf.get(id) ?? []) : (own?.events ?? []),
      citations: id !== undefined ? (citationsOf.get(id) ?? []) : (own?.citations ?? []),
      notes: family.partnership?.notes ?? '',
    });
  }
  return out;
};
