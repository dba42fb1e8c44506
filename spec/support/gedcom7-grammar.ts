import { readFileSync } from 'node:fs';
import { parseLines, type Node, type Violation } from './gedcom7-lines.js';
import {
  checkAge, checkCoordinate, checkDateExact, checkDatePeriod, checkDateValue, checkFilePath, checkLanguage, checkMediaType, checkName,
  checkTime, checkUri, isExtTag, type ExtUse,
} from './gedcom7-payloads.js';

// A GEDCOM 7.0 file checked against the specification's own grammar tables
// (spec/fixtures/gedcom7-grammar, FamilySearch's extracted-files): which tag may stand under
// which structure, how often, with which payload; every pointer resolved to a record of the right
// type (or @VOID@); every extension tag declared in HEAD.SCHMA. Below an extension structure the
// tables say nothing, so only declarations and pointers are checked there.

export type { Violation } from './gedcom7-lines.js';

const V7 = 'https://gedcom.io/terms/v7/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const TABLES = new URL('../fixtures/gedcom7-grammar/', import.meta.url);

type Grammar = {
  /** Superstructure type ('' for the top level) -> tag -> structure type. */
  readonly sub: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Superstructure type -> [substructure type, tag, min, max (Infinity for M)]. */
  readonly card: ReadonlyMap<string, readonly (readonly [string, string, number, number])[]>;
  /** Structure type -> payload type ('' none). */
  readonly payload: ReadonlyMap<string, string>;
  /** Structure type -> the enumeration values (tags) its payload takes. */
  readonly enums: ReadonlyMap<string, ReadonlySet<string>>;
};

const rows = (file: string): string[][] =>
  readFileSync(new URL(file, TABLES), 'utf8').split('\n').slice(1).filter((l) => l.trim() !== '').map((l) => l.replace(/\r$/, '').split('\t'));

const push = <K, V>(m: Map<K, V[]>, k: K, v: V): void => void (m.get(k) ?? m.set(k, []).get(k)!).push(v);

let loaded: Grammar | null = null;

/** The tables, read once. */
export const grammar = (): Grammar => {
  if (loaded !== null) return loaded;
  const sub = new Map<string, Map<string, string>>();
  const tagOf = new Map<string, string>();
  for (const [sup, tag, type] of rows('substructures.tsv')) {
    (sub.get(sup!) ?? sub.set(sup!, new Map()).get(sup!)!).set(tag!, type!);
    tagOf.set(`${sup}\t${type}`, tag!);
  }
  const card = new Map<string, [string, string, number, number][]>();
  for (const [sup, type, c] of rows('cardinalities.tsv')) {
    push(card, sup!, [type!, tagOf.get(`${sup}\t${type}`) ?? type!, Number(c![1]), c![3] === 'M' ? Infinity : Number(c![3])]);
  }
  const payload = new Map(rows('payloads.tsv').map(([type, p]) => [type!, p ?? '']));
  // The value URIs name tags: enum-ADOP-HUSB is HUSB, INDI-RELI is RELI, enum-0 is 0.
  const values = new Map<string, Set<string>>();
  for (const [set, uri] of rows('enumerationsets.tsv')) {
    const name = uri!.slice(V7.length).replace(/^enum-/, '');
    (values.get(set!) ?? values.set(set!, new Set()).get(set!)!).add(name.slice(name.lastIndexOf('-') + 1));
  }
  const enums = new Map(rows('enumerations.tsv').map(([type, set]) => [type!, values.get(set!) ?? new Set<string>()]));
  loaded = { sub, card, payload, enums };
  return loaded;
};

const short = (type: string): string => (type === '' ? 'the top level' : type.startsWith(V7) ? type.slice(V7.length) : type);

type Context = {
  readonly g: Grammar;
  readonly out: Violation[];
  /** Extension tag -> its URI, from HEAD.SCHMA. */
  readonly declared: ReadonlyMap<string, string>;
  /** xref -> record structure type. */
  readonly records: ReadonlyMap<string, string>;
};

