import type { GedcomNode, KeptNode, KeptRecord } from './types.js';
import { hash53 } from '../kernel/hash53.js';
import { line, text, type Out, type Seven } from './writer-text.js';

// GEDCOM lines the mapping does not map to the model, kept verbatim (issue 28: nothing is dropped
// silently). Each is kept on the row of the structure it came from (a person, name, event,
// citation, association or partnership, a source), as that row's `gedcomExtra` text, and written
// back in place on export: a `_UID` of an INDI under the INDI, a `_X` under a BIRT's PLAC under
// that PLAC. Records no row takes (REPO, `_EVENT_DEFN`, a note nothing references) are kept whole,
// per tree. CHAN is the only structure neither mapped nor kept: export writes its own.
//
// The text is JSON: a list of [via, node]. `via` says where under its row's structure the node
// goes: '' directly, else the structures between, each as TAG#k (the k-th substructure with that
// tag, from 0), joined by '.': 'PLAC#0', 'FAMC#1'. A node is [tag, value, pointer, children], the
// value as the reader gave it (CONT and CONC folded, `@@` unescaped). Pointers are rewritten when the
// import knows what they point to (`@#I<id>@` a person, `@#S<id>@` a source, `@#F<id>@` a partnership,
// `@#M<id>@` the media record an OBJE record became, `@X<xref>@` a kept
// record or anything else of the file), and written back as the export's cross-references.

export type { KeptNode } from './types.js';

// Note forms: a structure's NOTEs as the file wrote them (a shared note's pointer, several NOTEs) are
// mapped to the row's one notes text, joined, and also kept, with via `=<hash of that text>`. Export
// writes them back instead of the notes while the notes are still that text (and the version can take
// them); once the notes change, it writes the notes and leaves the forms out.

/** The via of note forms before the import knows the text they make (import-build.ts fills in the hash). */
export const NOTE_FORM = '=';

/**
 * Structure forms: a row that a file wrote as another structure than export would (a 5.x ALIA with a
 * name's text, which export would write as NAME with TYPE) keeps that structure, with via
 * `~<hash of the row's fields as the import made them>`. Export writes it instead of its own while the
 * row still has those fields; putExtra never writes it.
 */
export const STRUCTURE_FORM = '~';

/**
 * Family forms: a couple the file wrote as several FAM records (they married, divorced and married
 * again) is one partnership (SPEC: one partnership a couple). Its row keeps one entry with via `|<k>`
 * per FAM after the first (k from 1, in file order): a FAM node with that record's own direct kept
 * lines as children; each event of that record keeps an entry `|<k>` (a FAM node, no children). Export
 * writes the partnership as that many FAM records again, each with its events and kept lines
 * (writer.ts putFamily); putExtra never writes the entries themselves.
 */
export const FAMILY_FORM = '|';

/**
 * A family form entry: the k-th FAM after a couple's first, with these kept structures directly under
 * it (`seven`: kept from a 7.0 file, as each kept entry says).
 */
export const familyForm = (k: number, children: readonly KeptNode[] = [], seven = false, value: string | null = null): Kept =>
  (seven ? [`${FAMILY_FORM}${k}`, ['FAM', value, 0, children], 7] : [`${FAMILY_FORM}${k}`, ['FAM', value, 0, children]]);

/** A family (or link) form entry as kept: its value, its children (the record's own direct structures), and whether from a 7.0 file. */
type RawForm = { readonly value: string | null; readonly children: readonly KeptNode[]; readonly seven: boolean };

