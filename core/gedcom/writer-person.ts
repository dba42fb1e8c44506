import type { PersonIdentifier, Relationship } from '../people/model.js';
import type { Citation } from '../sources/model.js';
import { AFN_EXID_TYPE } from './types.js';
import { citationLines, type SourceXref } from './writer-events.js';
import { line, single, text, type Seven } from './writer-text.js';

// What an INDI record carries besides names, events and family links: the person's identifiers
// (REFN with TYPE, AFN, UID) and associations (ASSO), each read back by the mapping as it was.

/**
 * REFN (+TYPE) in both versions; AFN as 5.5.1 AFN and 7.0 EXID of TYPE AFN_EXID_TYPE (the registered
 * EXID type for it); a uid as 5.5.1 `_UID` (what PAF, Legacy, RootsMagic write) and 7.0 UID.
 */
export const identifierLines = (ids: readonly PersonIdentifier[], seven: Seven): string => {
  let s = '';
  for (const i of ids) {
    if (i.value === '') continue;
    if (i.kind === 'refn') s += single(1, 'REFN', i.value, seven) + single(2, 'TYPE', i.type ?? '', seven);
    else if (i.kind === 'afn') s += seven ? single(1, 'EXID', i.value, true) + line(2, 'TYPE', AFN_EXID_TYPE) : single(1, 'AFN', i.value, false);
    else s += single(1, seven ? 'UID' : '_UID', i.value, seven);
  }
  return s;
};

/** The GEDCOM 7 ROLE enumeration (enumset-ROLE); any other role is `ROLE OTHER` with the role as PHRASE. */
const ROLE_70 = new Set(['CHIL', 'CLERGY', 'FATH', 'FRIEND', 'GODP', 'HUSB', 'MOTH', 'MULTIPLE', 'NGHBR', 'OFFICIATOR', 'PARENT', 'SPOU', 'WIFE', 'WITN', 'OTHER']);

/**
 * 5.5.1 `RELA role` (none for an association without a role: RELA is required there, but a made-up
 * one would read back as a role); 7.0 ROLE is required, so a role-less association is `ROLE OTHER`.
 */
const roleLines = (role: string | null, seven: Seven): string => {
  const r = role ?? '';
  if (!seven) return single(2, 'RELA', r, false);
  if (ROLE_70.has(r)) return line(2, 'ROLE', r);
  return line(2, 'ROLE', 'OTHER') + text(3, 'PHRASE', r, true);
};

/**
 * One ASSO per association the person holds (person_a), pointing to the associate, with its role,
 * notes and the citations of that relationship (taken from `citations`, which keeps the others).
 */
export const associationLines = (
  assocs: readonly Relationship[], citations: Citation[], person: (id: string) => string, source: SourceXref, seven: Seven,
): string => {
  let s = '';
  for (const a of assocs) {
    s += line(1, 'ASSO', person(a.personBId)) + roleLines(a.role, seven) + text(2, 'NOTE', a.notes, seven);
    for (let i = 0; i < citations.length; i++) {
      const c = citations[i]!;
      if (c.target.kind !== 'relationship' || c.target.id !== a.id) continue;
      s += citationLines(2, c, source, seven);
      citations.splice(i--, 1);
    }
  }
  return s;
};
