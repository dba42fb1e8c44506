import type { GedcomNode, GedcomVersion, PlanFamily, PlanMedia, PlanPerson, PlanSource, UnmappedTag } from './types.js';
import { gedcomVersion } from './reader.js';
import { createContext, resolveText, text } from './mapping-context.js';
import { finishFamily, readFamily } from './mapping-family.js';
import { createLinks } from './mapping-links.js';
import { finishPerson, readPerson } from './mapping-person.js';
import { HEAD_DATA, headSubmitter, readSource } from './mapping.js';
import { countObjeRecord, sourceMedia, unattachedMedia } from './mapping-media.js';
import type { Scan } from './import-scan.js';
import type { Warnings } from './warnings.js';

// The second pass of a streamed import: each record is mapped as the reader yields it, with what the
// first pass (import-scan.ts) knows of the rest of the file, and handed on at once. The rules are the
// mapping's own (mapping.ts and the files it names); only the order of work differs.

export type Mapped =
  | { readonly kind: 'person'; readonly person: PlanPerson; readonly index: number }
  | { readonly kind: 'family'; readonly family: PlanFamily }
  | { readonly kind: 'source'; readonly source: PlanSource };

export type StreamMapper = {
  readonly add: (record: GedcomNode) => Mapped | null;
  /** Once, after the last record: what was lost and what was stepped over. */
  readonly finish: () => {
    readonly version: GedcomVersion | null;
    /** OBJE records of a .gdz that no person or source linked: imported unattached. */
    readonly media: readonly PlanMedia[];
    readonly unmapped: readonly UnmappedTag[];
    readonly warnings: Warnings;
  };
};

export const createStreamMapper = (scan: Scan): StreamMapper => {
  const ctx = createContext();
  for (const w of scan.linkWarnings.list) ctx.warn(w.line, w.message);
  const linkWarningsLeft = scan.linkWarnings.count - scan.linkWarnings.list.length;
  const sources: ReadonlySet<string> = new Set(scan.sources.keys());
  let version: GedcomVersion | null = null;
  let submitter: string | null = null;

  /** The record's xref when it is the first record of that xref (the one the scan kept), else null with a warning. */
  const first = (record: GedcomNode, line: number | undefined): string | null => {
    const xref = record.xref ?? `@#L${record.line}@`;
    if (line === record.line) return xref;
    ctx.warn(record.line, `a second ${record.tag} record ${xref}: left out`);
    return null;
  };

  const add = (record: GedcomNode): Mapped | null => {
    switch (record.tag) {
      case 'HEAD': {
        version = gedcomVersion(record);
        const vers = record.children.find((c) => c.tag === 'GEDC')?.children.find((c) => c.tag === 'VERS');
        if (version === null && vers !== undefined) ctx.warn(vers.line, `GEDCOM version ${text(vers)} is not one this service knows: read as 5.5.1`);
        for (const c of record.children) if (HEAD_DATA.includes(c.tag)) ctx.lost(`HEAD.${c.tag}`, c);
        submitter = headSubmitter(record);
        return null;
      }
      case 'INDI': {
        const index = scan.persons.get(record.xref ?? `@#L${record.line}@`);
        const xref = first(record, index === undefined ? undefined : scan.personLines[index]);
        if (xref === null || index === undefined) return null;
        // The links were gathered by the scan; these are read again only for their warnings.
        return { kind: 'person', index, person: finishPerson(readPerson(record, xref, ctx, createLinks()), sources, scan.notes, ctx, scan.media) };
      }
      case 'FAM': {
        const xref = first(record, scan.families.get(record.xref ?? `@#L${record.line}@`));
        if (xref === null) return null;
        return { kind: 'family', family: finishFamily(readFamily(record, xref, ctx), scan.links, scan.persons, sources, scan.notes, ctx) };
      }
      case 'SOUR': {
        const xref = first(record, scan.sources.get(record.xref ?? `@#L${record.line}@`)?.line);
        if (xref === null) return null;
        const { media: links, ...s } = readSource(record, xref, ctx);
        return { kind: 'source', source: { ...s, notes: resolveText(s.notes, scan.notes, ctx), ...sourceMedia(links, xref, ctx, scan.media) } };
      }
      case 'NOTE':
      case 'SNOTE':
        if (record.xref === null || scan.notes.get(record.xref)?.line !== record.line) ctx.lost(record.tag, record);
        ctx.lostChildren(record.tag, record);
        return null;
      case 'OBJE':
        countObjeRecord(scan.media, record, ctx);
        return null;
      case 'SUBM':
        // The file's own submitter (HEAD.SUBM) is bookkeeping; any other SUBM record is not used.
        if (record.xref === null || record.xref !== submitter) ctx.lost(record.tag, record);
        return null;
      case 'TRLR':
      case 'SUBN':
        return null;
      default:
        ctx.lost(record.tag, record);
        return null;
    }
  };

  const finish = () => {
    for (const n of scan.notes.values()) if (!n.used) ctx.count(n.tag, n.line);
    const w = ctx.warnings();
    return { version, media: unattachedMedia(scan.media), unmapped: ctx.unmapped(), warnings: { list: w.list, count: w.count + linkWarningsLeft } };
  };
  return { add, finish };
};