/** The family forms of a row's kept text, by k from 1. */
const rawForms = (extra: string | null | undefined): readonly RawForm[] => {
  if (extra === null || extra === undefined || !extra.includes(`["${FAMILY_FORM}`)) return [];
  const out: RawForm[] = [];
  for (const [via, n, seven] of parseKept(extra)) {
    if (!via.startsWith(FAMILY_FORM)) continue;
    const k = Number(via.slice(1));
    if (Number.isInteger(k) && k >= 1 && k <= MAX_FAMILY_FORMS) out[k - 1] = { value: n[1], children: n[3], seven: seven === 7 };
  }
  // A gap (an entry lost) still writes the FAMs after it: one without lines in its place.
  return Array.from(out, (f) => f ?? { value: null, children: [], seven: false });
};

/** A form's children as the kept text of direct structures ('' for none). */
const directText = (f: RawForm): string =>
  (f.children.length === 0 ? '' : JSON.stringify(f.children.map((c): Kept => (f.seven ? ['', c, 7] : ['', c]))));

/**
 * The FAM records after the first that a partnership's kept text says it was, by k from 1: the kept
 * text of each one's own lines (direct structures), or '' for none.
 */
export const familyForms = (extra: string | null | undefined): readonly string[] => rawForms(extra).map(directText);

/**
 * A family form's notes: its record's notes were joined into the couple's notes, which were then
 * `joined`; they are `joined.slice(start, end)`, and the first record's `joined.slice(0, firstEnd)`.
 * The form's NOTE children are the record's note forms (extensions.ts).
 */
export const familyNotesBinding = (joined: string, firstEnd: number, start: number, end: number): string =>
  `${NOTE_FORM}${notesHash(joined)}:${firstEnd}:${start}:${end}`;

const isNote = (n: KeptNode): boolean => n[0] === 'NOTE' || n[0] === 'SNOTE';

/**
 * The notes of each FAM record of a couple (familyForms' order) and of their first, from the couple's
 * `notes`: while those are the text the import joined (the last bound form's hash), each record's
 * notes are its part of them, its note forms bound to that part (written instead of it, as any row's);
 * once they changed, the first record has them all and the others none (their note forms left out).
 */
export const familyNotes = (extra: string | null | undefined, notes: string): { readonly first: string; readonly forms: readonly { readonly extra: string; readonly notes: string }[] } => {
  const forms = rawForms(extra);
  const bindings = forms.map((f) => {
    const m = f.value === null ? null : /^=([0-9a-f]{1,16}):(\d+):(\d+):(\d+)$/.exec(f.value);
    return m === null ? null : { hash: m[1]!, firstEnd: +m[2]!, start: +m[3]!, end: +m[4]! };
  });
  let last: (typeof bindings)[number] = null;
  for (const b of bindings) if (b !== null) last = b;
  const holds = last !== null && notesHash(notes) === last.hash;
  const textOf = (children: readonly KeptNode[], seven: boolean, own: string): string => {
    const kept = children.flatMap((c): Kept[] => {
      if (!isNote(c)) return [seven ? ['', c, 7] : ['', c]];
      if (!holds) return [];
      return [seven ? [`${NOTE_FORM}${notesHash(own)}`, c, 7] : [`${NOTE_FORM}${notesHash(own)}`, c]];
    });
    return kept.length === 0 ? '' : JSON.stringify(kept);
  };
  return {
    first: holds ? notes.slice(0, last!.firstEnd) : notes,
    forms: forms.map((f, i) => {
      const b = bindings[i];
      const own = holds && b !== null && b !== undefined ? notes.slice(b.start, b.end) : '';
      return { extra: textOf(f.children, f.seven, own), notes: own };
    }),
  };
};

/**
 * Link forms: a FAM of one parent whose child that parent already has through another FAM (a father's
 * own FAM of the son he adopted, beside the son's FAM with both parents: 555SAMPLE) makes no edge of
 * its own. The parent_child edge keeps an entry `|<k>` per such FAM (a FAM node whose value is the
 * child's qualifier in it, its children the record's own direct kept lines), and export writes each
 * as a FAM of that parent and child again (export-chunk.ts).
 */