const undeclared = (c: Context, line: number): ExtUse => (tag) => {
  if (!c.declared.has(tag)) c.out.push({ line, message: `extension tag ${tag} is not declared in HEAD.SCHMA` });
};

const checkPointer = (c: Context, node: Node, expected: string | null): void => {
  if (node.pointer === null || node.pointer === '@VOID@') return;
  const type = c.records.get(node.pointer);
  if (type === undefined) c.out.push({ line: node.line, message: `${node.tag} ${node.pointer} points to no record` });
  else if (expected !== null && type !== expected) c.out.push({ line: node.line, message: `${node.tag} ${node.pointer} points to a ${short(type)}, not a ${short(expected)}` });
};

const REQUIRED = new Set([
  `${XSD}nonNegativeInteger`, `${XSD}Language`, `${XSD}anyURI`, 'http://www.w3.org/ns/dcat#mediaType', `${V7}type-Enum`, `${V7}type-List#Enum`,
  `${V7}type-Date#exact`, `${V7}type-FilePath`, `${V7}type-Latitude`, `${V7}type-Longitude`, `${V7}type-TagDef`, `${V7}type-Time`,
]);

/** The reason `v` is not a payload of type `pt`, or null. */
const payloadFault = (c: Context, type: string, pt: string, v: string, ext: ExtUse): string | null => {
  const enumValue = (x: string): string | null => {
    if (isExtTag(x)) return (ext(x), null);
    return c.g.enums.get(type)?.has(x) === true ? null : `"${x}" is not a value of ${short(type)}`;
  };
  switch (pt) {
    case 'Y|<NULL>': return v === 'Y' ? null : 'only Y or nothing';
    case `${XSD}nonNegativeInteger`: return /^\d+$/.test(v) ? null : 'not a non-negative integer';
    case `${XSD}Language`: return checkLanguage(v);
    case `${XSD}anyURI`: return checkUri(v);
    case 'http://www.w3.org/ns/dcat#mediaType': return checkMediaType(v);
    case `${V7}type-Enum`: return enumValue(v);
    case `${V7}type-List#Enum`: return v.split(',').map((x) => enumValue(x.trim())).find((f) => f !== null) ?? null;
    case `${V7}type-Date`: return checkDateValue(v, ext);
    case `${V7}type-Date#exact`: return checkDateExact(v);
    case `${V7}type-Date#period`: return checkDatePeriod(v, ext);
    case `${V7}type-Age`: return checkAge(v);
    case `${V7}type-Time`: return checkTime(v);
    case `${V7}type-Latitude`: return checkCoordinate(v, 'NS', 90);
    case `${V7}type-Longitude`: return checkCoordinate(v, 'EW', 180);
    case `${V7}type-Name`: return checkName(v);
    case `${V7}type-FilePath`: return checkFilePath(v);
    case `${V7}type-TagDef`: return /^_[A-Z0-9_]+ [A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(v) ? null : 'not "_TAG URI"';
    default: return null; // xsd:string, List#Text: any text
  }
};

const checkPayload = (c: Context, node: Node, type: string): void => {
  const pt = c.g.payload.get(type) ?? '';
  const bad = (message: string): void => void c.out.push({ line: node.line, message: `${node.tag}: ${message}` });
  if (pt.startsWith('@<')) {
    if (node.pointer === null) bad(`needs a pointer to a ${short(pt.slice(2, -2))}`);
    else checkPointer(c, node, pt.slice(2, -2));
    return;
  }
  if (node.pointer !== null) return bad(`a pointer where the payload is ${pt === '' ? 'none' : short(pt)}`);
  if (pt === '') return node.payload === null ? undefined : bad('takes no payload');
  if (node.continued && pt !== `${XSD}string`) bad(`a line break (CONT) in a ${short(pt)} payload`);
  if (node.payload === null) return REQUIRED.has(pt) ? bad(`needs a ${short(pt)} payload`) : undefined;
  const fault = payloadFault(c, type, pt, node.payload, undeclared(c, node.line));
  if (fault !== null) bad(`${fault}: "${node.payload.slice(0, 60)}"`);
};

const checkCardinality = (c: Context, node: Node, type: string): void => {
  const counts = new Map<string, Node[]>();
  for (const ch of node.children) {
    const t = c.g.sub.get(type)?.get(ch.tag);
    if (t !== undefined) push(counts, t, ch);
  }
  for (const [sub, tag, min, max] of c.g.card.get(type) ?? []) {
    const seen = counts.get(sub) ?? [];
    if (seen.length < min) c.out.push({ line: node.line, message: `${node.tag} lacks its required ${tag}` });
    if (seen.length > max) c.out.push({ line: seen[max]!.line, message: `${tag} appears ${seen.length} times under ${node.tag}, at most ${max} allowed` });
  }
};

/** `type` is the superstructure's type, null below an extension structure (nothing known there). */
const walk = (c: Context, node: Node, superType: string | null): void => {
  if (node.tag === 'CONT') {
    for (const ch of node.children) c.out.push({ line: ch.line, message: 'a substructure under CONT' });
    return;
  }
  let type: string | null = null;
  if (isExtTag(node.tag)) undeclared(c, node.line)(node.tag);
  else if (superType !== null) {
    type = c.g.sub.get(superType)?.get(node.tag) ?? null;
    if (type === null) c.out.push({ line: node.line, message: `${node.tag} is not allowed under ${short(superType)}` });
  }
  if (type === null) checkPointer(c, node, null);
  else {
    checkPayload(c, node, type);
    checkCardinality(c, node, type);
  }
  for (const ch of node.children) walk(c, ch, type);
};

/** Every violation of the GEDCOM 7.0 grammar tables in `text`, in line order. */
export const checkGedcom7 = (text: string): Violation[] => {
  const g = grammar();
  const out: Violation[] = [];
  const roots = parseLines(text, out);
  if (roots[0]?.tag !== 'HEAD') out.push({ line: 1, message: 'the file does not start with HEAD' });
  if (roots.at(-1)?.tag !== 'TRLR') out.push({ line: roots.at(-1)?.line ?? 1, message: 'the file does not end with TRLR' });
  const records = new Map<string, string>();
  for (const r of roots) {
    if ((r.tag === 'HEAD' || r.tag === 'TRLR') && (r.xref !== null || r !== (r.tag === 'HEAD' ? roots[0] : roots.at(-1)))) {
      out.push({ line: r.line, message: `${r.tag} out of place or with a cross-reference` });
    }
    if (r.xref === null) continue;
    if (records.has(r.xref)) out.push({ line: r.line, message: `${r.xref} is defined twice` });
    records.set(r.xref, g.sub.get('')?.get(r.tag) ?? r.tag);
  }
  const head = roots[0]?.tag === 'HEAD' ? roots[0] : undefined;
  const declared = new Map<string, string>();
  for (const s of head?.children.filter((ch) => ch.tag === 'SCHMA') ?? []) {
    for (const t of s.children) if (t.tag === 'TAG') declared.set(...((t.payload ?? '').split(' ', 2) as [string, string]));
  }
  // A record with a declared extension tag standing for a standard record type (`_USER` for record-SUBM) is of that type.
  for (const [x, type] of records) if (declared.get(type)?.startsWith(V7) === true) records.set(x, declared.get(type)!);
  const vers = head?.children.find((ch) => ch.tag === 'GEDC')?.children.find((ch) => ch.tag === 'VERS');
  if (vers !== undefined && vers.payload !== '7.0' && !vers.payload?.startsWith('7.0.')) out.push({ line: vers.line, message: `GEDC.VERS is ${vers.payload}, not 7.0` });
  const c: Context = { g, out, declared, records };
  for (const r of roots) walk(c, r, '');
  return out.sort((a, b) => a.line - b.line);
};

/** Violations as `line N: message` lines, for a failure message. */
export const formatViolations = (vs: readonly Violation[], max = 30): string =>
  vs.slice(0, max).map((v) => `line ${v.line}: ${v.message}`).join('\n') + (vs.length > max ? `\n... and ${vs.length - max} more` : '');
