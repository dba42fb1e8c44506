import { E, type Result } from '../kernel/either.js';
import { eventLoopTurns } from '../kernel/turns.js';
import { invalidInput } from '../kernel/errors.js';
import { createContext, isVoid, resolveText, type Context, type NoteStore } from './mapping-context.js';
import { createLinkIndex, createLinks, type LinkIndex } from './mapping-links.js';
import { adoptionFamc, finishPerson, readFamc, readPerson, sealingFamc } from './mapping-person.js';
import { readSource } from './mapping.js';
import { familyEventKind } from './mapping-events.js';
import { readRepository, type RepositoryDraft } from './mapping-repositories.js';
import { addObjeRecord, createMediaStore, hasZipEntry, noteObjeLinks, type MediaStore } from './mapping-media.js';
import type { MediaFiles } from './gedzip.js';
import { gedcomVersion, readGedcomBatches, type ReadLimits } from './reader.js';
import { GedcomTooLargeError, NotGedcomError, type GedcomNode, type PlanPerson, type PlanRepository } from './types.js';
import type { Warnings } from './warnings.js';
import { ownText } from '../kernel/own-text.js';

// The first of the import's two passes over a file. A streamed import cannot hold the file's
// records, but a record may point at one the file has not reached yet: a family before its members,
// sources and shared notes at the end. So the first pass keeps only what resolving pointers needs,
// small per record (the xrefs, the INDI-side family links, the source titles and the shared notes'
// text), and the second pass maps and writes each record as it arrives.

/** A file to read twice: each call reads it again from its first byte. */
export type GedcomFile = {
  readonly open: () => AsyncIterable<Uint8Array>;
  /** A .gdz's other files: OBJE whose FILE is one of them become media (mapping-media.ts, gedzip-import.ts). */
  readonly media?: MediaFiles;
};

export type ScannedSource = { readonly line: number; readonly title: string; readonly author: string; readonly publication: string };

export type Scan = {
  /** INDI xref -> its index in file order (the first record of that xref only). */
  readonly persons: ReadonlyMap<string, number>;
  /** The line of each person's record, by index: a second record of one xref is told by its line. */
  readonly personLines: readonly number[];
  /** FAM xref -> line of its first record. */
  readonly families: ReadonlyMap<string, number>;
  /**
   * FAM records that make no row: no partner, or one partner and nothing else (no child, event,
   * citation or note). They are kept whole, and so are the FAMS and FAMC lines that point at them.
   */
  readonly rowless: ReadonlySet<string>;
  /** SOUR xref -> line and the fields a source is matched by. */
  readonly sources: ReadonlyMap<string, ScannedSource>;
  /** REPO xref -> the repository (the first record of that xref): sources may name one before it comes, so all are written first. */
  readonly repositories: ReadonlyMap<string, RepositoryDraft>;
  readonly notes: NoteStore;
  readonly links: LinkIndex;
  /** What matching the links with the families found wrong (FAMC/FAMS naming no family). */
  readonly linkWarnings: Warnings;
  readonly records: number;
  /** The OBJE records whose FILE the .gdz holds; the second pass marks which record links each. */
  readonly media: MediaStore;
};

/**
 * What the first pass holds, bounded by what a file can sensibly hold, so that a hostile file is
 * refused (422 `gedcom_too_large`) before memory grows: family links in one INDI record (a person
 * has a handful of families; 1,000 is beyond any real record), links in the whole file (the
 * bench's generated 1,000,000-person file has about 1.2 million), the families those links name
 * (it has about 235,000; each costs some 80 bytes while the scan runs), and every xref the scan keeps (persons, families, sources, shared notes, media records). Measured on
 * the hostile files of spec/e2e/hostile-uploads.spec.ts the service's peak RSS stays under 350 MB.
 */
export const SCAN_LIMITS = { linksPerRecord: 1_000, links: 2_000_000, linkedFamilies: 800_000, ids: 3_000_000 } as const;

/** Takes each INDI record as the scan meets it (the import's duplicate guard decides here). */
export type ScanHooks = {
  /** `seven`: the file is GEDCOM 7 (its HEAD says so). */
  readonly onPerson?: (xref: string, record: GedcomNode, seven: boolean) => void;
  readonly onRecord?: (records: number) => void;
  /** Called between records: a promise to await before the next one (the import's writes of what the pass wrote: import-early-names.ts), else undefined. */
  readonly between?: () => Promise<void> | undefined;
};

/** A context that keeps nothing: the second pass reports what the mapping steps over, once. */
const silent = (): Context => ({
  warn: () => undefined, lost: () => undefined, keep: () => undefined, count: () => undefined, lostChildren: () => undefined,
  open: (node) => ({ node, lost: [] }), close: () => undefined, keepRecord: () => false, countKept: () => undefined, records: () => [], keptPointsAt: () => false, noted: () => undefined, fromSeven: () => undefined, seven: () => false, declare: () => undefined, declarations: () => [],
  warnings: () => ({ list: [], count: 0 }), unmapped: () => [],
});

