import { isExtTag, isStdTag } from './gedcom7-payloads.js';

// GEDCOM 7.0 lines into structures (the specification's line grammar): level, optional xref, tag,
// optional payload; `@@` unescaped, CONT joined into its superstructure's payload.

export type Violation = { readonly line: number; readonly message: string };

export type Node = {
  readonly line: number;
  readonly xref: string | null;
  readonly tag: string;
  /** The payload with CONT lines joined and a leading `@@` unescaped; null when there is none. */
  payload: string | null;
  readonly pointer: string | null;
  continued: boolean;
  readonly children: Node[];
};

/** Lines into a forest of structures; line-level faults go to `out`. */
export const parseLines = (text: string, out: Violation[]): Node[] => {
  const roots: Node[] = [];
  const stack: Node[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((raw, k) => {
    const n = k + 1;
    const bad = (message: string): void => void out.push({ line: n, message });
    const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const sp = l.indexOf(' ');
    const levelText = sp < 0 ? l : l.slice(0, sp);
    if (!/^(?:0|[1-9]\d*)$/.test(levelText) || sp < 0) return bad(`not a GEDCOM line: "${l.slice(0, 40)}"`);
    const level = Number(levelText);
    let rest = l.slice(sp + 1);
    let xref: string | null = null;
    if (rest.startsWith('@')) {
      const end = rest.indexOf('@ ', 1);
      xref = end < 0 ? rest : rest.slice(0, end + 1);
      rest = end < 0 ? '' : rest.slice(end + 2);
      if (!/^@[A-Z0-9_]+@$/.test(xref) || xref === '@VOID@') bad(`bad cross-reference identifier ${xref}`);
    }
    const tsp = rest.indexOf(' ');
    const tag = tsp < 0 ? rest : rest.slice(0, tsp);
    if (!isStdTag(tag) && !isExtTag(tag)) bad(`bad tag "${tag}"`);
    const value = tsp < 0 ? null : rest.slice(tsp + 1);
    if (value === '') bad('a space after the tag but no payload');
    let pointer: string | null = null;
    let payload = value === '' ? null : value;
    if (value !== null && value.startsWith('@') && !value.startsWith('@@')) {
      if (/^@[A-Z0-9_]+@$/.test(value)) pointer = value;
      else bad(`payload starts with a single @ but is not a pointer: "${value.slice(0, 40)}"`);
      payload = null;
    } else if (value?.startsWith('@@')) payload = value.slice(1);
    if (level > stack.length) bad(`level ${level} after level ${stack.length - 1}`);
    stack.length = Math.min(level, stack.length);
    const parent = stack.at(-1);
    const node: Node = { line: n, xref, tag, payload, pointer, continued: false, children: [] };
    if (tag === 'CONT' && parent === undefined) bad('CONT without a structure to continue');
    if (tag === 'CONT' && parent !== undefined) {
      parent.payload = `${parent.payload ?? ''}\n${payload ?? ''}`;
      parent.continued = true;
      if (xref !== null || pointer !== null) bad('CONT with a cross-reference or a pointer');
    }
    if (xref !== null && level !== 0) bad(`cross-reference identifier ${xref} on a substructure`);
    (parent === undefined ? roots : parent.children).push(node);
    stack.push(node);
  });
  return roots;
};
