import type { PersonIdentifier } from '../people/model.js';
import type { ExportCitation, ExportEdge } from './export-reads.js';
import { AFN_EXID_TYPE } from './types.js';
import { putCitation, type SourceXref } from './writer-events.js';
import { joined, putLine, putSingle, putText, type Out, type Seven } from './writer-text.js';
import { KEPT_OUT, notesKept, putExtra, type KeptOut } from './extensions.js';

// What an INDI record carries besides names, events and family links: the person's identifiers
// (REFN with TYPE, AFN, UID) and associations (ASSO), each read back by the mapping as it was.

/**
 * REFN (+TYPE) in both versions; AFN as 5.5.1 AFN and 7.0 EXID of TYPE AFN_EXID_TYPE (the registered
 * EXID type for it); a uid as 5.5.1 `_UID` (what PAF, Legacy, RootsMagic write) and 7.0 UID.
 */
export const putIdentifiers = (out: Out, ids: readonly PersonIdentifier[], seven: Seven): void => {
  for (const i of ids) {
    if (i.value === '') continue;
    if (i.kind === 'refn') {
      putSingle(out, 1, 'REFN', i.value, seven);
      putSingle(out, 2, 'TYPE', i.type ?? '', seven);
    } else if (i.kind === 'afn') {
      if (seven) {
        putSingle(out, 1, 'EXID', i.value, true);
        putLine(out, 2, 'TYPE', AFN_EXID_TYPE);
      } else putSingle(out, 1, 'AFN', i.value, false);
    } else putSingle(out, 1, seven ? 'UID' : '_UID', i.value, seven);
  }
};

export const identifierLines = (ids: readonly PersonIdentifier[], seven: Seven): string => joined(putIdentifiers, ids, seven);

/** The GEDCOM 7 ROLE enumeration (enumset-ROLE); any other role is `ROLE OTHER` with the role as PHRASE. */
const ROLE_70 = new Set(['CHIL', 'CLERGY', 'FATH', 'FRIEND', 'GODP', 'HUSB', 'MOTH', 'MULTIPLE', 'NGHBR', 'OFFICIATOR', 'PARENT', 'SPOU', 'WIFE', 'WITN', 'OTHER']);

/**
 * 5.5.1 `RELA role` (none for an association without a role: RELA is required there, but a made-up
 * one would read back as a role); 7.0 ROLE is required, so a role-less association is `ROLE OTHER`.
 */
const putRole = (out: Out, role: string | null, seven: Seven): void => {
  const r = role ?? '';
  if (!seven) putSingle(out, 2, 'RELA', r, false);
  else if (ROLE_70.has(r)) putLine(out, 2, 'ROLE', r);
  else {
    putLine(out, 2, 'ROLE', 'OTHER');
    putText(out, 3, 'PHRASE', r, true);
  }
};

/**
 * One ASSO per association the person holds (person_a), pointing to the associate, with its role,
 * notes and the citations of that relationship (taken from `citations`, which keeps the others).
 */
export const putAssociations = (
  out: Out, assocs: readonly ExportEdge[], citations: ExportCitation[], person: (id: string) => string, source: SourceXref, seven: Seven, kept: KeptOut = KEPT_OUT,
): void => {
  for (const a of assocs) {
    const start = out.length;
    putLine(out, 1, 'ASSO', person(a.personBId));
    putRole(out, a.role, seven);
    if (!notesKept(a.gedcomExtra, a.notes, seven, kept)) putText(out, 2, 'NOTE', a.notes, seven);
    for (let i = 0; i < citations.length; i++) {
      const c = citations[i]!;
      if (c.target.kind !== 'relationship' || c.target.id !== a.id) continue;
      putCitation(out, 2, c, source, seven, kept);
      citations.splice(i--, 1);
    }
    putExtra(out, start, 2, a.gedcomExtra, seven, kept, undefined, a.notes);
  }
};

export const associationLines = (
  assocs: readonly ExportEdge[], citations: ExportCitation[], person: (id: string) => string, source: SourceXref, seven: Seven,
): string => joined(putAssociations, assocs, citations, person, source, seven);