export const linkForms = (extra: string | null | undefined): readonly { readonly qualifier: string; readonly extra: string }[] =>
  rawForms(extra).map((f) => ({ qualifier: f.value ?? '', extra: directText(f) }));

/**
 * Group forms: a parent the file wrote several FAM records of without a partner, each with other
 * children (royal92: Pedro III's two FAMs, each of him and one child, the mothers unknown). Every
 * edge made by the k-th such FAM of that parent after the first keeps an entry `^<k>` (a FAM node, no
 * children), and export writes the parent's children as that many FAM records again (families.ts);
 * putExtra never writes the entry itself.
 */
export const GROUP_FORM = '^';

/** The group form entry of an edge made by the parent's k-th FAM without a partner after the first. */
export const groupForm = (k: number): Kept => [`${GROUP_FORM}${k}`, ['FAM', null, 0, []]];

/** Which of its parent's FAMs without a partner an edge's kept text says it came in: k, 0 for the first (or none). */
export const groupOf = (extra: string | null | undefined): number => formNumber(extra, GROUP_FORM);

/** k of a row's first kept entry with via `<prefix><k>` (1 to MAX_FAMILY_FORMS), 0 for none. */
const formNumber = (extra: string | null | undefined, prefix: string): number => {
  if (extra === null || extra === undefined || !extra.includes(`["${prefix}`)) return 0;
  const via = parseKept(extra).find((k) => k[0].startsWith(prefix))?.[0];
  const k = via === undefined ? 0 : Number(via.slice(1));
  return Number.isInteger(k) && k >= 1 && k <= MAX_FAMILY_FORMS ? k : 0;
};

/**
 * Shared forms: a child in FAMs of one parent with two partners (a father, and each of two mothers:
 * relationships-complex, legacy10) has one edge from that parent, made by the first FAM. The other
 * partner's edge made by a later FAM keeps an entry `&` (a CHIL node, no children): it stands beside
 * that parent's edge in their couple's family, and export writes the child in that FAM too
 * (families.ts), not in a FAM of the partner alone. putExtra never writes the entry itself.
 */
export const SHARED_FORM = '&';

/** The shared form entry. */
export const sharedForm = (): Kept => [SHARED_FORM, ['CHIL', null, 0, []]];

/** Whether an edge's kept text says it came in a FAM beside the child's other parent's edge made by another FAM. */
export const isShared = (extra: string | null | undefined): boolean =>
  extra !== null && extra !== undefined && extra.includes(`["${SHARED_FORM}"`) && parseKept(extra).some((k) => k[0] === SHARED_FORM);

/** Which FAM of its couple an event's kept text says it was in: k of its family form, 0 for the first (or none). */
export const familyOf = (extra: string | null | undefined): number => formNumber(extra, FAMILY_FORM);

/** FAM records one couple is written as at most (the first and this many after it). */
export const MAX_FAMILY_FORMS = 100;

/** The structure form of a row with these fields, as kept text. */
export const structureForm = (node: GedcomNode, fields: string, seven: boolean): string =>
  JSON.stringify([seven ? [`${STRUCTURE_FORM}${notesHash(fields)}`, keptOf(node), 7] : [`${STRUCTURE_FORM}${notesHash(fields)}`, keptOf(node)]]);

/**
 * A citation's detail as the file wrote it, when not as one DATA.TEXT (a TEXT under the citation,
 * several DATA.TEXT): a structure form (a SOUR node whose children are those TEXT and DATA
 * structures, in file order) bound to the detail it made; putCitation writes them so while it is that.
 */
export const detailForm = (nodes: readonly KeptNode[], detail: string, seven: boolean): Kept => {
  const via = `${STRUCTURE_FORM}${notesHash(detail)}`;
  const n: KeptNode = ['SOUR', null, 0, nodes];
  return seven ? [via, n, 7] : [via, n];
};

