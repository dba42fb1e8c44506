import { MAX_CODE_LENGTH } from '../people/model.js';
import type { GedcomNode, KeptRecord, UnmappedTag } from './types.js';
import { createWarningLog, type Warnings } from './warnings.js';
import { keptLines, keptOf, locate, NOTE_FORM, type Kept } from './extensions.js';
import { ownText } from '../kernel/own-text.js';

/**
 * What the mapping does not map to the model: every structure it does not use, by tag path
 * (`INDI.ASSO`, `INDI.BIRT.ADDR`), counted once at the highest level that is not used (the
 * substructures of an unused structure go with it). Each is kept verbatim (extensions.ts) on the
 * record or substructure it came from, and the report counts the lines kept per path. Only CHAN is
 * neither counted nor kept: export writes a CHAN of its own. UID and _UID of an INDI are read as
 * identifiers.
 */
export const BOOKKEEPING: ReadonlySet<string> = new Set(['CHAN']);

/** A structure being mapped to one row (a record, a name, an event, a citation): what it does not map is kept on that row. */
export type Scope = {
  readonly node: GedcomNode;
  readonly lost: { readonly path: string; readonly node: GedcomNode }[];
  /** The NOTE and SNOTE structures read (readNote) while the scope was open. */
  readonly notes?: GedcomNode[];
};

/** A pointer to a shared note (NOTE/SNOTE record), resolved when the whole file has been read. */
export type NoteRef = { readonly ref: string; readonly line: number };
/** A piece of text: inline, or a shared note to fetch at the end. */
export type TextPart = string | NoteRef;

export type Context = {
  readonly warn: (line: number, message: string) => void;
  /** Count a structure the mapping does not use (bookkeeping excepted). */
  readonly lost: (path: string, node: GedcomNode) => void;
  /**
   * Keep a structure verbatim that the mapping did use, but not whole (an address part folded into the
   * address's text): written back by export, not counted as unmapped.
   */
  readonly keep: (path: string, node: GedcomNode) => void;
  /** Count something lost that is no longer a node (a shared note nothing referenced). */
  readonly count: (path: string, line: number) => void;
  /** Count every substructure of a node as lost: for nodes whose own value was used. */
  readonly lostChildren: (path: string, node: GedcomNode) => void;
  /**
   * Opens the scope of a structure that becomes one row: what is lost inside it until `close` is
   * kept on that row. Scopes nest (an event in a record, a citation in an event).
   */
  readonly open: (node: GedcomNode) => Scope;
  /**
   * Closes the innermost scope (which must be `scope`): its kept structures as the row's
   * `gedcomExtra` text (extensions.ts), or undefined when there are none. A lost node that is not
   * inside the scope's structure goes to the scope around it.
   */
  readonly close: (scope: Scope) => string | undefined;
  /**
   * Keeps a whole record no other row takes (an unknown or `_` record, a note nothing references, a
   * family that makes no row); `counted`: lines of it already counted as kept (by its scope).
   */
  /** Whether it was kept (past its bound it is not: a warning says so once). */
  readonly keepRecord: (path: string, node: GedcomNode, counted?: number, unmapped?: boolean) => boolean;
  /** Counts a record kept earlier (keepRecord with `unmapped` false) as unmapped after all, with its kept lines. */
  readonly countKept: (path: string, line: number, lines: number) => void;
  /** The records kept whole, in file order. */
  readonly records: () => readonly KeptRecord[];
  /** A NOTE or SNOTE structure the mapping reads into a row's notes (readNote): see note forms, extensions.ts. */
  readonly noted: (node: GedcomNode) => void;
  /** Whether a structure kept so far (on a row or whole) points at this cross-reference (a shared note's, say). */
  readonly keptPointsAt: (xref: string) => boolean;
  /** A 7.0 HEAD.SCHMA TAG line's value (`_TAG uri`): a 7.0 export declares the tag with it again. */
  readonly declare: (tagAndUri: string) => void;
  /** The file's HEAD.SCHMA declarations, in file order. */
  readonly declarations: () => readonly string[];
  /** Marks what is kept from here on as read from a GEDCOM 7 file: a 7.0 export may write it back where it was. */
  readonly fromSeven: (seven: boolean) => void;
  /** Whether what is kept now is read from a GEDCOM 7 file (fromSeven). */
  readonly seven: () => boolean;
  /** The first warnings by line (see warnings.ts) and their exact count. */
  readonly warnings: () => Warnings;
  readonly unmapped: () => UnmappedTag[];
};

/**
 * Distinct unmapped paths listed at most; a file can make up a new extension tag on every line, so
 * the paths past these are counted together under OTHER_PATHS. A path is cut to MAX_PATH characters.
 */
export const MAX_UNMAPPED_PATHS = 1000;

/** Characters (as JSON) of the records one import keeps whole (extensions.ts): past them, records are counted, not kept, with one warning. */
export const MAX_KEPT_RECORD_CHARS = 16 * 1024 * 1024;
export const OTHER_PATHS = '(other paths)';
const MAX_PATH = 200;