/** What reading a file threw, as the refusal it makes (not GEDCOM, or past a reader's bound: 422); any other error is thrown again. */
export const fileRefusal = (err: unknown): Result<never> => {
  if (err instanceof NotGedcomError) return E.left(invalidInput('not_gedcom', `This file is not GEDCOM: ${err.message}`, [{ path: 'file', message: 'not a GEDCOM file' }]));
  if (err instanceof GedcomTooLargeError)
    return E.left(invalidInput('gedcom_too_large', `This file cannot be imported: ${err.message}`, [{ path: 'file', message: `too large at line ${err.line}` }]));
  throw err;
};

export type Scanner = { readonly add: (record: GedcomNode) => void; readonly finish: () => Scan };

type LoneFamily = { readonly partners: readonly string[]; readonly children: readonly string[]; readonly busy: boolean };

/** A FAM record's own partners and children, and whether it holds anything else a row would take; null with two partners or more. */
const loneFamily = (record: GedcomNode): LoneFamily | null => {
  const partners: string[] = [];
  const children: string[] = [];
  let busy = false;
  for (const c of record.children) {
    if ((c.tag === 'HUSB' || c.tag === 'WIFE') && c.pointer && !isVoid(c)) {
      if (!partners.includes(c.value ?? '')) partners.push(ownText(c.value ?? ''));
      if (partners.length >= 2) return null;
    } else if (c.tag === 'CHIL' && c.pointer && !isVoid(c)) children.push(ownText(c.value ?? ''));
    else if (c.tag === 'SOUR' || c.tag === 'NOTE' || c.tag === 'SNOTE' || familyEventKind(c.tag) !== null) busy = true;
  }
  return { partners, children, busy };
};