/**
 * Place forms: a citation the file wrote under an event's PLAC (5.5.1 PLACE_STRUCTURE has SOURCE_
 * CITATION) is the event's citation, and keeps an entry `>` (a PLAC node, no children) so that a 5.5.1
 * export writes it under the PLAC again (7.0 has no PLAC.SOUR: under the event). putExtra never writes it.
 */
export const PLACE_FORM = '>';
export const placeForm = (): Kept => [PLACE_FORM, ['PLAC', null, 0, []]];
/** Whether a citation's kept text says the file wrote it under its event's PLAC. */
export const underPlace = (extra: string | null | undefined): boolean =>
  extra !== null && extra !== undefined && extra.includes(`[">"`) && parseKept(extra).some((k) => k[0] === PLACE_FORM);

/** What an event's tag form is bound to: an event the file wrote as FACT keeps `~<hash of this>` with a FACT node. */
export const FACT_FORM = 'FACT';

/** The tag form of an event a file wrote as FACT (export writes EVEN for any other generic event). */
export const factForm = (seven: boolean): Kept => (seven ? [`${STRUCTURE_FORM}${notesHash(FACT_FORM)}`, ['FACT', null, 0, []], 7] : [`${STRUCTURE_FORM}${notesHash(FACT_FORM)}`, ['FACT', null, 0, []]]);

/** The structure form export writes for a row with these fields now, or null (the row is written as export writes it). */
export const structureFormOf = (extra: string | null | undefined, fields: string, seven: Seven): KeptNode | null => {
  if (extra === null || extra === undefined || !extra.includes(`["${STRUCTURE_FORM}`)) return null;
  const forms = parseKept(extra).filter((k) => k[0].startsWith(STRUCTURE_FORM));
  const via = `${STRUCTURE_FORM}${notesHash(fields)}`;
  return forms.length === 1 && forms[0]![0] === via && (!seven || forms[0]![2] === 7) ? forms[0]![1] : null;
};

/** A 53-bit hash of a text (cyrb53), in hex: equal notes, equal hash; a change all but surely another. */
export const notesHash = (text: string): string => hash53(text).toString(16);

/**
 * A note form as this version writes it: a 7.0 SNOTE pointer is a 5.5.1 NOTE pointer and the other way
 * round; in 7.0, a 5.x form's substructures (a NOTE's SOUR) are left out and counted.
 */
const noteForm = (k: Kept, seven: Seven, log: ExtraLog | undefined): KeptNode => {
  const [tag, value, isPointer, children] = k[1];
  if (!seven) return [tag === 'SNOTE' ? 'NOTE' : tag, value, isPointer, children];
  if (k[2] === 7) return k[1];
  for (const c of children) skip(log, c[0]);
  return [tag === 'NOTE' && isPointer === 1 ? 'SNOTE' : tag, value, isPointer, []];
};

/** The row's kept text with its note forms bound to the notes the import made of them. */
export const withNotesHash = (extra: string, notes: string): string => {
  if (!extra.includes(`["${NOTE_FORM}",`)) return extra;
  const via = `${NOTE_FORM}${notesHash(notes)}`;
  return JSON.stringify(parseKept(extra).map((k): Kept => (k[0] === NOTE_FORM ? (k[2] === 7 ? [via, k[1], 7] : [via, k[1]]) : k)));
};

/**
 * Whether export writes the row's note forms instead of its notes: it has some, bound to exactly
 * these notes, and every shared note they point at is written in this file (`pointer`: an import past
 * its kept-record bound may not have kept it). Both versions take them (noteForm).
 */
export const notesKept = (extra: string | null | undefined, notes: string, seven: Seven, out: KeptOut): boolean =>
  extra !== null && extra !== undefined && extra.includes(`["${NOTE_FORM}`) && formsHold(parseKept(extra), notes, out);

