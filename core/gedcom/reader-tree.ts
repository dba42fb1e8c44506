import type { GedcomDiagnostic, GedcomNode } from './types.js';
import { parseLine } from './reader-lines.js';

type Node = { tag: string; xref: string | null; value: string | null; pointer: boolean; line: number; children: Node[] };

export type TreeBuilder = {
  /** Takes one physical line (see LineSink). */
  readonly line: (text: string, start: number, end: number, line: number) => void;
  /** Closes the last record; `lastLine` is the number of the file's last line. */
  readonly end: (lastLine: number) => void;
  /** The records completed since the last call. */
  readonly take: () => GedcomNode[];
  /** What the record being read holds so far (one object, updated in place). */
  readonly held: () => HeldRecord;
};

/** The record being read: its first line's number, the lines it holds (continuations included) and their characters. */
export type HeldRecord = { readonly line: number; readonly lines: number; readonly chars: number };

/** `@X1@`, GEDCOM 7 `@VOID@` included; `@#D...@` starts a 5.5 escape (a calendar), not a pointer. */
const POINTER = /^@[^@#\s][^@\s]*@$/;

/**
 * Nests lines into records by level, folds CONT ("\n" + text) and CONC (text) into the value of their
 * superior, and unescapes `@@` (5.5.x: everywhere in a text value; 7.0: a leading `@@` only). A value
 * loses its trailing spaces and tabs once it is complete (after folding, so a space before a CONC
 * split is kept), and an empty value is null. Lines that cannot be placed are reported and skipped:
 * malformed lines, level jumps, CONT/CONC at level 0 or without a superior or under a pointer.
 */
export const createTreeBuilder = (opts: { readonly gedcom7: boolean; readonly report: (d: GedcomDiagnostic) => void }): TreeBuilder => {
  const { gedcom7, report } = opts;
  const stack: Node[] = [];
  let done: GedcomNode[] = [];
  let trailerLine = 0;
  let afterTrailerReported = false;
  let misleveled: Node | null = null; // the line whose same-level continuations were last reported
  const held = { line: 0, lines: 0, chars: 0 };

  const unescape = gedcom7
    ? (v: string): string => (v.startsWith('@@') ? v.slice(1) : v)
    : (v: string): string => (v.includes('@@') ? v.replaceAll('@@', '@') : v);

  /** Completes the nodes deeper than `depth - 1`. */
  const close = (depth: number): void => {
    for (let i = stack.length - 1; i >= depth; i--) {
      const node = stack[i]!;
      const v = node.value;
      if (v !== null) {
        const last = v.charCodeAt(v.length - 1);
        if (last === 32 || last === 9) {
          // A loop, not `/[ \t]+$/`: that pattern retries from every blank of a long inner run (quadratic).
          let end = v.length - 1;
          while (end > 0 && (v.charCodeAt(end - 1) === 32 || v.charCodeAt(end - 1) === 9)) end--;
          const trimmed = v.slice(0, end);
          node.value = trimmed === '' ? null : trimmed;
        }
      }
    }
    if (stack.length > depth) stack.length = depth;
  };

  const closeRecord = (): void => {
    const record = stack[0];
    close(0);
    if (record !== undefined) done.push(record);
  };

  const line = (text: string, start: number, end: number, lineNo: number): void => {
    const parsed = parseLine(text, start, end);
    if (parsed.kind === 'blank') return;
    if (parsed.kind === 'bad') {
      report({ line: lineNo, message: `${parsed.message}; line skipped` });
      return;
    }
    let level = parsed.level;
    const tag = parsed.tag;
    if (tag === 'CONT' || tag === 'CONC') {
      if (level === 0) return report({ line: lineNo, message: `${tag} at level 0; line skipped` });
      let superior = level <= stack.length ? stack[level - 1]! : undefined;
      if (superior === undefined) return report({ line: lineNo, message: `${tag} at level ${level} without a superior line at level ${level - 1}; line skipped` });
      // Some exporters write `1 NOTE a` + `1 CONC b` (the continuation at the level of the line it
      // continues). A superior without text (INDI...) cannot be what is meant; take the line above.
      const sibling = stack[level];
      if (superior.value === null && sibling !== undefined && sibling.value !== null && !sibling.pointer && stack.length === level + 1) {
        if (sibling !== misleveled) {
          misleveled = sibling;
          report({ line: lineNo, message: `CONT/CONC at level ${level} continue the level ${level} ${sibling.tag} line above them (expected level ${level + 1})` });
        }
        superior = sibling;
        level++;
      }
      if (superior.pointer) return report({ line: lineNo, message: `${tag} continues a pointer value; line skipped` });
      close(level);
      held.lines += 1;
      held.chars += end - start;
      const more = parsed.value === null ? '' : unescape(parsed.value);
      superior.value = (superior.value ?? '') + (tag === 'CONT' ? '\n' : '') + more;
      return;
    }
    if (level > stack.length) {
      return report({ line: lineNo, message: `level ${level} line under a level ${stack.length - 1} line; line skipped` });
    }
    let value = parsed.value;
    let pointer = false;
    if (value !== null) {
      if (value.charCodeAt(0) === 64 && value.charCodeAt(1) !== 64) {
        const trimmed = value.trimEnd();
        if (POINTER.test(trimmed)) {
          value = trimmed;
          pointer = true;
        }
      }
      if (!pointer) value = unescape(value);
    }
    const node: Node = { tag, xref: parsed.xref, value, pointer, line: lineNo, children: [] };
    if (level === 0) {
      closeRecord();
      held.line = lineNo;
      held.lines = 1;
      held.chars = end - start;
      if (trailerLine > 0 && !afterTrailerReported) {
        afterTrailerReported = true;
        report({ line: lineNo, message: `record after TRLR (line ${trailerLine})` });
      }
      if (tag === 'TRLR') trailerLine = lineNo;
    } else {
      close(level);
      stack[level - 1]!.children.push(node);
      held.lines += 1;
      held.chars += end - start;
    }
    stack.push(node);
  };

  const end = (lastLine: number): void => {
    const last = stack[0];
    closeRecord();
    if (last !== undefined && last.tag !== 'TRLR') report({ line: lastLine, message: 'the file ends without TRLR' });
  };

  const take = (): GedcomNode[] => {
    const out = done;
    done = [];
    return out;
  };

  return { line, end, take, held: () => held };
};
