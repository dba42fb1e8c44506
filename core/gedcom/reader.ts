import type { GedcomDiagnostic, GedcomNode, GedcomVersion } from './types.js';
import { chooseCharset, createDecoder } from './encoding.js';
import { createHeadBuffer, type HeadFacts } from './reader-head.js';
import { createLineSplitter } from './reader-lines.js';
import { createTreeBuilder } from './reader-tree.js';

export type ReadOptions = { readonly onDiagnostic?: (d: GedcomDiagnostic) => void };

/** Bytes decoded and parsed in one step at most; bounds the records waiting to be yielded. */
const SLICE = 64 * 1024;

/**
 * Yields each level-0 record (HEAD first, TRLR included) with its substructures nested, as soon as it
 * is complete (records completed by one chunk are yielded after that chunk is parsed, so a diagnostic
 * can arrive before the records that precede its line).
 *
 * Throws NotGedcomError, before yielding anything, when the first non-blank line is not `0 HEAD`;
 * every other problem is a diagnostic and the reading goes on. The charset comes from a BOM, else
 * UTF-16 zero bytes, else GEDCOM 7 (UTF-8), else HEAD.CHAR; see encoding.ts.
 * Memory: the current record, the records of one 64 KiB slice, and a partial line.
 */
export async function* readGedcom(bytes: AsyncIterable<Uint8Array>, options?: ReadOptions): AsyncGenerator<GedcomNode> {
  const report = options?.onDiagnostic ?? (() => undefined);
  const head = createHeadBuffer();
  let parser: ChunkParser | null = null;
  for await (const chunk of bytes) {
    if (parser === null) {
      const facts = head.push(chunk);
      if (facts === null) continue;
      parser = createChunkParser(facts, report);
      for (const held of head.drain()) yield* parser.write(held);
    }
    yield* parser.write(chunk);
  }
  if (parser === null) {
    parser = createChunkParser(head.finish(), report);
    for (const held of head.drain()) yield* parser.write(held);
  }
  yield* parser.end();
}

type ChunkParser = {
  readonly write: (bytes: Uint8Array) => Generator<GedcomNode>;
  readonly end: () => Generator<GedcomNode>;
};

const createChunkParser = (facts: HeadFacts, report: (d: GedcomDiagnostic) => void): ChunkParser => {
  const choice = chooseCharset(facts.sniffed, facts.charset, facts.version);
  if (choice.note !== null) report({ line: facts.charsetLine ?? 1, message: choice.note });
  const tree = createTreeBuilder({ gedcom7: facts.version !== null && /^7(\.|$)/.test(facts.version), report });
  let invalidAt = -1; // offset in the decoded text of the first byte that was not UTF-8
  let decodedSoFar = 0;
  const lines = createLineSplitter((text, start, end, line) => {
    if (invalidAt >= 0 && lines.base() + end >= invalidAt) {
      invalidAt = -2;
      report({ line, message: 'bytes that are not UTF-8 read as Windows-1252 (from this line on, where they occur)' });
    }
    tree.line(text, start, end, line);
  });
  const decoder = createDecoder(choice.charset, (index) => {
    if (invalidAt === -1) invalidAt = decodedSoFar + index;
  });
  const feed = (text: string): void => {
    lines.push(text);
    decodedSoFar += text.length;
  };

  function* write(bytes: Uint8Array): Generator<GedcomNode> {
    for (let offset = 0; offset < bytes.length; offset += SLICE) {
      feed(decoder.write(bytes.subarray(offset, offset + SLICE)));
      yield* tree.take();
    }
  }
  function* end(): Generator<GedcomNode> {
    feed(decoder.end());
    lines.end();
    tree.end(lines.lines());
    yield* tree.take();
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