/** notesKept over a row's kept structures already parsed. */
const formsHold = (kept: readonly Kept[], notes: string, { pointer }: KeptOut): boolean => {
  const via = `${NOTE_FORM}${notesHash(notes)}`;
  const forms = kept.filter((k) => k[0].startsWith(NOTE_FORM));
  return forms.length > 0 && forms.every((k) => k[0] === via && (k[1][2] !== 1 || k[1][1] === null || k[1][1] === '@VOID@' || pointer(k[1][1]) !== '@VOID@'));
};
/** A kept structure and where it goes under its row's structure; 7 when it was read from a GEDCOM 7 file. */
export type Kept = readonly [via: string, node: KeptNode, seven?: 7];

export const keptOf = (n: GedcomNode): KeptNode => [n.tag, n.value, n.pointer ? 1 : 0, n.children.map(keptOf)];

/** The lines a structure took in the file, substructures and CONT lines included (CONC ones are not known any more). */
export const keptLines = (n: GedcomNode): number => {
  let lines = 1;
  const v = n.value;
  if (v !== null) for (let i = v.indexOf('\n'); i >= 0; i = v.indexOf('\n', i + 1)) lines++;
  for (const c of n.children) lines += keptLines(c);
  return lines;
};

/**
 * Where each of `nodes` is under `root`: its via (see above), or in `missing` when it is not a
 * substructure of `root` (nor `root` itself, which is never kept on its own row).
 */
export const locate = (root: GedcomNode, nodes: readonly GedcomNode[]): { readonly found: Map<GedcomNode, string>; readonly missing: Set<GedcomNode> } => {
  const missing = new Set(nodes);
  const found = new Map<GedcomNode, string>();
  const walk = (n: GedcomNode, via: string): void => {
    const seen = new Map<string, number>();
    for (const c of n.children) {
      const k = seen.get(c.tag) ?? 0;
      seen.set(c.tag, k + 1);
      if (missing.delete(c)) found.set(c, via);
      else if (c.children.length > 0) walk(c, via === '' ? `${c.tag}#${k}` : `${via}.${c.tag}#${k}`);
      if (missing.size === 0) return;
    }
  };
  walk(root, '');
  return { found, missing };
};

export const parseKept = (extra: string): readonly Kept[] => JSON.parse(extra) as Kept[];

const nodeLines = (n: KeptNode): number => {
  let lines = 1;
  const v = n[1];
  if (v !== null && n[2] === 0) for (let i = v.indexOf('\n'); i >= 0; i = v.indexOf('\n', i + 1)) lines++;
  for (const c of n[3]) lines += nodeLines(c);
  return lines;
};

/** The lines (as keptLines counts them) of a row's kept text. */
export const keptTextLines = (extra: string): number => parseKept(extra).reduce((n, [, node]) => n + nodeLines(node), 0);

/** Every pointer of a kept structure through `map` (the import's rewrite). */
export const mapPointers = (n: KeptNode, map: (xref: string) => string): KeptNode =>
  [n[0], n[2] === 1 && n[1] !== null ? map(n[1]) : n[1], n[2], n[3].map((c) => mapPointers(c, map))];

/** True when a kept text has a pointer to rewrite (a cheap test before parsing it). */
export const hasPointer = (extra: string): boolean => extra.includes(',1,[');

/** The import's rewrite of a row's kept text, or the text itself when it has no pointer. */
export const rewriteExtra = (extra: string, map: (xref: string) => string): string =>
  (hasPointer(extra) ? JSON.stringify(parseKept(extra).map(([via, n, seven]) => (seven === 7 ? [via, mapPointers(n, map), 7] : [via, mapPointers(n, map)]))) : extra);

/**
 * The cross-reference a kept record, or a pointer to anything the import did not make a row of, is
 * written with: `@X<tag>_<xref>@`, `tag` the import's own (six upper-case hex digits), so that the
 * records two imports of one tree keep never share one (a second import of the same file keeps its
 * `@E1@` again). A file of ours read again loses the tag it had, not growing on each round trip.
 */
