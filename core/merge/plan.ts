import type { Id } from '../kernel/ids.js';
import { MAX_IDENTIFIERS, type LifeEvent, type Name, type ParentChildQualifier, type Person, type PersonIdentifier, type Relationship, type Sex } from '../people/model.js';
import type { Citation } from '../sources/model.js';
import type { Media } from '../media/model.js';
import type { MergeMoves } from './model.js';
import { sameEvent, sameName, edgeKey } from './sameness.js';

/** Everything a merge of `other` into `kept` reads: live rows only (see loadMergeInput). */
export type MergeInput = {
  readonly kept: Person;
  readonly other: Person;
  /** Live names of both persons. */
  readonly names: readonly Name[];
  /** Live events of both persons and of the live partnerships touching them. */
  readonly events: readonly LifeEvent[];
  /** Live edges touching either person. */
  readonly relationships: readonly Relationship[];
  /** Live citations of the other person, their names, events, edges and those edges' events. */
  readonly citations: readonly Citation[];
  /** Live media of the other person, their events and their edges' events. */
  readonly media: readonly Media[];
};

export type Duplicate<R> = { readonly record: R; readonly keptId: Id };
export type DroppedEdge = { readonly relationship: Relationship; readonly reason: 'self' | 'duplicate'; readonly keptId: Id | null };
export type QualifierConflict = {
  readonly relationshipId: Id;
  readonly keptRelationshipId: Id;
  readonly kept: ParentChildQualifier | null;
  readonly other: ParentChildQualifier | null;
};

/**
 * What a merge does, decided from its input alone: the preview shows it and the command writes it,
 * so the two cannot disagree. Moved records are given as they will be; duplicates and dropped edges
 * as they are (they stay on the other person and are deleted with them).
 */
export type MergePlan = {
  readonly kept: Person;
  readonly names: { readonly moved: readonly Name[]; readonly duplicates: readonly Duplicate<Name>[] };
  readonly events: { readonly moved: readonly LifeEvent[]; readonly duplicates: readonly Duplicate<LifeEvent>[] };
  /** Events of the other's duplicate partnerships: moved to the kept person's partnership, or exact duplicates of its events. */
  readonly partnershipEvents: { readonly moved: readonly LifeEvent[]; readonly duplicates: readonly Duplicate<LifeEvent>[] };
  readonly relationships: { readonly moved: readonly Relationship[]; readonly dropped: readonly DroppedEdge[]; readonly conflicts: readonly QualifierConflict[] };
  /** Citations and media whose target changes (to the kept person or the kept twin of a duplicate). */
  readonly citations: readonly { readonly before: Citation; readonly after: Citation }[];
  readonly media: readonly { readonly before: Media; readonly after: Media }[];
  readonly fills: { readonly sex?: Sex; readonly isLiving?: boolean };
  readonly moves: MergeMoves;
};

const byId = <R extends { readonly id: Id }>(a: R, b: R): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const identifierKey = (x: PersonIdentifier): string => JSON.stringify([x.kind, x.value, x.type]);

/** Notes of the kept person followed by the other's, a blank line between, unless empty or already there. */
const appendedNotes = (kept: string, other: string): string | null => {
  const add = other.trim();
  if (add === '' || kept.includes(add)) return null;
  return kept.trim() === '' ? add : `\n\n${add}`;
};

const planEdges = (input: MergeInput, now: Date) => {
  const K = input.kept.id;
  const O = input.other.id;
  const touches = (r: Relationship, id: Id) => r.personAId === id || r.personBId === id;
  const existing = new Map<string, Relationship>();
  for (const r of [...input.relationships].sort(byId)) if (touches(r, K) && !touches(r, O) && !existing.has(edgeKey(r))) existing.set(edgeKey(r), r);
  const moved: Relationship[] = [];
  const dropped: DroppedEdge[] = [];
  const conflicts: QualifierConflict[] = [];
  for (const r of [...input.relationships].sort(byId)) {
    if (!touches(r, O)) continue;
    if (touches(r, K)) {
      dropped.push({ relationship: r, reason: 'self', keptId: null });
      continue;
    }
    const after: Relationship = { ...r, personAId: r.personAId === O ? K : r.personAId, personBId: r.personBId === O ? K : r.personBId, updatedAt: now };
    const twin = existing.get(edgeKey(after));
    if (twin === undefined) {
      moved.push(after);
      existing.set(edgeKey(after), after);
      continue;
    }
    dropped.push({ relationship: r, reason: 'duplicate', keptId: twin.id });
    if (r.qualifier !== twin.qualifier) conflicts.push({ relationshipId: r.id, keptRelationshipId: twin.id, kept: twin.qualifier, other: r.qualifier });
  }
  return { moved, dropped, conflicts };
};

/**
 * Records of `theirs` that equal one of `ours` (by `same`) stay; the others move. A moved record
 * counts as ours for the next, so two equal records of the other's never both arrive.
 */