export const createContext = (): Context => {
  const warnings = createWarningLog();
  const unmapped = new Map<string, { count: number; firstLine: number; keptLines: number }>();
  const entry = (full: string): { count: number; firstLine: number; keptLines: number } => {
    let path = full.length > MAX_PATH ? `${full.slice(0, MAX_PATH - 1)}…` : full;
    if (unmapped.size >= MAX_UNMAPPED_PATHS && !unmapped.has(path)) path = OTHER_PATHS;
    let seen = unmapped.get(path);
    if (seen === undefined) unmapped.set(ownText(path), (seen = { count: 0, firstLine: Number.MAX_SAFE_INTEGER, keptLines: 0 }));
    return seen;
  };
  const count = (full: string, line: number): void => {
    const seen = entry(full);
    seen.count += 1;
    seen.firstLine = Math.min(seen.firstLine, line);
  };
  const kept = (path: string, node: GedcomNode): void => {
    entry(path).keptLines += keptLines(node);
  };
  const scopes: Scope[] = [];
  const records: KeptRecord[] = [];
  let seven = false;
  const declared: string[] = [];
  let recordChars = 0;
  /** Shared notes kept whole for their note forms have a bound of their own: they never crowd out other records. */
  let noteChars = 0;
  /** The cross-references kept structures point at (bounded as the kept text is: one per kept pointer line). */
  const pointedAt = new Set<string>();
  const notePointers = (n: GedcomNode): void => {
    if (n.pointer && n.value !== null) pointedAt.add(ownText(n.value));
    for (const c of n.children) notePointers(c);
  };
  const keepRecord = (path: string, node: GedcomNode, counted = 0, unmapped = true): boolean => {
    if (unmapped) count(path, node.line);
    const kept = keptOf(node);
    // Records kept whole wait in memory for the import's end, and go on its one row: bounded.
    const chars = JSON.stringify(kept).length;
    if (!unmapped) {
      // A shared note read into the notes (kept too, for its note forms): past the bound, the forms
      // pointing at it are written as the notes they made (extensions.ts notesKept).
      if (noteChars + chars > MAX_KEPT_RECORD_CHARS) {
        if (noteChars <= MAX_KEPT_RECORD_CHARS) warnings.add({ line: node.line, message: `shared notes kept whole pass ${MAX_KEPT_RECORD_CHARS / 1024 / 1024} MiB here: this one and the rest are written inline where they are used` });
        noteChars = MAX_KEPT_RECORD_CHARS + 1;
        return false;
      }
      noteChars += chars;
      notePointers(node);
      records.push({ xref: node.xref, node: kept, ...(seven ? { seven } : {}) });
      return true;
    }
    if (recordChars + chars > MAX_KEPT_RECORD_CHARS) {
      if (recordChars <= MAX_KEPT_RECORD_CHARS) warnings.add({ line: node.line, message: `records kept whole pass ${MAX_KEPT_RECORD_CHARS / 1024 / 1024} MiB here: this one and the rest are counted, not kept` });
      recordChars = MAX_KEPT_RECORD_CHARS + 1;
      return false;
    }
    recordChars += chars;
    notePointers(node);
    entry(path).keptLines += keptLines(node) - counted;
    records.push({ xref: node.xref, node: kept, ...(seven ? { seven } : {}) });
    return true;
  };
  const lost = (path: string, node: GedcomNode): void => {
    if (BOOKKEEPING.has(node.tag)) return;
    const scope = scopes[scopes.length - 1];
    // A whole record no row takes is kept whole; a lost line outside any scope (of HEAD) is only counted.
    if (scope === undefined && !path.includes('.')) {
      keepRecord(path, node);
      return;
    }
    count(path, node.line);
    if (scope !== undefined) scope.lost.push({ path, node });
  };
  return {
    warn: (line, message) => warnings.add({ line, message }),
    lost,
    keep: (path, node) => {
      scopes[scopes.length - 1]?.lost.push({ path, node });
    },
    count,
    lostChildren: (path, node) => {
      for (const c of node.children) lost(`${path}.${c.tag}`, c);
    },
    noted: (node) => {
      scopes[scopes.length - 1]?.notes?.push(node);
    },
    open: (node) => {
      const scope: Scope = { node, lost: [], notes: [] };
      scopes.push(scope);
      return scope;
    },
    close: (scope) => {
      if (scopes[scopes.length - 1] !== scope) throw new Error('gedcom mapping: a scope closed out of order');
      scopes.pop();
      // The structure's own NOTEs (and a source's TEXT), when joining them loses their form (a shared
      // note's pointer, several, a TEXT): kept too, as note forms (extensions.ts), not counted as unmapped.
      // A set of the children, not a scan of them per note: a record of many NOTEs stays linear.
      const noted = scope.notes ?? [];
      const children = noted.length === 0 ? null : new Set(scope.node.children);
      const own = children === null ? noted : noted.filter((n) => children.has(n));
      const forms: Kept[] = own.length > 1 || own.some((n) => n.tag !== 'NOTE' || n.pointer)
        ? own.map((n) => {
          notePointers(n);
          return seven ? [NOTE_FORM, keptOf(n), 7] : [NOTE_FORM, keptOf(n)];
        })
        : [];
      if (scope.lost.length === 0) return forms.length === 0 ? undefined : JSON.stringify(forms);
      const outer = scopes[scopes.length - 1];
      const { found, missing } = locate(scope.node, scope.lost.map((l) => l.node));
      const out: Kept[] = [...forms];
      for (const l of scope.lost) {
        const via = found.get(l.node);
        if (via === undefined) continue;
        out.push(seven ? [via, keptOf(l.node), 7] : [via, keptOf(l.node)]);
        notePointers(l.node);
        kept(l.path, l.node);
      }
      if (outer !== undefined) for (const l of scope.lost) if (missing.has(l.node)) outer.lost.push(l);
      return out.length === 0 ? undefined : JSON.stringify(out);
    },
    keepRecord,
    countKept: (path, line, lines) => {
      count(path, line);
      entry(path).keptLines += lines;
    },
    records: () => records,
    keptPointsAt: (xref) => pointedAt.has(xref),
    fromSeven: (v) => {
      seven = v;
    },
    seven: () => seven,
    declare: (d) => {
      if (declared.length < MAX_UNMAPPED_PATHS) declared.push(ownText(d));
    },
    declarations: () => declared,
    // Diagnostics in file order (the log keeps them so), unmapped paths alphabetically.
    warnings: warnings.result,
    unmapped: () => [...unmapped].filter(([, u]) => u.count > 0)
      .map(([tag, u]) => ({ tag, count: u.count, firstLine: u.firstLine, keptLines: u.keptLines }))
      .sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0)),
  };
};