export const keptXref = (xref: string, tag: string): string => {
  if (xref === '@VOID@') return xref;
  const inner = xref.slice(1, -1);
  return `@X${tag}_${/^X[0-9A-F]{6}_/.test(inner) ? inner.slice(8) : inner}@`;
};

/** A pointer as export writes it: the record's cross-reference, `@VOID@` when the record is gone. */
export type PointerOf = (pointer: string) => string;

/** What writing kept lines needs: how pointers are written, and where to count what could not be written. */
export type KeptOut = { readonly pointer: PointerOf; readonly log?: ExtraLog };
/** Without numbers for rows: a pointer to a row is `@VOID@`, one to a kept record as it is. */
export const KEPT_OUT: KeptOut = { pointer: (p) => (p.startsWith('@#') ? '@VOID@' : p) };

/**
 * Pointers to rows (`@#I<id>@`...) as `pointers` names them, to kept records as they are when the
 * file has that record (`written`); anything else is `@VOID@` (the row is gone, the record is not
 * written in this version, or the file pointed at nothing).
 */
export const keptOut = (
  pointers: ReadonlyMap<string, string> | undefined, written: ReadonlySet<string>, log?: ExtraLog,
  /** The OBJE record this export writes for a media record, by id (`@#M<id>@`), if it writes one. */
  media?: (id: string) => string | undefined,
): KeptOut => ({
  pointer: (p) => (!p.startsWith('@#') ? (written.has(p) ? p : '@VOID@')
    : (p[2] === 'M' ? media?.(p.slice(3, -1)) : pointers?.get(p.slice(3, -1))) ?? '@VOID@'),
  ...(log === undefined ? {} : { log }),
});

/** What an export needs to know of the kept records before it writes the first line. */
export type KeptIndex = {
  /** The extension tags of everything kept (a 7.0 HEAD.SCHMA declares them), sorted. */
  readonly tags: readonly string[];
  /** Each kept record's xref as written in its file, its tag, and whether it came from a 7.0 file. */
  readonly records: readonly { readonly xref: string | null; readonly tag: string; readonly seven: boolean }[];
};

/** The cross-references of the kept records an export in this version writes (see putKeptRecord). */
export const writtenRecords = (index: KeptIndex, seven: Seven): ReadonlySet<string> =>
  new Set(index.records.filter((r) => r.xref !== null && (!seven || recordIn7(r.tag, r.seven))).map((r) => r.xref!));

/** Whether a 7.0 export writes a kept record: one read from a 7.0 file, or an extension record; a 5.x NOTE as SNOTE. */
const recordIn7 = (tag: string, seven: boolean): boolean => seven || tag === 'NOTE' || tag.startsWith('_');

/** The ids the kept text points at with `@#I...@`, `@#S...@` and `@#F...@`, for the export to number. */
export const pointedIds = (extra: string, into: Set<string>): void => {
  for (let i = extra.indexOf('"@#'); i >= 0; i = extra.indexOf('"@#', i + 3)) {
    const end = extra.indexOf('@"', i + 3);
    if (end > i) into.add(extra.slice(i + 4, end));
  }
};

/**
 * Whether 7.0 export writes a kept structure: an extension (a `_` tag) may go anywhere, and what a 7.0
 * file held goes back where it was; whether a 5.x standard structure has that place in 7.0 is not
 * known here, so it is left out and counted (see ExtraLog) rather than risk a file the 7.0 grammar
 * refuses.
 */
const writableIn7 = (k: Kept): boolean => k[2] === 7 || k[1][0].startsWith('_');

/** What an export could not write back in place: counts by top tag (7.0 standard structures, a via not found). */
export type ExtraLog = { readonly skipped: Map<string, number> };
export const createExtraLog = (): ExtraLog => ({ skipped: new Map() });
const skip = (log: ExtraLog | undefined, why: string): void => {
  if (log !== undefined) log.skipped.set(why, (log.skipped.get(why) ?? 0) + 1);
};

