import type { Actor } from '../../kernel/actor.js';
import { E, ok, type AsyncResult } from '../../kernel/either.js';
import type { Id } from '../../kernel/ids.js';
import { readIndividuals, type GedcomIndividual } from '../gedcom-individuals.js';
import { nameKey } from '../given-names.js';
import { birthFacts } from '../../people/model.js';
import { birthYearsOf } from '../../privacy/engine.js';
import { displayNameOf } from '../../people/vitals.js';
import { byDisplayName, previewing, primaryOf, type PreviewDeps, type SexRow } from '../preview.js';

export type SexFromGedcomRow = SexRow & { readonly matchedXref: string | null };

type NameParts = { readonly givenName: string; readonly surname: string };

/**
 * Full names compared case-, accent- and spacing-insensitively, as small integers. Name parts repeat
 * across a tree (a few thousand given names and surnames among 100,000 people), so each distinct text
 * is normalised once; a (given, surname) pair gets its number from `intern` (the file's names) and is
 * only looked up by `find` (the tree's names: a pair no record bears can match nothing). A name with
 * no given name and no surname has no key (null).
 */
const fullKeys = (): { readonly intern: (n: NameParts) => number | null; readonly find: (n: NameParts) => number | null } => {
  const raw = new Map<string, number>();
  const normal = new Map<string, number>([['', 0]]);
  const part = (s: string): number => {
    let id = raw.get(s);
    if (id === undefined) {
      const k = nameKey(s).split(' ').filter((w) => w !== '').join(' ');
      id = normal.get(k);
      if (id === undefined) {
        id = normal.size;
        normal.set(k, id);
      }
      raw.set(s, id);
    }
    return id;
  };
  const pairs = new Map<number, Map<number, number>>();
  let next = 0;
  return {
    intern: (n) => {
      const given = part(n.givenName);
      const surname = part(n.surname);
      if (given === 0 && surname === 0) return null;
      let bySurname = pairs.get(given);
      if (bySurname === undefined) pairs.set(given, (bySurname = new Map()));
      let id = bySurname.get(surname);
      if (id === undefined) bySurname.set(surname, (id = next++));
      return id;
    },
    find: (n) => pairs.get(part(n.givenName))?.get(part(n.surname)) ?? null,
  };
};

/** Adds `value` under `key` once. */
const add = <K, T>(index: Map<K, T[]>, key: K, value: T): void => {
  const list = index.get(key);
  if (list === undefined) index.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
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
  (deps: PreviewDeps) =>
  async (actor: Actor, treeId: Id, file: AsyncIterable<Uint8Array>, options: { readonly includeAmbiguous?: boolean } = {}): AsyncResult<readonly SexFromGedcomRow[]> => {
    return previewing(deps, actor, treeId, async () => {
      // The file first, then two reads of the tree (measured faster on 2 cores than reading both at
      // once): every name with its person's sex, primary first, and the birth facts (only birth years
      // guard a match).
      const read = await readIndividuals(file);
      if (E.isLeft(read)) return read;
      const names = await deps.storage.cleanup.names(treeId);
      const years = birthYearsOf(await deps.storage.cleanup.facts(treeId, birthFacts));
      const individuals = read.right;
      const keys = fullKeys();
      const byKey = new Map<number, GedcomIndividual[]>();
      const keysOf = new Map<GedcomIndividual, number[]>();
      for (const i of individuals) {
        const own: number[] = [];
        for (const n of i.names) {
          const k = keys.intern(n);
          if (k !== null && !own.includes(k)) own.push(k);
        }
        keysOf.set(i, own);
        for (const k of own) add(byKey, k, i);
      }
      // A tree name no record bears can match nothing: it is left out of both indexes.
      const keysByPerson = new Map<Id, number[]>();
      const personsByKey = new Map<number, Id[]>();
      for (const n of names) {
        const k = keys.find(n);
        if (k === null) continue;
        add(keysByPerson, n.personId, k);
        add(personsByKey, k, n.personId);
      }
      const birthOf = (id: Id): number | null => years.get(id) ?? null;

      const recordsFor = (id: Id): GedcomIndividual[] => {
        const out: GedcomIndividual[] = [];
        for (const k of keysByPerson.get(id) ?? []) for (const i of byKey.get(k)!) if (!out.includes(i) && yearsAgree(i.birthYear, birthOf(id))) out.push(i);
        return out;
      };
      const peopleFor = (i: GedcomIndividual): Id[] => {
        const out: Id[] = [];
        for (const k of keysOf.get(i)!) for (const id of personsByKey.get(k) ?? []) if (!out.includes(id) && yearsAgree(i.birthYear, birthOf(id))) out.push(id);
        return out;
      };

      const rows: SexFromGedcomRow[] = [];
      for (const p of primaryOf(names)) {
        if (p.sex !== null) continue;
        const records = recordsFor(p.personId);
        if (records.length === 0) continue;
        const base = { personId: p.personId, displayName: displayNameOf(p), sex: null };
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
    });
  };
