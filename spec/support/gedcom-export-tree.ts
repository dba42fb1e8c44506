import type { Actor } from '../../core/kernel/actor.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import type { Id } from '../../core/kernel/ids.js';
import { eventTypes, nameTypes, parentChildQualifiers, type EventType, type LifeEvent, type Name, type Person, type PersonIdentifier, type Relationship } from '../../core/people/model.js';
import type { Citation, Source } from '../../core/sources/model.js';
import type { Storage } from '../../core/stores.js';
import { CUSTOM_EVENT_TAGS } from '../../core/gedcom/types.js';
import { aCitation, aMembership, aName, anEvent, aPerson, aRelationship, aSource, aTree, aUser } from '../contracts/fixtures.js';

// A deterministic tree with every kind of record the GEDCOM export writes, and the awkward cases of
// each (issue 27): persons of every sex and privacy with identifiers and long, multi-line or `@`
// notes; several names of every type with the primary one not first by id; events of every type
// (custom ones with family and individual tags, LDS ordinances with temples and statuses) with dates
// of every qualifier and calendar, places and citations; partnerships with notes, events and
// citations; children of one to four parents with every qualifier (couple families, single-parent
// families, the greedy pairing of a child with more than two parents), a person's own family events;
// associations with and without roles; citations on every target kind; deleted persons, names,
// events, edges, sources and citations; and a second tree that must not leak. Ids come from a seeded
// generator, so the same seed gives the same tree, byte for byte, in every store.

/** A small seeded generator (mulberry32). */
const rng = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export type ExportTree = { readonly treeId: Id; readonly actor: Actor; readonly persons: number };

