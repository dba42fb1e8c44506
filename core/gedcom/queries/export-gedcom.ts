import type { Actor } from '../../shared/actor.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { forbidden } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import type { Stores } from '../../shared/ports.js';
import { accessTree } from '../../shared/tree-access.js';
import type { LifeEvent, Name, ParentChildQualifier } from '../../people/model.js';
import type { Citation } from '../../sources/model.js';
import { deriveFamilies } from '../families.js';
import { writeFamily, writeHeader, writeIndividual, writeSource, writeTrailer, type ExportEvent, type WriterOptions } from '../writer.js';

export type GedcomExport = { readonly treeName: string; readonly version: WriterOptions['version']; readonly lines: AsyncIterable<string> };

const group = <T, K>(rows: readonly T[], key: (row: T) => K | null): Map<K, T[]> => {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const list = out.get(k);
    if (list === undefined) out.set(k, [r]);
    else list.push(r);
  }
  return out;
};

/**
 * The tree as GEDCOM (members only, any role): 5.5.1 in UTF-8 by default, 7.0 on request. The
 * whole tree is read in a fixed number of queries; the file is then produced record by record, so
 * the caller can stream it. Families are derived from the relationship edges.
 */
export const exportGedcom =
  (deps: { readonly storage: Pick<Stores, 'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'places' | 'relationships' | 'sources' | 'citations'>; readonly clock: { readonly now: () => Date }; readonly product: WriterOptions['product'] }) =>
  async (actor: Actor, treeId: Id, version: WriterOptions['version']): AsyncResult<GedcomExport> => {
    const access = await accessTree(deps.storage, actor, treeId, 'view');
    if (E.isLeft(access)) return access;
    if (access.right.role === null) return fail(forbidden('Export is for members of the tree.'));
    const s = deps.storage;
    const persons = await s.persons.listByTree(treeId, {});
    const names = await s.names.listByTree(treeId);
    const events = await s.events.listByTree(treeId, {});
    const places = new Map((await s.places.listByTree(treeId)).map((p) => [p.id, p.name]));
    const relationships = await s.relationships.listByTree(treeId, {});
    const sources = await s.sources.listByTree(treeId, {});
    const citations = await s.citations.listByTree(treeId, {});

    const options: WriterOptions = { version, treeName: access.right.tree.name, exportedAt: deps.clock.now(), product: deps.product };
    const sex = new Map(persons.map((p) => [p.id, p.sex]));
    const families = deriveFamilies(relationships, (id) => sex.get(id) ?? null);

    const personXref = new Map<Id, string>(persons.map((p, i) => [p.id, `@I${i + 1}@`]));
    const familyXref = new Map<string, string>(families.map((f, i) => [f.key, `@F${i + 1}@`]));
    const sourceXref = new Map<Id, string>(sources.map((src, i) => [src.id, `@S${i + 1}@`]));
    const xrefs = {
      person: (id: Id) => personXref.get(id) ?? '@VOID@',
      family: (key: string) => familyXref.get(key) ?? '@VOID@',
      source: (id: Id) => sourceXref.get(id) ?? '@VOID@',
    };

    const withPlace = (e: LifeEvent): ExportEvent => ({ ...e, place: e.placeId === null ? null : (places.get(e.placeId) ?? null) });
    const namesOf = group(names, (n: Name) => n.personId);
    const eventsOf = group(events, (e) => e.personId);
    const partnershipEvents = group(events, (e) => e.partnershipId);
    const nameOwner = new Map(names.map((n) => [n.id, n.personId]));
    const eventOwner = new Map(events.map((e) => [e.id, e.personId ?? e.partnershipId!]));
    const childOf = new Map(relationships.filter((r) => r.type === 'parent_child').map((r) => [r.id, r.personBId]));
    // Each citation goes to the record that writes it: a person (its own, its names', its events',
    // a parent_child edge's child) or a partnership (its own and its events').
    const citationOwner = (c: Citation): Id | null => {
      switch (c.target.kind) {
        case 'person':
          return c.target.id;
        case 'name':
          return nameOwner.get(c.target.id) ?? null;
        case 'event':
          return eventOwner.get(c.target.id) ?? null;
        case 'relationship':
          return childOf.get(c.target.id) ?? c.target.id;
      }
    };
    const citationsOf = group(citations, citationOwner);
    const famc = new Map<Id, { familyKey: string; qualifier: ParentChildQualifier }[]>();
    const fams = new Map<Id, string[]>();
    for (const f of families) {
      for (const p of f.partners) {
        const list = fams.get(p);
        if (list === undefined) fams.set(p, [f.key]);
        else list.push(f.key);
      }
      for (const ch of f.children) {
        const list = famc.get(ch.id);
        if (list === undefined) famc.set(ch.id, [{ familyKey: f.key, qualifier: ch.qualifier }]);
        else list.push({ familyKey: f.key, qualifier: ch.qualifier });
      }
    }

    async function* lines(): AsyncGenerator<string> {
      yield writeHeader(options);
      for (const person of persons) {
        yield writeIndividual(options, xrefs, {
          person,
          names: namesOf.get(person.id) ?? [],
          events: (eventsOf.get(person.id) ?? []).map(withPlace),
          citations: citationsOf.get(person.id) ?? [],
          famc: famc.get(person.id) ?? [],
          fams: fams.get(person.id) ?? [],
        });
      }
      for (const family of families) {
        const id = family.partnership?.id;
        yield writeFamily(options, xrefs, {
          family,
          events: id === undefined ? [] : (partnershipEvents.get(id) ?? []).map(withPlace),
          citations: id === undefined ? [] : (citationsOf.get(id) ?? []),
          notes: family.partnership?.notes ?? '',
        });
      }
      for (const source of sources) yield writeSource(options, xrefs, source);
      yield writeTrailer();
    }
    return ok({ treeName: access.right.tree.name, version, lines: lines() });
  };
