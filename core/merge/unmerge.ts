import type { Clock } from '../kernel/clock.js';
import type { Stores } from '../stores.js';
import type { Person } from '../people/model.js';
import type { Citation } from '../sources/model.js';
import type { Media } from '../media/model.js';
import type { PersonMerge } from './model.js';
import { edgeKey } from './sameness.js';
import { withoutAppended } from './kept-lines.js';

const identifierKey = (x: Person['identifiers'][number]): string => JSON.stringify([x.kind, x.value, x.type]);

/**
 * Puts back, inside the restore's unit of work, what `merge` moved to the kept person `kept` (live)
 * and what still is as the merge left it: a row edited away since (deleted, moved elsewhere) stays
 * where it is now. Runs before the restore of the merge's deletion id. Self and home pointers the
 * merge moved to the kept person are NOT moved back: a user may have chosen the kept person since,
 * and the kept person is the one who lives on.
 */
export const unmerge = async (
  tx: Pick<Stores, 'persons' | 'names' | 'events' | 'relationships' | 'citations' | 'media' | 'merges'>,
  clock: Clock,
  merge: PersonMerge,
  kept: Person,
): Promise<void> => {
  const now = clock.now();
  const m = merge.moved;
  const O = merge.otherId;
  const K = kept.id;

  // The rows to put back are read in one statement per kind (what now sits on the kept person), not
  // one per moved row; each is written back only while it still is as the merge left it.
  const namesOnK = new Map((await tx.names.listByPersons([K])).map((n) => [n.id, n]));
  // A moved name made K's primary since stays: K must keep a primary name.
  await tx.merges.moveNames(m.names.flatMap((before) => {
    const name = namesOnK.get(before.id);
    return name !== undefined && !name.isPrimary ? [{ id: name.id, personId: O, isPrimary: before.isPrimary }] : [];
  }));

  const eventsOfK = new Map((await tx.events.listByPersons([K])).map((e) => [e.id, e]));
  for (const id of m.events) {
    const e = eventsOfK.get(id);
    if (e !== undefined && e.personId === K) await tx.events.update({ ...e, personId: O, updatedAt: now });
  }
  for (const x of m.partnershipEvents) {
    // Not among K's: its partnership was deleted since; read it alone.
    const e = eventsOfK.get(x.id) ?? (await tx.events.byId(x.id));
    if (e !== null && e.deletedAt === null && e.partnershipId === x.to) await tx.events.update({ ...e, partnershipId: x.from, updatedAt: now });
  }
  const edgesOfK = new Map((await tx.relationships.listByPersons([K])).map((r) => [r.id, r]));
  for (const x of m.relationships) {
    const r = edgesOfK.get(x.id);
    if (r === undefined) continue;
    const back = { ...r, personAId: r.personAId === K && x.personAId === O ? O : r.personAId, personBId: r.personBId === K && x.personBId === O ? O : r.personBId };
    if (back.personAId !== x.personAId || back.personBId !== x.personBId) continue;
    // Never a second live edge of a pair: an edge the pair gained since wins.
    if (back.type !== 'association') {
      const twin = await tx.relationships.findEdge(r.treeId, r.type, back.personAId, back.personBId);
      if (twin !== null && twin.id !== r.id && edgeKey(twin) === edgeKey(back)) continue;
    }
    await tx.relationships.update({ ...back, updatedAt: now });
  }
  const citations = new Map((await tx.merges.citationsTargeting(merge.treeId, m.citations.map((x) => x.to as Citation['target']))).map((c) => [c.id, c]));
  for (const x of m.citations) {
    const c = citations.get(x.id);
    if (c !== undefined && c.target.kind === x.to.kind && c.target.id === x.to.id) await tx.citations.update({ ...c, target: x.from as typeof c.target, updatedAt: now });
  }
  const media = new Map((await tx.merges.mediaTargeting(merge.treeId, m.media.map((x) => x.to as NonNullable<Media['target']>))).map((x) => [x.id, x]));
  for (const x of m.media) {
    const item = media.get(x.id);
    if (item !== undefined && item.target?.kind === x.to.kind && item.target.id === x.to.id) {
      await tx.media.update({ ...item, target: x.from as NonNullable<typeof item.target>, updatedAt: now });
    }
  }

  // The kept person's own fields go back only where they still hold what the merge wrote.
  const at = m.notesAppended === null ? -1 : kept.notes.lastIndexOf(m.notesAppended);
  const notes = at < 0 ? kept.notes : kept.notes.slice(0, at) + kept.notes.slice(at + m.notesAppended!.length);
  const added = new Set(m.identifiersAdded.map(identifierKey));
  await tx.persons.update({
    ...kept,
    notes,
    sex: m.filled.sex !== undefined && kept.sex === m.filled.sex ? null : kept.sex,
    isLiving: m.filled.isLiving !== undefined && kept.isLiving === m.filled.isLiving ? null : kept.isLiving,
    privacy: m.privacyBefore !== null && kept.privacy === 'private' ? m.privacyBefore : kept.privacy,
    identifiers: kept.identifiers.filter((x) => !added.has(identifierKey(x))),
    updatedAt: now,
  });
  // The other's kept lines the merge appended, taken out of the kept person's (the other's own never left their row).
  if (m.keptLinesAppended !== undefined && m.keptLinesAppended !== null) {
    const current = (await tx.merges.keptLines([K])).get(K) ?? null;
    const back = withoutAppended(current, m.keptLinesAppended);
    if (back !== current) await tx.merges.setKeptLines(K, back);
  }
};
