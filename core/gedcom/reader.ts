import { GedcomTooLargeError, type GedcomDiagnostic, type GedcomNode, type GedcomVersion } from './types.js';
import { chooseCharset, createDecoder } from './encoding.js';
import { createHeadBuffer, type HeadFacts } from './reader-head.js';
import { createLineSplitter, repairLine } from './reader-lines.js';
import { createTreeBuilder } from './reader-tree.js';

/**
 * What the reader holds in memory at most; past a limit it throws GedcomTooLargeError. Characters
 * are decoded UTF-16 code units. Each default is far above any real file: GEDCOM 5.5.1 allows 255
 * characters a line (long text is split by CONC/CONT), and one exporter or another writes a whole
 * note on one line, which is still some KB; the biggest real records (a person with hundreds of
 * events and citations, a shared note with a transcribed register) have thousands of lines and well
 * under a megabyte. A record's nodes cost about 150 bytes a line, so the line limit keeps one record
 * near 15 MB of nodes, and the character limit its text near 32 MB.
 */
export type ReadLimits = {
  /** Characters in one physical line (without its line end). Default 1 MiB. */
  readonly maxLineChars: number;
  /** Lines in one level-0 record, its first line and continuations included. Default 100,000. */
  readonly maxRecordLines: number;
  /** Characters in the lines of one level-0 record. Default 16 MiB. */
  readonly maxRecordChars: number;
};

export const DEFAULT_READ_LIMITS: ReadLimits = { maxLineChars: 1 << 20, maxRecordLines: 100_000, maxRecordChars: 16 << 20 };

export type ReadOptions = { readonly onDiagnostic?: (d: GedcomDiagnostic) => void; readonly limits?: Partial<ReadLimits> };

/** Bytes decoded and parsed in one step at most; bounds the records waiting to be yielded. */
const SLICE = 64 * 1024;

/**
 * Yields each level-0 record (HEAD first, TRLR included) with its substructures nested, as soon as it
 * is complete (records completed by one chunk are yielded after that chunk is parsed, so a diagnostic
 * can arrive before the records that precede its line).
 *
 * Throws NotGedcomError, before yielding anything, when the first non-blank line is not `0 HEAD`, and
 * GedcomTooLargeError when a line or a record breaks a ReadLimits bound; every other problem is a
 * diagnostic and the reading goes on. What PostgreSQL text cannot hold is repaired in every line that
 * has it (U+0000 dropped, an unpaired surrogate read as U+FFFD; see repairLine), with a diagnostic.
 * The charset comes from a BOM, else UTF-16 zero bytes, else GEDCOM 7 (UTF-8), else HEAD.CHAR; see
 * encoding.ts.
 * Memory: the current record, the records of one 64 KiB slice, and a partial line, each bounded by
 * ReadLimits.
 */
export async function* readGedcom(bytes: AsyncIterable<Uint8Array>, options?: ReadOptions): AsyncGenerator<GedcomNode> {
  for await (const batch of readGedcomBatches(bytes, options)) yield* batch;
}

/**
 * readGedcom's records in batches: the records each step completes (a chunk's slice of at most 64
 * KiB, or the end), in file order, never an empty batch. A reader of a whole file (the import's two
 * passes) takes them so: a record at a time, each through the async generator's promise, cost about
 * as much as the scan's own work on a 100,000-person file (issue 27).
 */
export async function* readGedcomBatches(bytes: AsyncIterable<Uint8Array>, options?: ReadOptions): AsyncGenerator<readonly GedcomNode[]> {
  const report = options?.onDiagnostic ?? (() => undefined);
  const limits: ReadLimits = { ...DEFAULT_READ_LIMITS, ...options?.limits };
  const head = createHeadBuffer();
  let parser: ChunkParser | null = null;
  for await (const chunk of bytes) {
    if (parser === null) {
      const facts = head.push(chunk);
      if (facts === null) continue;
      parser = createChunkParser(facts, report, limits);
      for (const held of head.drain()) yield* parser.write(held);
    }
    yield* parser.write(chunk);
  }
  if (parser === null) {
    parser = createChunkParser(head.finish(), report, limits);
    for (const held of head.drain()) yield* parser.write(held);
  }
  yield* parser.end();
}

