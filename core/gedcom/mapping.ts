import type { GedcomNode, PlanRepositoryLink, PlanSource } from './types.js';
import { lean, readNote, text, type Context, type TextPart } from './mapping-context.js';
import { readRepositoryLink, readSourceData, type SourceData } from './mapping-repositories.js';

// GEDCOM records -> ImportPlan (SPEC "GEDCOM", Import rules and Mapping), record by record in the
// import's second pass (mapping-stream.ts, after import-scan.ts). The rules for each record are in
// mapping-person.ts, mapping-names.ts, mapping-events.ts, mapping-citations.ts, mapping-family.ts and
// mapping-links.ts, mapping-repositories.ts (REPO records, SOUR.REPO and SOUR.DATA); this file holds the SOUR record and HEAD. Choices the SPEC leaves open, for the whole file:
// - Unmapped (what was lost, by tag path, with count and first line): every structure not used,
//   whole OBJE but those with a FILE an INDI, its events or a SOUR links (mapping-media.ts), SUBM records and
//   unknown (`_X`) records, shared notes that nothing
//   references, HEAD.NOTE and HEAD.COPR. Not counted, as bookkeeping: the rest of HEAD (GEDC, CHAR,
//   SOUR, DEST, DATE, FILE, LANG, PLAC, SUBM, SCHMA...), the SUBM record HEAD.SUBM points to (who
//   made the file, not part of the tree), SUBN, TRLR, and CHAN, CREA, RIN, UID, _UID, _UPD anywhere
//   (an INDI's UID and _UID are read as identifiers).
// - A record without an xref (allowed in 7.0) still maps, under the made-up xref `@#L<line>@` (`@#`
//   cannot start a real xref, so it never clashes). A second record with an xref already seen is
//   left out with a warning.
// - Tags are compared as written (standard tags are upper case).

export type SourceDraft = Omit<PlanSource, 'notes' | 'dataNotes' | 'media'> & {
  readonly notes: readonly TextPart[]; readonly dataNotes: readonly TextPart[]; readonly media?: readonly GedcomNode[];
};

/** The xref of the file's own submitter (HEAD.SUBM), whose SUBM record is not kept (export writes its own), or null. */
export const headSubmitter = (head: GedcomNode): string | null => {
  const subm = head.children.find((c) => c.tag === 'SUBM' && c.pointer);
  return subm === undefined ? null : subm.value;
};

/** HEAD substructures that are the user's data rather than a description of the file. */
export const HEAD_DATA: readonly string[] = ['NOTE', 'COPR'];

/** A SOUR record; `repositories` are the file's REPO xrefs (its REPO links name those: mapping-repositories.ts). */
export const readSource = (record: GedcomNode, xref: string, ctx: Context, repositories: ReadonlySet<string>): SourceDraft => {
  const path = record.tag;
  const scope = ctx.open(record);
  const fields = { TITL: '', AUTH: '', PUBL: '' };
  let abbr: GedcomNode | null = null;
  const notes: TextPart[] = [];
  const media: GedcomNode[] = [];
  let data: SourceData | null = null;
  const links: PlanRepositoryLink[] = [];
  const linked = new Set<string>();
  for (const c of record.children) {
    switch (c.tag) {
      case 'DATA':
        if (data === null) data = readSourceData(c, path, ctx);
        else ctx.lost(`${path}.DATA`, c);
        break;
      case 'REPO': {
        const link = readRepositoryLink(c, path, repositories, linked, ctx);
        if (link !== null) links.push(link);
        break;
      }
      case 'OBJE':
        media.push(c);
        break;
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
        // The source's text joins its notes (and, as a note form, is written back as TEXT).
        ctx.noted(c);
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
  const abbreviation = abbr === null ? '' : text(abbr);
  if (abbr !== null) ctx.lostChildren(`${path}.ABBR`, abbr);
  const extra = ctx.close(scope);
  return {
    xref, line: record.line, title: fields.TITL === '' ? abbreviation : fields.TITL, author: fields.AUTH, publication: fields.PUBL, notes: lean(notes),
    abbreviation, recordedEvents: lean(data?.recordedEvents ?? []), agency: data?.agency ?? '', dataNotes: lean(data?.dataNotes ?? []), repositories: lean(links),
    ...(media.length > 0 ? { media } : {}),
    ...(extra === undefined ? {} : { extra }),
  };
};