/** The first pass over records as they come (scanGedcom reads them from a file). */
export const createScanner = (mediaFiles?: MediaFiles, hooks: ScanHooks = {}): Scanner => {
  const quiet = silent();
  const persons = new Map<string, number>();
  const personLines: number[] = [];
  const personXrefs: string[] = [];
  const { links, finish: indexLinks, held } = createLinkIndex({ numberOf: (xref) => persons.get(xref)!, xrefOf: (n) => personXrefs[n]! });
  const families = new Map<string, number>();
  /** Families with fewer than two partner lines: maybe rowless (finish decides with the links). */
  const lonely = new Map<string, LoneFamily>();
  const sources = new Map<string, ScannedSource>();
  const repositories = new Map<string, RepositoryDraft>();
  const notes: NoteStore = new Map();
  const media = createMediaStore(mediaFiles === undefined ? undefined : hasZipEntry(mediaFiles.has));
  let records = 0;
  const bound = (record: GedcomNode, linksBefore: number): void => {
    const now = held();
    if (now.links - linksBefore > SCAN_LIMITS.linksPerRecord)
      throw new GedcomTooLargeError(record.line, `the record at line ${record.line} links more than ${SCAN_LIMITS.linksPerRecord} families`);
    if (now.links > SCAN_LIMITS.links)
      throw new GedcomTooLargeError(record.line, `the file has more than ${SCAN_LIMITS.links} family links (at the record at line ${record.line})`);
    if (now.families > SCAN_LIMITS.linkedFamilies)
      throw new GedcomTooLargeError(record.line, `the file's links name more than ${SCAN_LIMITS.linkedFamilies} families (at the record at line ${record.line})`);
    const ids = persons.size + families.size + now.families + sources.size + repositories.size + notes.size + media.records.size + media.absent.size + media.linked.size;
    if (ids > SCAN_LIMITS.ids)
      throw new GedcomTooLargeError(record.line, `the file has more than ${SCAN_LIMITS.ids} records and family references (at the record at line ${record.line})`);
  };
  // Whether the file is GEDCOM 7 (HEAD comes first): what the repositories keep is marked so (extensions.ts).
  let seven = false;
  const add = (record: GedcomNode): void => {
    const linksBefore = held().links;
    records += 1;
    if ((records & 1023) === 0) hooks.onRecord?.(records);
    // What the scan keeps of a record must not keep the file's text it was read from (own-text.ts).
    const xref = ownText(record.xref ?? `@#L${record.line}@`);
    switch (record.tag) {
      case 'HEAD':
        seven = gedcomVersion(record) === '7.0';
        break;
      case 'INDI': {
        if (persons.has(xref)) break;
        persons.set(xref, personLines.length);
        personLines.push(record.line);
        personXrefs.push(xref);
        noteObjeLinks(media, record);
        for (const c of record.children) {
          if (c.tag === 'FAMC') readFamc(c, xref, 'INDI', quiet, links);
          else if (c.tag === 'FAMS' && c.pointer && !isVoid(c)) links.fams.push({ person: xref, fam: c.value ?? '', line: c.line });
          else if (c.tag === 'ADOP') for (const a of c.children) adoptionFamc(a, xref, 'INDI', quiet, links);
          else if (c.tag === 'SLGC') for (const a of c.children) sealingFamc(a, xref, 'INDI', quiet, links);
        }
        hooks.onPerson?.(xref, record, seven);
        break;
      }
      case 'FAM':
        if (!families.has(xref)) {
          families.set(xref, record.line);
          const lone = loneFamily(record);
          if (lone !== null) lonely.set(xref, lone);
        }
        break;
      case 'SOUR':
        if (!sources.has(xref)) {
          noteObjeLinks(media, record);
          const s = readSource(record, xref, quiet, NO_SOURCES);
          sources.set(xref, { line: record.line, title: ownText(s.title), author: ownText(s.author), publication: ownText(s.publication) });
        }
        break;
      case 'REPO':
        // A context of its own: the repository is written before the second pass, with its kept lines (that pass counts them for the report).
        if (!repositories.has(xref)) {
          const own = createContext();
          own.fromSeven(seven);
          repositories.set(xref, structuredClone(readRepository(record, xref, own)));
        }
        break;
      case 'OBJE':
        {
          // A context of its own, as for REPO: the record's kept lines ride on its PlanMedia (the second pass counts them).
          const own = createContext();
          own.fromSeven(seven);
          addObjeRecord(media, record, own);
        }
        break;
      case 'NOTE':
      case 'SNOTE':
        if (record.xref !== null && !notes.has(record.xref)) notes.set(xref, { text: ownText(record.value ?? ''), tag: record.tag, line: record.line, used: false });
        break;
      default:
    }
    bound(record, linksBefore);
  };
  const finish = (): Scan => {
    hooks.onRecord?.(records);
    const ctx = createContext();
    const index = indexLinks(families, ctx);
    // A family's partners and children are its own HUSB/WIFE/CHIL lines and the persons whose FAMS
    // or FAMC name it (as finishFamily takes them): only persons of the file count.
    const rowless = new Set<string>();
    for (const [xref, f] of lonely) {
      const partners = new Set(f.partners.filter((p) => persons.has(p)));
      for (const l of index.fams.get(xref) ?? []) partners.add(l.person);
      const children = f.children.some((c) => persons.has(c)) || index.famc.get(xref) !== undefined;
      if (partners.size === 0 || (partners.size === 1 && !children && !f.busy)) rowless.add(xref);
    }
    return { persons, personLines, families, rowless, sources, repositories, notes, links: index, linkWarnings: ctx.warnings(), records, media };
  };
  return { add, finish };
};

/**
 * Reads the file once for what its pointers need. Bytes that are not GEDCOM are 422 `not_gedcom`; a
 * line or record too long to hold is 422 `gedcom_too_large` (the second pass, reading the same bytes,
 * then cannot fail so). Memory: a few dozen bytes per person and link, plus shared notes and sources.
 */
export const scanGedcom = async (file: GedcomFile, limits?: Partial<ReadLimits>, hooks: ScanHooks = {}): Promise<Result<Scan>> => {
  const scanner = createScanner(file.media, hooks);
  // Other requests to this instance get the thread at least every TURN_MS (the second pass's reason is in turns.ts).
  const turn = eventLoopTurns();
  try {
    // By batches, and a turn awaited only when one is due: a promise per record (the reader's and the
    // turn's) cost a sixth of the pass on the 100,000-person bench file.
    for await (const records of readGedcomBatches(file.open(), limits === undefined ? {} : { limits })) {
      for (const record of records) {
        scanner.add(record);
        const writing = hooks.between?.();
        if (writing !== undefined) await writing;
        const due = turn();
        if (due !== undefined) await due;
      }
    }
  } catch (err) {
    return fileRefusal(err);
  }
  return E.right(scanner.finish());
};

const NO_SOURCES: ReadonlySet<string> = new Set();

/**
 * An INDI record as the duplicate guard compares it (candidates.ts), mapped with the mapping's own
 * rules but without shared notes or sources, which it does not look at.
 */
export const incomingFromRecord = (record: GedcomNode, xref: string): PlanPerson =>
  finishPerson(readPerson(record, xref, silent(), createLinks()), NO_SOURCES, new Map(), silent());

/** The file's REPO records as the import writes them (before its second pass), shared notes resolved. */
export const scannedRepositories = (scan: Scan): PlanRepository[] =>
  [...scan.repositories.values()].map((r) => ({ ...r, notes: resolveText(r.notes, scan.notes, silent()) }));