type ChunkParser = {
  readonly write: (bytes: Uint8Array) => Generator<readonly GedcomNode[]>;
  readonly end: () => Generator<readonly GedcomNode[]>;
};

const createChunkParser = (facts: HeadFacts, report: (d: GedcomDiagnostic) => void, limits: ReadLimits): ChunkParser => {
  const choice = chooseCharset(facts.sniffed, facts.charset, facts.version);
  if (choice.note !== null) report({ line: facts.charsetLine ?? 1, message: choice.note });
  const tree = createTreeBuilder({ gedcom7: facts.version !== null && /^7(\.|$)/.test(facts.version), report });
  let invalidAt = -1; // offset in the decoded text of the first byte that was not UTF-8
  let decodedSoFar = 0;
  // Lines are searched for what PostgreSQL text cannot hold (repairLine) once the decoded text has
  // had a U+0000, and always in UTF-16 (the only decoder here that can hand out a lone surrogate).
  let suspect = choice.charset === 'utf-16le' || choice.charset === 'utf-16be';
  const lines = createLineSplitter((text, start, end, line) => {
    if (invalidAt >= 0 && lines.base() + end >= invalidAt) {
      invalidAt = -2;
      report({ line, message: 'bytes that are not UTF-8 read as Windows-1252 (from this line on, where they occur)' });
    }
    const repaired = suspect ? repairLine(text, start, end) : null;
    if (repaired === null) tree.line(text, start, end, line);
    else {
      if (repaired.nul) report({ line, message: 'NUL characters removed from this line' });
      if (repaired.surrogates) report({ line, message: 'unpaired UTF-16 surrogates read as U+FFFD' });
      tree.line(repaired.text, 0, repaired.text.length, line);
    }
    const held = tree.held();
    if (held.lines > limits.maxRecordLines) throw new GedcomTooLargeError(held.line, `the record at line ${held.line} has more than ${limits.maxRecordLines} lines`);
    if (held.chars > limits.maxRecordChars) throw new GedcomTooLargeError(held.line, `the record at line ${held.line} has more than ${limits.maxRecordChars} characters`);
  }, limits.maxLineChars);
  const decoder = createDecoder(choice.charset, (index) => {
    if (invalidAt === -1) invalidAt = decodedSoFar + index;
  });
  const feed = (text: string): void => {
    if (!suspect && text.includes('\0')) suspect = true;
    lines.push(text);
    decodedSoFar += text.length;
  };

  function* write(bytes: Uint8Array): Generator<readonly GedcomNode[]> {
    for (let offset = 0; offset < bytes.length; offset += SLICE) {
      feed(decoder.write(bytes.subarray(offset, offset + SLICE)));
      const done = tree.take();
      if (done.length > 0) yield done;
    }
  }
  function* end(): Generator<readonly GedcomNode[]> {
    feed(decoder.end());
    lines.end();
    tree.end(lines.lines());
    const done = tree.take();
    if (done.length > 0) yield done;
  }
  return { write, end };
};

/** The GEDCOM version declared by HEAD.GEDC.VERS (5.5, 5.5.1, 5.5.5, 7.0 and 7.0.x -> '7.0'), or null. */
export const gedcomVersion = (head: GedcomNode): GedcomVersion | null => {
  const vers = head.children.find((c) => c.tag === 'GEDC')?.children.find((c) => c.tag === 'VERS')?.value?.trim();
  if (vers === undefined) return null;
  if (vers === '5.5' || vers === '5.5.1' || vers === '5.5.5') return vers;
  return /^7\.0(\.\d+)?$/.test(vers) ? '7.0' : null;
};
