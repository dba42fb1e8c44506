import type { GedcomNode, GedcomVersion, ImportPlan, PlanSource } from './types.js';
import { gedcomVersion } from './reader.js';
import { createContext, lean, readNote, resolveText, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';
import { finishFamily, readFamily, type FamilyDraft } from './mapping-family.js';
import { createLinks, indexLinks } from './mapping-links.js';
import { finishPerson, readPerson, type PersonDraft } from './mapping-person.js';

// GEDCOM records -> ImportPlan (SPEC "GEDCOM", Import rules and Mapping). The rules for each record
// are in mapping-person.ts, mapping-names.ts, mapping-events.ts, mapping-citations.ts,
// mapping-family.ts and mapping-links.ts. Choices the SPEC leaves open, for the whole file:
// - Unmapped (what was lost, by tag path, with count and first line): every structure not used,
//   whole OBJE, REPO and SUBM records and unknown (`_X`) records, shared notes that nothing
//   references, HEAD.NOTE and HEAD.COPR. Not counted, as bookkeeping: the rest of HEAD (GEDC, CHAR,
//   SOUR, DEST, DATE, FILE, LANG, PLAC, SUBM, SCHMA...), SUBN, TRLR, and CHAN, CREA, RIN, UID, _UID,
//   _UPD anywhere.
// - A record without an xref (allowed in 7.0) still maps, under the made-up xref `@#L<line>@` (`@#`
//   cannot start a real xref, so it never clashes). A second record with an xref already seen is
//   left out with a warning.
// - Tags are compared as written (standard tags are upper case).

export type Mapper = { readonly add: (record: GedcomNode) => void; readonly finish: () => ImportPlan };

type SourceDraft = Omit<PlanSource, 'notes'> & { readonly notes: readonly TextPart[] };

/** HEAD substructures that are the user's data rather than a description of the file. */
const HEAD_DATA: readonly string[] = ['NOTE', 'COPR'];

const readSource = (record: GedcomNode, xref: string, ctx: Context): SourceDraft => {
  const path = record.tag;
  const fields = { TITL: '', AUTH: '', PUBL: '' };
  let abbr: GedcomNode | null = null;
  const notes: TextPart[] = [];
  for (const c of record.children) {
    switch (c.tag) {
      case 'TITL': case 'AUTH': case 'PUBL':
        if (fields[c.tag] === '') fields[c.tag] = text(c);
        else ctx.lost(`${path}.${c.tag}`, c);
        ctx.lostChildren(`${path}.${c.tag}`, c);
        break;
      case 'ABBR':
        if (abbr === null) abbr = c;
        else ctx.lost(`${path}.ABBR`, c);
        break;
      case 'TEXT':
        if (text(c) !== '') notes.push(c.value ?? '');
        ctx.lostChildren(`${path}.TEXT`, c);
        break;
      case 'NOTE':
      case 'SNOTE': {
        const n = readNote(c, path, ctx);
        if (n !== null) notes.push(n);
        break;
      }
      default:
        ctx.lost(`${path}.${c.tag}`, c);
    }
  }
  let title = fields.TITL;
  if (abbr !== null) {
    if (title === '') title = text(abbr);
    else ctx.lost(`${path}.ABBR`, abbr);
    ctx.lostChildren(`${path}.ABBR`, abbr);
  }
  return { xref, line: record.line, title, author: fields.AUTH, publication: fields.PUBL, notes: lean(notes) };
};

/** Maps every draft, letting go of each as soon as its plan object exists. */
const drain = <D, P>(drafts: (D | null)[], f: (d: D) => P): P[] => {
  const out: P[] = [];
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    drafts[i] = null;
    if (d !== null && d !== undefined) out.push(f(d));
  }
  drafts.length = 0;
  return out;
};

/** Records go in one at a time as the reader yields them (HEAD first); finish() (once) resolves shared notes and links, and reports. */
export const createMapper = (): Mapper => {
  const ctx = createContext();
  const links = createLinks();
  const notes: NoteStore = new Map();
  // Drafts are released one by one as finish() builds the plan, so the two never both stay whole.
  const persons: (PersonDraft | null)[] = [];
  const families: (FamilyDraft | null)[] = [];
  const sources: SourceDraft[] = [];
  const seen = { INDI: new Set<string>(), FAM: new Set<string>(), SOUR: new Set<string>() };
  let version: GedcomVersion | null = null;

  const xrefOf = (record: GedcomNode, kind: Set<string>): string | null => {
    const xref = record.xref ?? `@#L${record.line}@`;
    if (kind.has(xref)) {
      ctx.warn(record.line, `a second ${record.tag} record ${xref}: left out`);
      return null;
    }
    kind.add(xref);
    return xref;
  };

  const add = (record: GedcomNode): void => {
    switch (record.tag) {
      case 'HEAD': {
        version = gedcomVersion(record);
        const vers = record.children.find((c) => c.tag === 'GEDC')?.children.find((c) => c.tag === 'VERS');
        if (version === null && vers !== undefined) ctx.warn(vers.line, `GEDCOM version ${text(vers)} is not one this service knows: read as 5.5.1`);
        for (const c of record.children) if (HEAD_DATA.includes(c.tag)) ctx.lost(`HEAD.${c.tag}`, c);
        return;
      }
      case 'INDI': {
        const xref = xrefOf(record, seen.INDI);
        if (xref !== null) persons.push(readPerson(record, xref, ctx, links));
        return;
      }
      case 'FAM': {
        const xref = xrefOf(record, seen.FAM);
        if (xref !== null) families.push(readFamily(record, xref, ctx));
        return;
      }
      case 'SOUR': {
        const xref = xrefOf(record, seen.SOUR);
        if (xref !== null) sources.push(readSource(record, xref, ctx));
        return;
      }
      case 'NOTE':
      case 'SNOTE':
        if (record.xref === null || notes.has(record.xref)) ctx.lost(record.tag, record);
        else notes.set(record.xref, { text: record.value ?? '', tag: record.tag, line: record.line, used: false });
        ctx.lostChildren(record.tag, record);
        return;
      case 'TRLR':
      case 'SUBN':
        return;
      default:
        ctx.lost(record.tag, record);
    }
  };

  const finish = (): ImportPlan => {
    const index = indexLinks(links, seen.FAM, ctx);
    const plan = {
      version,
      persons: drain(persons, (p) => finishPerson(p, seen.SOUR, notes, ctx)),
      families: drain(families, (f) => finishFamily(f, index, seen.INDI, seen.SOUR, notes, ctx)),
      sources: sources.map((s) => ({ ...s, notes: resolveText(s.notes, notes, ctx) })),
    };
    for (const n of notes.values()) if (!n.used) ctx.count(n.tag, n.line);
    const warnings = ctx.warnings();
    return { ...plan, unmapped: ctx.unmapped(), warnings: warnings.list, warningCount: warnings.count };
  };

  return { add, finish };
};