/** Builds the tree into `s` (and a second, small tree beside it); the same `seed` gives the same records. */
export const buildExportTree = async (s: Storage, o: { readonly seed: number; readonly persons: number }): Promise<ExportTree> => {
  const r = rng(o.seed);
  const int = (n: number): number => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number): boolean => r() < p;
  const hex = (n: number): string => Array.from({ length: n }, () => '0123456789abcdef'[int(16)]).join('');
  // UUID v7 shaped; a time part that grows keeps ids of later records larger, as in real trees, but not always.
  let clock = 0x0190_0000_0000;
  const id = (): Id => {
    clock += 1 + int(chance(0.1) ? 5000 : 3);
    const t = clock.toString(16).padStart(12, '0');
    return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  };
  const at = new Date('2025-03-05T08:00:00.000Z');
  const gone = (): Pick<Person, 'deletedAt' | 'deletionId'> => ({ deletedAt: new Date('2025-04-01T00:00:00.000Z'), deletionId: id() });

  const WORDS = ['Smith', 'Jones', 'Ørsted', 'van der Berg', 'Ó Briain', 'Müller', 'Nakamura', 'José', 'Anne-Marie', 'Zoë', 'O\'Neil', '李'];
  const text = (): string => {
    switch (int(9)) {
      case 0: case 1: case 2: return '';
      case 3: return `A note about ${pick(WORDS)}.`;
      case 4: return `First line\nSecond line with ${pick(WORDS)}\r\nThird after CRLF\rFourth after CR`;
      case 5: return `${'A long paragraph that goes on and on without a break, '.repeat(7)}and ends here.`;
      case 6: return `@mention at the start, an email a@b.example and @@ twice`;
      case 7: return `Tabs\there and a control \u0007 character, trailing spaces   `;
      default: return `${'word '.repeat(60)}\n\n${'x'.repeat(300)}`;
    }
  };
  const namePart = (): string => {
    switch (int(10)) {
      case 0: return '';
      case 1: return `${pick(WORDS)}/${pick(WORDS)}`;
      case 2: return `  ${pick(WORDS)}  `;
      case 3: return `${pick(WORDS)}@home`;
      case 4: return 'x'.repeat(260);
      default: return pick(WORDS);
    }
  };
  const calendar = (): GenealogicalDate['calendar'] | undefined => pick([undefined, undefined, undefined, 'julian', 'hebrew', 'french_r'] as const);
  const date = (): GenealogicalDate | null => {
    if (chance(0.2)) return null;
    const q = pick(['exact', 'exact', 'about', 'estimated', 'calculated', 'before', 'after', 'between', 'from_to', 'text'] as const);
    if (q === 'text') return { qualifier: 'text', text: pick(['sometime in spring', 'after the war (@ home)', 'line\nbreak', '']) };
    const cal = calendar();
    const d: { -readonly [K in keyof GenealogicalDate]: GenealogicalDate[K] } = { qualifier: q };
    if (cal !== undefined) d.calendar = cal;
    d.year = 1500 + int(500);
    if (chance(0.7)) d.month = 1 + int(12);
    if (d.month !== undefined && chance(0.7)) d.day = 1 + int(28);
    if (cal === undefined && d.month !== undefined && d.month <= 3 && chance(0.3)) d.dualYear = true;
    if (q === 'between' || (q === 'from_to' && chance(0.7))) {
      d.endYear = d.year + int(20);
      if (chance(0.5)) d.endMonth = 1 + int(12);
      if (d.endMonth !== undefined && chance(0.5)) d.endDay = 1 + int(28);
    }
    if (chance(0.15)) d.text = pick(['as written in the register', 'phrase (with parens)', 'a @ sign']);
    return d;
  };

  const user = aUser({ id: id() });
  const tree = aTree({ id: id(), name: 'Kitchen sink' });
  const other = aTree({ id: id(), name: 'Other tree' });
  await s.users.insert(user);
  await s.trees.insert(tree);
  await s.trees.insert(other);
  await s.memberships.insert(aMembership(tree.id, user.id, 'owner'));
  const t = tree.id;

  const placeNames = ['London', 'Paris, Île-de-France, France', 'A place @ somewhere', `Long ${'place '.repeat(40)}`, 'Linz\nAustria', 'York'];
  const places: Id[] = [];
  for (const name of placeNames) places.push((await s.places.ensure(t, name, id())).id);

  const sources: Source[] = [];
  for (let i = 0; i < 9; i++) {
    sources.push(aSource(t, {
      id: id(), title: i === 0 ? '' : `Register ${i} of ${pick(WORDS)}`, author: chance(0.5) ? pick(WORDS) : '', publication: chance(0.4) ? text() : '',
      notes: text(), createdAt: at, updatedAt: at, ...(i === 4 ? gone() : {}),
    }));
  }

  for (const x of sources) await s.sources.insert(x);
  await s.sources.insert(aSource(other.id, { id: id(), title: 'Other tree source' }));

  const sexes = ['male', 'female', null] as const;
  const persons: Person[] = [];
  for (let i = 0; i < o.persons; i++) {
    const identifiers: PersonIdentifier[] = [];
    for (let k = int(4); k > 0; k--) {
      const kind = pick(['refn', 'afn', 'uid'] as const);
      identifiers.push({ kind, value: chance(0.1) ? '' : `${kind.toUpperCase()}-${int(100000)}${chance(0.1) ? '@x' : ''}`, type: kind === 'refn' && chance(0.5) ? pick(['user', 'Ancestry', '']) : null });
    }
    persons.push(aPerson(t, {
      id: id(), sex: pick(sexes), privacy: pick(['default', 'default', 'public', 'private'] as const), notes: text(), identifiers,
      createdAt: at, updatedAt: at, ...(chance(0.04) ? gone() : {}),
    }));
  }
  // Inserted out of id order: the export must order them itself.
  for (const p of [...persons].reverse()) await s.persons.insert(p);
  await s.persons.insert(aPerson(other.id, { id: id(), notes: 'other tree' }));

  const names: Name[] = [];
  for (const p of persons) {
    const count = int(4);
    const primary = count === 0 ? -1 : chance(0.1) ? -1 : int(count);
    for (let k = 0; k < count; k++) {
      names.push(aName(p, {
        id: id(), nameType: k === 0 && chance(0.6) ? 'birth' : pick(nameTypes), givenName: namePart(), surname: namePart(), isPrimary: k === primary,
        notes: chance(0.2) ? text() : '', createdAt: at, ...(chance(0.03) ? gone() : {}),
      }));
    }
  }
  for (const n of names) await s.names.insert(n);

  const customTypes = [...Object.values(CUSTOM_EVENT_TAGS), 'Graduation party', 'Emigrated again', ''];
  const statuses = ['COMPLETED', 'completed', 'DNS/CAN', 'PRE-1970', 'STILLBORN', 'Qualified', ''];
  const event = (subject: { personId: Id } | { partnershipId: Id }, type: EventType): LifeEvent => {
    const lds = type.startsWith('lds_');
    return anEvent(t, subject, {
      id: id(), type, customType: type === 'custom' ? pick(customTypes) : null, date: date(), placeId: chance(0.6) ? pick(places) : null,
      notes: chance(0.3) ? text() : '', detail: chance(0.4) ? pick(['', 'Farmer', 'Line one\n\nTYPE part', '12', 'x'.repeat(280), '@detail']) : '',
      temple: lds && chance(0.7) ? pick(['SLAKE', 'LOGAN', '']) : null, ordinanceStatus: lds && chance(0.7) ? pick(statuses) : null,
      createdAt: at, updatedAt: at, ...(chance(0.03) ? gone() : {}),
    });
  };
  const events: LifeEvent[] = [];
  for (const p of persons) for (let k = int(6); k > 0; k--) events.push(event({ personId: p.id }, pick(eventTypes)));

  // Partnerships between distinct pairs; children of one to four parents.
  const edges: Relationship[] = [];
  const pairs = new Set<string>();
  const partnered: [number, number][] = [];
  for (let k = 0; k < Math.floor(o.persons * 0.45); k++) {
    const a = int(persons.length);
    const b = int(persons.length);
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (a === b || pairs.has(key)) continue;
    pairs.add(key);
    partnered.push([a, b]);
    edges.push(aRelationship(t, 'partnership', persons[a]!.id, persons[b]!.id, {
      id: id(), qualifier: null, notes: chance(0.3) ? text() : '', createdAt: at, updatedAt: at, ...(chance(0.04) ? gone() : {}),
    }));
  }
  const qualifier = () => (chance(0.15) ? null : chance(0.6) ? 'biological' : pick(parentChildQualifiers));
  const parentOf = new Set<string>();
  const edge = (a: number, c: number, q: Relationship['qualifier']): void => {
    if (a === c || parentOf.has(`${a}:${c}`)) return;
    parentOf.add(`${a}:${c}`);
    edges.push(aRelationship(t, 'parent_child', persons[a]!.id, persons[c]!.id, { id: id(), qualifier: q, createdAt: at, updatedAt: at, ...(chance(0.03) ? gone() : {}) }));
  };
  for (let c = 0; c < persons.length; c++) {
    const shape = int(10);
    if (shape <= 2) continue;
    if (shape <= 6 && partnered.length > 0) {
      // A couple's child: the same qualifier from both (a couple family), sometimes different (two single families).
      const [a, b] = pick(partnered);
      const q = qualifier();
      edge(a, c, q);
      edge(b, c, chance(0.85) ? q : qualifier());
    } else if (shape === 7) edge(int(persons.length), c, qualifier());
    else {
      // Three or four parents: birth parents and adoptive ones, partnered or not.
      for (const [a, b] of [pick(partnered), pick(partnered)]) {
        const q = qualifier();
        edge(a, c, q);
        if (chance(0.7)) edge(b, c, q);
      }
      if (chance(0.3)) edge(int(persons.length), c, qualifier());
    }
  }
  for (let k = 0; k < Math.floor(o.persons / 6); k++) {
    const a = int(persons.length);
    const b = int(persons.length);
    if (a === b) continue;
    edges.push(aRelationship(t, 'association', persons[a]!.id, persons[b]!.id, {
      id: id(), qualifier: null, role: pick([null, 'WITN', 'Godfather', 'FRIEND', 'godparent of the bride']), notes: chance(0.3) ? text() : '',
      createdAt: at, updatedAt: at, ...(chance(0.05) ? gone() : {}),
    }));
  }
  for (const e of edges) await s.relationships.insert(e);
  for (const e of edges) {
    if (e.type !== 'partnership') continue;
    for (let k = int(3); k > 0; k--) events.push(event({ partnershipId: e.id }, pick(['marriage', 'divorce', 'engagement', 'lds_spouse_sealing', 'custom', 'residence'] as const)));
  }
  for (const e of events) await s.events.insert(e);

  const citations: Citation[] = [];
  const targets: Citation['target'][] = [
    ...persons.map((p) => ({ kind: 'person', id: p.id }) as const),
    ...names.map((n) => ({ kind: 'name', id: n.id }) as const),
    ...events.map((e) => ({ kind: 'event', id: e.id }) as const),
    ...edges.map((e) => ({ kind: 'relationship', id: e.id }) as const),
  ];
  for (const target of targets) {
    for (let k = chance(0.25) ? 1 + int(2) : 0; k > 0; k--) {
      citations.push(aCitation(t, pick(sources).id, target, {
        id: id(), page: chance(0.5) ? pick(['p. 12', 'folio 3 @ back', text()]) : '', detail: chance(0.3) ? text() || 'detail' : '',
        confidence: pick([null, null, 0, 1, 2, 3, 7]), createdAt: at, updatedAt: at, ...(chance(0.03) ? gone() : {}),
      }));
    }
  }
  for (const c of citations) await s.citations.insert(c);

  const actor: Actor = { kind: 'user', userId: user.id, email: user.email, emailVerified: true, sessionId: 's', clientAddress: '127.0.0.1' };
  return { treeId: t, actor, persons: persons.length };
};
