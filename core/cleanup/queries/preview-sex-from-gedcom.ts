import type { Actor } from '../../shared/actor.js';
import { E, ok, type AsyncResult } from '../../shared/either.js';
import type { Id } from '../../shared/ids.js';
import { readIndividuals, type GedcomIndividual } from '../gedcom-individuals.js';
import { nameKey } from '../given-names.js';
import { birthFacts } from '../../people/model.js';
import { lifeFactsOf } from '../../privacy/engine.js';
import { byDisplayName, displayName, editorAccess, type CleanupDeps, type SexRow } from '../preview.js';

export type SexFromGedcomRow = SexRow & { readonly matchedXref: string | null };

type FullKey = (n: { readonly givenName: string; readonly surname: string }) => string | null;

/**
 * A full name compared case-, accent- and spacing-insensitively; null for a name with no given name
 * and no surname. Name parts repeat across a tree (a few thousand given names and surnames among
 * 100,000 people), so each distinct part is normalised once.
 */
const fullKeys = (): FullKey => {
  const parts = new Map<string, string>();
  const part = (s: string): string => {
    let k = parts.get(s);
    if (k === undefined) {
      k = nameKey(s).split(' ').filter((w) => w !== '').join(' ');
      parts.set(s, k);
    }
    return k;
  };
  return (n) => {
    const given = part(n.givenName);
    const surname = part(n.surname);
    return given === '' && surname === '' ? null : `${given}/${surname}`;
  };
};

const index = <T>(items: readonly T[], keysOf: (t: T) => readonly (string | null)[]): Map<string, T[]> => {
  const out = new Map<string, T[]>();
  for (const item of items) {
    for (const k of new Set(keysOf(item))) {
      if (k === null) continue;
      const list = out.get(k);
      if (list === undefined) out.set(k, [item]);
      else list.push(item);
    }
  }
  return out;
};

/** Two birth years guard a match only when both are known. */
const yearsAgree = (a: number | null, b: number | null): boolean => a === null || b === null || a === b;

/**
 * Reads the tree's original GEDCOM file (422 `not_gedcom` or `gedcom_too_large` as the import) and
 * matches the tree's people (live, any name) with the file's INDI records (any name) by full name and,
 * when both have one, birth year; proposes the record's SEX for people whose sex is unset. A person
 * matching two records, or a record matching two people of the tree, is ambiguous and not proposed;
 * `includeAmbiguous` lists those with the reason. A match whose record has no SEX is not listed.
 */
export const previewSexFromGedcom =
  (deps: CleanupDeps) =>
  async (actor: Actor, treeId: Id, file: AsyncIterable<Uint8Array>, options: { readonly includeAmbiguous?: boolean } = {}): AsyncResult<readonly SexFromGedcomRow[]> => {
    const access = await editorAccess(deps.storage, actor, treeId);
    if (E.isLeft(access)) return access;
    // The file is parsed while the database answers the three reads. Only birth years guard a match:
    // death facts are not read.
    const [read, persons, births, names] = await Promise.all([
      readIndividuals(file), deps.storage.cleanup.persons(treeId), deps.storage.cleanup.facts(treeId, birthFacts), deps.storage.cleanup.names(treeId),
    ]);
    if (E.isLeft(read)) return read;
    const individuals = read.right;
    const facts = lifeFactsOf(persons, births);
    const fullKey = fullKeys();
    const byKey = index(individuals, (i) => i.names.map(fullKey));
    // A tree name no record bears can match nothing: it is left out of both indexes.
    const keysByPerson = new Map<Id, string[]>();
    const personsByKey = new Map<string, Id[]>();
    for (const n of names) {
      const k = fullKey(n);
      if (k === null || !byKey.has(k)) continue;
      const keys = keysByPerson.get(n.personId);
      if (keys === undefined) keysByPerson.set(n.personId, [k]);
      else if (!keys.includes(k)) keys.push(k);
      else continue;
      const people = personsByKey.get(k);
      if (people === undefined) personsByKey.set(k, [n.personId]);
      else people.push(n.personId);
    }
    const birthOf = (id: Id): number | null => facts.get(id)?.birthYear ?? null;

    const recordsFor = (id: Id): GedcomIndividual[] =>
      [...new Set((keysByPerson.get(id) ?? []).flatMap((k) => byKey.get(k) ?? []))].filter((i) => yearsAgree(i.birthYear, birthOf(id)));
    const peopleFor = (i: GedcomIndividual): Id[] =>
      [...new Set(i.names.flatMap((n) => personsByKey.get(fullKey(n) ?? '') ?? []))].filter((id) => yearsAgree(i.birthYear, birthOf(id)));

    const rows: SexFromGedcomRow[] = [];
    for (const p of persons) {
      if (p.sex !== null) continue;
      const records = recordsFor(p.id);
      if (records.length === 0) continue;
      const base = { personId: p.id, displayName: displayName(p), sex: null };
      const ambiguous = (reason: string, matchedXref: string | null): void => {
        if (options.includeAmbiguous === true) rows.push({ ...base, proposed: null, matchedXref, reason: `ambiguous: ${reason}` });
      };
      if (records.length > 1) {
        ambiguous(`matches ${records.length} INDI records (${records.slice(0, 5).map((r) => r.xref).join(', ')})`, null);
        continue;
      }
      const record = records[0]!;
      const people = peopleFor(record);
      if (people.length > 1) {
        ambiguous(`${record.xref} matches ${people.length} people of this tree`, record.xref);
        continue;
      }
      if (record.sex === null) continue;
      rows.push({ ...base, proposed: record.sex, matchedXref: record.xref, reason: `${record.xref} has SEX ${record.sex === 'male' ? 'M' : 'F'}` });
    }
    return ok(byDisplayName(rows));
  };