const putNode = (out: Out, level: number, n: KeptNode, seven: Seven, pointer: PointerOf): void => {
  const [tag, value, isPointer, children] = n;
  if (value === null) out.push(line(level, tag));
  else if (isPointer === 1) out.push(line(level, tag, pointer(value)));
  else {
    const t = text(level, tag, value, seven);
    // An empty or blank value is written as no value (text writes nothing for '').
    out.push(t === '' ? line(level, tag) : t);
  }
  for (const c of children) putNode(out, level + 1, c, seven, pointer);
};

/** A kept whole record (`0 @X..@ TAG`), under the cross-reference the import gave it (keptXref). */
/** A kept structure at `level` (a structure form, written by the row's writer). */
export const putKeptNode = (out: Out, level: number, n: KeptNode, seven: Seven, { pointer }: KeptOut): void => putNode(out, level, n, seven, pointer);

export const putKeptRecord = (out: Out, r: KeptRecord, seven: Seven, { pointer, log }: KeptOut): void => {
  const { xref, node: n } = r;
  let tag = n[0];
  let children = n[3];
  if (seven && r.seven !== true) {
    if (!recordIn7(tag, false)) return skip(log, `${tag} record`);
    if (tag === 'NOTE') {
      tag = 'SNOTE';
      // A 5.x note record's substructures (its SOUR, REFN...) are 5.x structures: left out, counted.
      for (const c of children) skip(log, `SNOTE.${c[0]}`);
      children = [];
    }
  }
  // A 7.0 shared note in a 5.5.1 file is a NOTE record.
  if (!seven && tag === 'SNOTE') tag = 'NOTE';
  const head = xref === null ? line(0, tag) : `0 ${xref} ${tag}\n`;
  const value = n[1];
  if (value === null) out.push(head);
  else {
    const t = text(0, tag, value, seven);
    out.push(xref === null ? t : t.replace(/^0 /, `0 ${xref} `));
  }
  for (const c of children) putNode(out, 1, c, seven, pointer);
};

/** A line of a structure as export wrote it, with the lines under it and the kept lines to write after them. */
type Written = { readonly text: string; readonly level: number; readonly children: Written[]; after: string[] | null; byTag: Map<string, Written[]> | null };

const levelOf = (l: string): number => {
  const sp = l.indexOf(' ');
  return sp < 0 ? -1 : Number(l.slice(0, sp));
};
const tagOf = (l: string): string => {
  const parts = l.split(' ', 3);
  return parts[1] !== undefined && parts[1].startsWith('@') ? (parts[2] ?? '') : (parts[1] ?? '');
};

/** The lines of one structure (its own line first) as a tree, in one pass. */
const writtenTree = (lines: readonly string[]): Written => {
  const made = (text: string): Written => ({ text, level: levelOf(text), children: [], after: null, byTag: null });
  const root = made(lines[0]!);
  const stack = [root];
  for (let i = 1; i < lines.length; i++) {
    const l = made(lines[i]!);
    while (stack.length > 1 && stack[stack.length - 1]!.level >= l.level) stack.pop();
    stack[stack.length - 1]!.children.push(l);
    stack.push(l);
  }
  return root;
};

/** The k-th substructure of `w` with this tag, or undefined (the tags are grouped once per line asked). */
const nthChild = (w: Written, tag: string, k: number): Written | undefined => {
  if (w.byTag === null) {
    w.byTag = new Map();
    for (const c of w.children) {
      const t = tagOf(c.text);
      const list = w.byTag.get(t);
      if (list === undefined) w.byTag.set(t, [c]);
      else list.push(c);
    }
  }
  return w.byTag.get(tag)?.[k];
};

const emit = (w: Written, into: string[]): void => {
  into.push(w.text);
  for (const c of w.children) emit(c, into);
  if (w.after !== null) for (const l of w.after) into.push(l);
};

