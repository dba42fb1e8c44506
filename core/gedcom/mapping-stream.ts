import type { GedcomNode, GedcomVersion, KeptRecord, PlanFamily, PlanMedia, PlanPerson, PlanSource, UnmappedTag } from './types.js';
import { gedcomVersion } from './reader.js';
import { createContext, resolveText, text } from './mapping-context.js';
import { keptLines, keptTextLines } from './extensions.js';
import { finishFamily, readFamily } from './mapping-family.js';
import { createLinks } from './mapping-links.js';
import { finishPerson, readPerson } from './mapping-person.js';
import { HEAD_DATA, headSubmitter, readSource } from './mapping.js';
import { countObjeRecord, sourceMedia, unattachedMedia } from './mapping-media.js';
import { readRepository } from './mapping-repositories.js';
import type { Scan } from './import-scan.js';
import type { Warnings } from './warnings.js';
import { ownText } from '../kernel/own-text.js';

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
    /** Records no row takes, kept whole (extensions.ts). */
    readonly records: readonly KeptRecord[];
    /** The file's HEAD.SCHMA TAG values (`_TAG uri`). */
    readonly declarations: readonly string[];
    readonly warnings: Warnings;
  };
};

/** The lines of a family the mapping counted as kept already (its own, its events' and its citations'): keeping it whole counts the rest. */
const countedLines = (f: PlanFamily): number => {
  const of = (x: { readonly extra?: string | undefined }): number => (x.extra === undefined ? 0 : keptTextLines(x.extra));
  let n = of(f);
  for (const e of f.events) n += of(e) + e.citations.reduce((m, c) => m + of(c), 0);
  for (const c of f.citations) n += of(c);
  return n;
};

export const createStreamMapper = (scan: Scan): StreamMapper => {
  const ctx = createContext();
  for (const w of scan.linkWarnings.list) ctx.warn(w.line, w.message);
  const linkWarningsLeft = scan.linkWarnings.count - scan.linkWarnings.list.length;
  const sources: ReadonlySet<string> = new Set(scan.sources.keys());
  const repositories: ReadonlySet<string> = new Set(scan.repositories.keys());
  let version: GedcomVersion | null = null;
  let submitter: string | null = null;
  /** Shared notes kept whole as they arrived, with their lines. */
  const keptNotes = new Map<string, number>();

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
        submitter = headSubmitter(record);
        ctx.fromSeven(version === '7.0');
        // Extension tags as the file documents them (a URI each, an alias of a standard tag maybe).
        for (const t of record.children.find((c) => c.tag === 'SCHMA')?.children ?? []) {
          const v = text(t).replace(/\s+/g, ' ');
          if (t.tag === 'TAG' && /^_[A-Za-z0-9_]+ \S+$/.test(v)) ctx.declare(v);
        }
        const vers = record.children.find((c) => c.tag === 'GEDC')?.children.find((c) => c.tag === 'VERS');
        if (version === null && vers !== undefined) ctx.warn(vers.line, `GEDCOM version ${text(vers)} is not one this service knows: read as 5.5.1`);
        for (const c of record.children) if (HEAD_DATA.includes(c.tag)) ctx.lost(`HEAD.${c.tag}`, c);
        return null;
      }
      case 'INDI': {
        const index = scan.persons.get(record.xref ?? `@#L${record.line}@`);
        const xref = first(record, index === undefined ? undefined : scan.personLines[index]);
        if (xref === null || index === undefined) return null;
        // The links were gathered by the scan; these are read again only for their warnings.
        return { kind: 'person', index, person: finishPerson(readPerson(record, xref, ctx, createLinks(), scan.rowless), sources, scan.notes, ctx, scan.media) };
      }
      case 'FAM': {
        const xref = first(record, scan.families.get(record.xref ?? `@#L${record.line}@`));
        if (xref === null) return null;
        const family = finishFamily(readFamily(record, xref, ctx), scan.links, scan.persons, sources, scan.notes, ctx);
        // A family that makes no row (no partner; or one, and no child, event, citation or note): kept
        // whole, so an export still has it (its own kept lines are in it, and counted once), and the
        // FAMS and FAMC lines naming it too (the scan told the persons: rowless).
        if (scan.rowless.has(xref)
          || (family.partners.length < 2 && family.children.length === 0 && family.events.length === 0 && family.citations.length === 0 && family.notes === '')) {
          ctx.keepRecord(record.tag, record, countedLines(family));
          return null;
        }
        return { kind: 'family', family };
      }
      case 'SOUR': {
        const xref = first(record, scan.sources.get(record.xref ?? `@#L${record.line}@`)?.line);
        if (xref === null) return null;
        const { media: links, ...s } = readSource(record, xref, ctx, repositories);
        return {
          kind: 'source',
          source: { ...s, notes: resolveText(s.notes, scan.notes, ctx), dataNotes: resolveText(s.dataNotes, scan.notes, ctx), ...sourceMedia(links, xref, ctx, scan.media) },
        };
      }
      case 'REPO': {
        // Written before this pass (scanRepositories); read again here for what it loses and warns of.
        const xref = first(record, scan.repositories.get(record.xref ?? `@#L${record.line}@`)?.line);
        if (xref !== null) resolveText(readRepository(record, xref, ctx).notes, scan.notes, ctx);
        return null;
      }
      case 'NOTE':
      case 'SNOTE':
        if (record.xref === null || scan.notes.get(record.xref)?.line !== record.line) {
          ctx.lost(record.tag, record);
          ctx.lostChildren(record.tag, record);
        } else {
          // Kept whole as well as read into the notes of what points at it: their note forms point at
          // it again on export (extensions.ts), its substructures (unmapped) with it.
          if (ctx.keepRecord(record.tag, record, 0, false)) {
            keptNotes.set(ownText(record.xref), keptLines(record) - record.children.reduce((n, c) => n + keptLines(c), 0));
            for (const c of record.children) ctx.countKept(`${record.tag}.${c.tag}`, c.line, keptLines(c));
          } else ctx.lostChildren(record.tag, record);
        }
        return null;
      case 'OBJE':
        countObjeRecord(scan.media, record, ctx);
        return null;
      case 'SUBM':
        // The file's own submitter (HEAD.SUBM) is the exporting program's or person's: export writes
        // its own (keeping it would add one more on every round trip). Any other is kept whole.
        if (record.xref === null || record.xref !== submitter) ctx.lost(record.tag, record);
        return null;
      case 'SUBN':
        ctx.lost(record.tag, record);
        return null;
      case 'TRLR':
        return null;
      default:
        ctx.lost(record.tag, record);
        return null;
    }
  };

  const finish = () => {
    // Shared notes were kept whole as they arrived (one nothing references counts as unmapped); one
    // the scan knows but this pass did not keep is kept from its text when nothing uses it or a kept
    // structure points at it.
    for (const [xref, n] of scan.notes) {
      const kept = keptNotes.get(xref);
      if (kept !== undefined) {
        if (!n.used) ctx.countKept(n.tag, n.line, kept);
        continue;
      }
      if (!n.used || ctx.keptPointsAt(xref)) ctx.keepRecord(n.tag, { tag: n.tag, xref, value: n.text === '' ? null : n.text, pointer: false, line: n.line, children: [] });
    }
    const w = ctx.warnings();
    return {
      version, media: unattachedMedia(scan.media), unmapped: ctx.unmapped(), records: ctx.records(), declarations: ctx.declarations(),
      warnings: { list: w.list, count: w.count + linkWarningsLeft },
    };
  };
  return { add, finish };
};