/**
 * A list as kept in drafts and plan: one shared frozen empty list for all empty ones, else a copy of
 * exactly its length (an array grown by push keeps room for 17). A 100,000-person file has hundreds of
 * thousands of these lists, most empty or of one element; the plan types are readonly.
 */
const NONE: readonly never[] = Object.freeze([]);
export const lean = <T>(xs: readonly T[]): readonly T[] => (xs.length === 0 ? NONE : xs.slice());

/** A table lookup that never finds Object.prototype members (`constructor` is not a name type). */
export const lookup = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** The trimmed line value, '' when there is none. */
export const text = (node: GedcomNode): string => (node.value ?? '').trim();

/**
 * A short text (TEMP, STAT, an identifier or its TYPE, a role) cut to MAX_CODE_LENGTH characters (the
 * model's MAX_IDENTIFIER_LENGTH too), with a warning when it was longer.
 */
export const capped = (value: string, node: GedcomNode, ctx: Context): string => {
  if (value.length <= MAX_CODE_LENGTH) return value;
  ctx.warn(node.line, `${node.tag} longer than ${MAX_CODE_LENGTH} characters: cut to its first ${MAX_CODE_LENGTH}`);
  const high = value.charCodeAt(MAX_CODE_LENGTH - 1);
  return value.slice(0, high >= 0xd800 && high <= 0xdbff ? MAX_CODE_LENGTH - 1 : MAX_CODE_LENGTH);
};

/** Runs of white space as one space, trimmed: name parts as people type them. */
export const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

export const isVoid = (node: GedcomNode): boolean => node.pointer && node.value === '@VOID@';

/** A NOTE or SNOTE substructure: a pointer to a shared note, or inline text (null when empty). */
export const readNote = (node: GedcomNode, path: string, ctx: Context): TextPart | null => {
  ctx.noted(node);
  ctx.lostChildren(`${path}.${node.tag}`, node);
  if (node.pointer) {
    if (isVoid(node)) return null;
    return { ref: node.value ?? '', line: node.line };
  }
  const value = node.value ?? '';
  return value.trim() === '' ? null : value;
};

/** Shared notes by xref, filled as NOTE/SNOTE records arrive; `used` marks the ones referenced. */
export type NoteStore = Map<string, { readonly text: string; readonly tag: string; readonly line: number; used: boolean }>;

/** Text parts as one text, shared notes resolved, pieces joined by blank lines. */
export const resolveText = (parts: readonly TextPart[], notes: NoteStore, ctx: Context): string => {
  if (parts.length === 0) return '';
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  const out: string[] = [];
  for (const p of parts) {
    if (typeof p === 'string') {
      out.push(p);
      continue;
    }
    const note = notes.get(p.ref);
    if (note === undefined) {
      ctx.warn(p.line, `note ${p.ref} is not a NOTE record of this file: left out`);
      continue;
    }
    note.used = true;
    if (note.text.trim() !== '') out.push(note.text);
  }
  return out.join('\n\n');
};