/** The lines of a kept structure at `level`, each without its newline. */
const keptText = (n: KeptNode, level: number, seven: Seven, pointer: PointerOf): string[] => {
  const part: Out = [];
  putNode(part, level, n, seven, pointer);
  const lines = part.join('').split('\n');
  lines.pop();
  return lines;
};

/**
 * Writes a row's kept structures into the lines its structure just wrote: `out` from `start` holds
 * that structure (its own line at `level - 1`, its substructures at `level`). Direct ones go at its
 * end; the others under the substructure their via names (the k-th with that tag), or are counted in
 * `log` when export wrote no such substructure (two kept PHRASEs under one CHIL would make a file no
 * reader takes). The written lines are read into a tree once, so the work is linear in the lines
 * and the kept structures, however many of them one record holds.
 */
export const putExtra = (
  out: Out, start: number, level: number, extra: string | null | undefined, seven: Seven, { pointer, log }: KeptOut,
  leaveOut?: (node: KeptNode, via: string) => boolean,
  /** The row's notes: its note forms are written (as direct structures) when notesKept says so, else left out. */
  notes?: string,
): void => {
  if (extra === null || extra === undefined || extra === '') return;
  const parsed = parseKept(extra);
  const forms = notes !== undefined && extra.includes(`["${NOTE_FORM}`) && formsHold(parsed, notes, { pointer });
  const kept = parsed.flatMap((k): Kept[] => {
    if (k[0].startsWith(STRUCTURE_FORM) || k[0].startsWith(FAMILY_FORM) || k[0].startsWith(GROUP_FORM) || k[0] === SHARED_FORM || k[0] === PLACE_FORM) return [];
    if (!k[0].startsWith(NOTE_FORM)) return [k];
    return forms ? [['', noteForm(k, seven, log), 7]] : [];
  }).filter((k) => {
    if (leaveOut?.(k[1], k[0]) === true) return false;
    if (seven && !writableIn7(k)) {
      skip(log, k[1][0]);
      return false;
    }
    return true;
  });
  // Mostly every kept structure goes directly under the row's structure: written after it, as it is.
  if (kept.every(([via]) => via === '')) {
    for (const [, n] of kept) putNode(out, level, n, seven, pointer);
    return;
  }
  const lines = out.splice(start).join('').split('\n');
  lines.pop();
  const root = writtenTree(lines);
  for (const [via, n] of kept) {
    let at: Written | undefined = root;
    if (via !== '') {
      for (const seg of via.split('.')) {
        const hash = seg.lastIndexOf('#');
        at = nthChild(at, seg.slice(0, hash), Number(seg.slice(hash + 1)));
        if (at === undefined) break;
      }
    }
    if (at === undefined) {
      skip(log, `${via.replace(/#\d+/g, '')}.${n[0]}`);
      continue;
    }
    const depth = via === '' ? level : level + via.split('.').length;
    const after = (at.after ??= []);
    for (const l of keptText(n, depth, seven, pointer)) after.push(l);
  }
  const text: string[] = [];
  emit(root, text);
  out.push(`${text.join('\n')}\n`);
};

/**
 * The extension tags (`_X`) of kept text, and the values that are one (an extension enumeration
 * value, `PEDI _ENUM2`), for a 7.0 HEAD.SCHMA.
 */
export const extensionTags = (extra: string, into: Set<string>): void => {
  for (const m of extra.matchAll(/\["(_[A-Za-z0-9_]+)",|,"(_[A-Za-z0-9_]+)",0,/g)) {
    if (into.size >= MAX_KEPT_TAGS) return;
    into.add(m[1] ?? m[2]!);
  }
};

/**
 * Extension tags one import declares at most: a file can make up a tag on every line, and every
 * 7.0 export of the tree writes them all in HEAD. Past them a tag is kept but not declared.
 */
export const MAX_KEPT_TAGS = 1000;
