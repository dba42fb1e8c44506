import iconv from 'iconv-lite';
import { NotGedcomError } from './types.js';
import { sniffBytes, type Sniffed } from './encoding.js';
import { createLineSplitter, parseLine } from './reader-lines.js';

/** What the HEAD record says before anything is decoded for real. */
export type HeadFacts = {
  readonly sniffed: Sniffed;
  /** HEAD.CHAR as written (trimmed), or null. */
  readonly charset: string | null;
  readonly charsetLine: number | null;
  /** HEAD.GEDC.VERS as written (trimmed), or null. */
  readonly version: string | null;
};

export type HeadBuffer = {
  /**
   * Takes the next chunk; returns the facts once HEAD is complete (or 64 KiB are in), else null and
   * keeps a copy of the chunk. Throws NotGedcomError.
   */
  readonly push: (chunk: Uint8Array) => HeadFacts | null;
  /** At the end of the input: the facts from whatever came. Throws NotGedcomError. */
  readonly finish: () => HeadFacts;
  /** The chunks kept so far (not the one that completed HEAD), and forgets them. */
  readonly drain: () => Uint8Array[];
};

/** HEAD is a few KB; past this we decide with what we have (and a first line this long is not GEDCOM). */
const HEAD_LIMIT = 64 * 1024;

/**
 * Reads the first bytes provisionally (latin1 for ASCII-based files, whose structure is ASCII
 * whatever the charset; UTF-16 when the bytes say so) until the HEAD record is complete, to find
 * GEDC.VERS and CHAR, and to reject input whose first non-blank line is not `0 HEAD`. Chunks are
 * copied while undecided, as a producer may reuse its buffer once it is asked for the next one.
 */
export const createHeadBuffer = (): HeadBuffer => {
  let held: Uint8Array[] = [];
  let size = 0;
  let first: Uint8Array[] = []; // the first bytes, until there are enough to sniff
  let sniffed: Sniffed | null = null;
  let probe: ((bytes: Uint8Array) => string) | null = null;
  let sawHead = false;
  let headDone = false;
  let notGedcom: string | null = null;
  let inGedc = false;
  let charset: string | null = null;
  let charsetLine: number | null = null;
  let version: string | null = null;

  const lines = createLineSplitter((text, start, end, line) => {
    if (headDone || notGedcom !== null) return;
    const parsed = parseLine(text, start, end);
    if (parsed.kind === 'blank') return;
    if (!sawHead) {
      if (parsed.kind === 'line' && parsed.level === 0 && parsed.xref === null && parsed.tag === 'HEAD') sawHead = true;
      else notGedcom = `line ${line} is not "0 HEAD"`;
      return;
    }
    if (parsed.kind !== 'line') return;
    if (parsed.level === 0) headDone = true;
    else if (parsed.level === 1) {
      inGedc = parsed.tag === 'GEDC';
      if (parsed.tag === 'CHAR') {
        charset = parsed.value?.trim() ?? null;
        charsetLine = line;
      }
    } else if (parsed.level === 2 && inGedc && parsed.tag === 'VERS') version = parsed.value?.trim() ?? null;
  });

  const startProbe = (): void => {
    const bytes = Buffer.concat(first);
    first = [];
    sniffed = sniffBytes(bytes);
    if (sniffed.charset === 'utf-16le' || sniffed.charset === 'utf-16be') {
      const decoder = iconv.getDecoder(sniffed.charset);
      probe = (b) => decoder.write(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
      lines.push(probe(bytes));
    } else {
      probe = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
      lines.push(probe(bytes.subarray(sniffed.bomLength)));
    }
  };

  const take = (part: Uint8Array): void => {
    if (probe !== null) lines.push(probe(part));
    else {
      first.push(Uint8Array.from(part));
      if (first.reduce((n, b) => n + b.length, 0) >= 4) startProbe();
    }
    if (notGedcom !== null) throw new NotGedcomError(`Not a GEDCOM file: ${notGedcom}.`);
  };

  const facts = (): HeadFacts => ({ sniffed: sniffed!, charset, charsetLine, version });

  const push = (chunk: Uint8Array): HeadFacts | null => {
    take(chunk.subarray(0, Math.max(0, HEAD_LIMIT - size)));
    size += chunk.length;
    if (headDone) return facts();
    if (size >= HEAD_LIMIT) {
      if (!sawHead) throw new NotGedcomError(`Not a GEDCOM file: no "0 HEAD" line in the first ${HEAD_LIMIT} bytes.`);
      return facts();
    }
    held.push(Uint8Array.from(chunk));
    return null;
  };

  const finish = (): HeadFacts => {
    if (probe === null) startProbe();
    lines.end();
    if (notGedcom !== null) throw new NotGedcomError(`Not a GEDCOM file: ${notGedcom}.`);
    if (!sawHead) throw new NotGedcomError(size === 0 ? 'Not a GEDCOM file: it is empty.' : 'Not a GEDCOM file: it has no "0 HEAD" line.');
    return facts();
  };

  const drain = (): Uint8Array[] => {
    const out = held;
    held = [];
    return out;
  };

  return { push, finish, drain };
};