const split = <R extends { readonly id: Id }>(theirs: readonly R[], ours: readonly R[], same: (a: R, b: R) => boolean) => {
  const moved: R[] = [];
  const duplicates: Duplicate<R>[] = [];
  const have = [...ours].sort(byId);
  for (const r of [...theirs].sort(byId)) {
    const twin = have.find((o) => same(o, r));
    if (twin === undefined) {
      moved.push(r);
      have.push(r);
    } else duplicates.push({ record: r, keptId: twin.id });
  }
  return { moved, duplicates };
};

export const planMerge = (input: MergeInput, now: Date): MergePlan => {
  const { kept: K, other: O } = input;
  const names = split(input.names.filter((n) => n.personId === O.id), input.names.filter((n) => n.personId === K.id), sameName);
  const events = split(input.events.filter((e) => e.personId === O.id), input.events.filter((e) => e.personId === K.id), sameEvent);
  const edges = planEdges(input, now);

  const partnershipMoved: LifeEvent[] = [];
  const partnershipDuplicates: Duplicate<LifeEvent>[] = [];
  for (const d of edges.dropped) {
    if (d.reason !== 'duplicate' || d.relationship.type !== 'partnership') continue;
    const twins = split(input.events.filter((e) => e.partnershipId === d.relationship.id), input.events.filter((e) => e.partnershipId === d.keptId), sameEvent);
    partnershipMoved.push(...twins.moved.map((e) => ({ ...e, partnershipId: d.keptId, updatedAt: now })));
    partnershipDuplicates.push(...twins.duplicates);
  }

  // Where a citation or media item of the other person's goes: the kept person, or the kept twin.
  const retarget = new Map<string, { readonly kind: 'person' | 'name' | 'event' | 'relationship'; readonly id: Id }>([[`person:${O.id}`, { kind: 'person', id: K.id }]]);
  for (const d of names.duplicates) retarget.set(`name:${d.record.id}`, { kind: 'name', id: d.keptId });
  for (const d of [...events.duplicates, ...partnershipDuplicates]) retarget.set(`event:${d.record.id}`, { kind: 'event', id: d.keptId });
  for (const d of edges.dropped) if (d.keptId !== null) retarget.set(`relationship:${d.relationship.id}`, { kind: 'relationship', id: d.keptId });
  const citations = input.citations.flatMap((c) => {
    const to = retarget.get(`${c.target.kind}:${c.target.id}`);
    return to === undefined ? [] : [{ before: c, after: { ...c, target: to, updatedAt: now } }];
  });
  const media = input.media.flatMap((m) => {
    const to = m.target === null ? undefined : retarget.get(`${m.target.kind}:${m.target.id}`);
    return m.target === null || to === undefined || (to.kind !== 'person' && to.kind !== 'event') ? [] : [{ before: m, after: { ...m, target: { kind: to.kind, id: to.id }, updatedAt: now } }];
  });

  const fills = { ...(K.sex === null && O.sex !== null ? { sex: O.sex } : {}), ...(K.isLiving === null && O.isLiving !== null ? { isLiving: O.isLiving } : {}) };
  const privacy = O.privacy === 'private' ? 'private' : K.privacy;
  const notesAppended = appendedNotes(K.notes, O.notes);
  const have = new Set(K.identifiers.map(identifierKey));
  const identifiersAdded: PersonIdentifier[] = [];
  for (const x of O.identifiers) {
    if (K.identifiers.length + identifiersAdded.length >= MAX_IDENTIFIERS) break;
    if (have.has(identifierKey(x))) continue;
    have.add(identifierKey(x));
    identifiersAdded.push(x);
  }
  const kept: Person = {
    ...K, ...fills, privacy, notes: notesAppended === null ? K.notes : `${K.notes.trim() === '' ? '' : K.notes}${notesAppended}`,
    identifiers: [...K.identifiers, ...identifiersAdded], updatedAt: now,
  };
  const moves: MergeMoves = {
    names: names.moved.map((n) => ({ id: n.id, isPrimary: n.isPrimary })),
    events: events.moved.map((e) => e.id),
    partnershipEvents: partnershipMoved.map((e) => ({ id: e.id, from: input.events.find((x) => x.id === e.id)!.partnershipId!, to: e.partnershipId! })),
    relationships: edges.moved.map((r) => {
      const before = input.relationships.find((x) => x.id === r.id)!;
      return { id: r.id, personAId: before.personAId, personBId: before.personBId };
    }),
    citations: citations.map(({ before, after }) => ({ id: before.id, from: before.target, to: after.target })),
    media: media.map(({ before, after }) => ({ id: before.id, from: before.target!, to: after.target! })),
    notesAppended,
    filled: fills,
    privacyBefore: privacy === K.privacy ? null : K.privacy,
    identifiersAdded,
  };
  return {
    kept,
    names: { moved: names.moved.map((n) => ({ ...n, personId: K.id, isPrimary: false })), duplicates: names.duplicates },
    events: { moved: events.moved.map((e) => ({ ...e, personId: K.id, updatedAt: now })), duplicates: events.duplicates },
    partnershipEvents: { moved: partnershipMoved, duplicates: partnershipDuplicates },
    relationships: edges,
    citations,
    media,
    fills,
    moves,
  };
};
