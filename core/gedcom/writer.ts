import type { Id } from '../kernel/ids.js';
import { latestYear, type GenealogicalDate } from '../kernel/date.js';
import type { NameType, ParentChildQualifier } from '../people/model.js';
import type { ExportCitation, ExportEdge, ExportEvent, ExportName, ExportPerson, ExportSource } from './export-reads.js';
import type { DerivedFamily, FamilyChild } from './families.js';
import { eventTag, putCitation, putEvent, type OrdinanceContext } from './writer-events.js';
import { putAssociations, putIdentifiers } from './writer-person.js';
import { joined, line, putLine, putName, putSingle, putText, single, text, type Out, type Seven } from './writer-text.js';
import { mediaLinkLines, putMediaLinks, type MediaLinks } from './writer-media.js';
import { familyForms, familyNotes, familyOf, KEPT_OUT, notesKept, putExtra, putKeptNode, structureFormOf, type KeptNode, type KeptOut } from './extensions.js';
import { nameFields } from './mapping-names.js';
import { repositoryXref, sourceFieldLines } from './writer-repositories.js';

// The GEDCOM writer (export): pure functions, each returning complete lines ("\n"-terminated) of one
// record, so the export handler can stream the file record by record. The import mapping reads the
// same tables (types.ts), so import -> export -> import keeps persons, names by type, events by type,
// relationships by type and qualifier, sources and citations.

export type { ExportEvent } from './writer-events.js';

export type WriterOptions = {
  readonly version: '5.5.1' | '7.0';
  readonly treeName: string;
  readonly exportedAt: Date;
  readonly product: { readonly name: string; readonly version: string };
  /** GEDZIP only (writer-media.ts): the OBJE records linked from each person, event and source. */
  readonly media?: MediaLinks;
  /** The OBJE record written for a media record, by its id: what a kept pointer at it (`@#M<id>@`) is written as. */
  readonly mediaXref?: (id: Id) => string | undefined;
  /**
   * 7.0: the extension tags of the tree's kept lines (extensions.ts), declared in HEAD.SCHMA beside the
   * writer's own: `_TAG uri` as the imported file declared it, or `_TAG` alone (given a URI of ours).
   */
  readonly extensionTags?: readonly string[];
};

/** Cross-references with their at signs (`@I1@`), assigned by the caller. */
export type Xrefs = {
  readonly person: (id: Id) => string;
  readonly family: (key: string) => string;
  readonly source: (id: Id) => string;
  /** How kept lines (extensions.ts) write their pointers, and where they count what they could not write: KEPT_OUT when absent. */
  readonly kept?: KeptOut;
};

export type IndividualBundle = {
  readonly person: ExportPerson;
  /** The INDI's cross-reference when the caller has it at hand; else `x.person(person.id)`. */
  readonly xref?: string;
  /** Primary first (the writer moves the primary name first anyway); written in this order. */
  readonly names: readonly ExportName[];
  readonly events: readonly ExportEvent[];
  /**
   * Citations on the person, its names, its events, and on parent_child edges where it is the child.
   * Name and event citations go under their NAME or event; the others (and any whose target is not in
   * this bundle) under INDI, as GEDCOM has no place for a citation of a parent-child link.
   */
  readonly citations: readonly ExportCitation[];
  /** `adopters`: who of that family adopted the person (ADOP.FAMC.ADOP under an adoption event), if any did. */
  readonly famc: readonly { readonly familyKey: string; readonly qualifier: ParentChildQualifier; readonly adopters?: 'HUSB' | 'WIFE' | 'BOTH' }[];
  readonly fams: readonly string[];
  /**
   * The associations the person holds (type association, person_a = this person), written as ASSO
   * pointing to person_b; citations of these relationships (in `citations`) go under their ASSO.
   */
  readonly associations?: readonly ExportEdge[];
};

export type FamilyBundle = {
  readonly family: DerivedFamily<ExportEdge>;
  /** Partnership events. */
  readonly events: readonly ExportEvent[];
  /** Citations on the partnership (under FAM) and on its events (under the event). */
  readonly citations: readonly ExportCitation[];
  readonly notes: string;
  /** A single-parent family's own kept lines (from its children's edges); a couple's are its partnership's. */
  readonly extra?: string | undefined;
};

/** Extension tags this writer may write, declared in a 7.0 HEAD.SCHMA. */
export const EXTENSION_TAGS: Readonly<Record<string, string>> = {
  _MILT: 'urn:x-genealogy-service:gedcom:_MILT',
  _STAT: 'urn:x-genealogy-service:gedcom:_STAT',
};

/** The URI prefix of kept extension tags in a 7.0 HEAD.SCHMA. */
export const KEPT_TAG_URI = 'urn:x-genealogy-service:gedcom:kept:';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** HEAD.SOUR is a system id: no spaces, at most 20 characters in 5.5.1. */
const systemId = (name: string): string => name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|(?<!_)_+$/g, '').slice(0, 20) || 'UNKNOWN';

export const writeHeader = (o: WriterOptions): string => {
  const seven = o.version === '7.0';
  const d = o.exportedAt;
  const time = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  // The tree is the "electronic data source" of the file (HEAD.SOUR.DATA in both versions); HEAD.NOTE
  // would do too, but import reports HEAD.NOTE as data it did not take.
  const sour = line(1, 'SOUR', systemId(o.product.name))
    + text(2, 'VERS', o.product.version, seven)
    + text(2, 'NAME', o.product.name, seven)
    + text(2, 'DATA', o.treeName, seven);
  const date = line(1, 'DATE', `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`)
    + line(2, 'TIME', seven ? `${time}Z` : time);
  if (seven) {
    let schma = line(1, 'SCHMA');
    for (const [tag, uri] of Object.entries(EXTENSION_TAGS)) schma += line(2, 'TAG', `${tag} ${uri}`);
    // Tags kept from imported files, with the URI their file declared (`_TAG uri`), else one of ours.
    const entries = o.extensionTags ?? [];
    // The tags a file gave a URI for: declared with it, never also with one of ours.
    const withUri = new Set(entries.flatMap((e) => (e.includes(' ') ? [e.slice(0, e.indexOf(' '))] : [])));
    for (const entry of entries) {
      const space = entry.indexOf(' ');
      const tag = space < 0 ? entry : entry.slice(0, space);
      if (Object.hasOwn(EXTENSION_TAGS, tag) || (space < 0 && withUri.has(tag))) continue;
      schma += line(2, 'TAG', space < 0 ? `${tag} ${KEPT_TAG_URI}${tag}` : entry);
    }
    return line(0, 'HEAD') + line(1, 'GEDC') + line(2, 'VERS', '7.0') + schma + sour + date;
  }
  return line(0, 'HEAD') + sour + date + line(1, 'SUBM', '@U1@')
    + line(1, 'GEDC') + line(2, 'VERS', '5.5.1') + line(2, 'FORM', 'LINEAGE-LINKED') + line(1, 'CHAR', 'UTF-8')
    + line(0, '@U1@ SUBM') + single(1, 'NAME', o.product.name || 'Unknown', false);
};

export const writeTrailer = (): string => '0 TRLR\n';

const NAME_TYPE_70: Readonly<Record<NameType, string>> = {
  birth: 'BIRTH', maiden: 'MAIDEN', married: 'MARRIED', alias: 'AKA', professional: 'PROFESSIONAL',
  nickname: 'OTHER', religious: 'OTHER', other: 'OTHER',
};

/**
 * NAME TYPE lines; none for a birth name (a NAME without TYPE reads as birth). 7.0 says a type it has
 * no value for as OTHER with a PHRASE: the name's own kept one (`Pet name`) is written by putExtra.
 */
const putNameType = (out: Out, t: NameType, seven: Seven, extra: string | null | undefined): void => {
  if (t === 'birth') return;
  if (!seven) return putLine(out, 2, 'TYPE', t === 'alias' ? 'aka' : t);
  const v = NAME_TYPE_70[t];
  putLine(out, 2, 'TYPE', v);
  if (v === 'OTHER' && (t !== 'other' || extra?.includes('["TYPE#0",["PHRASE",') !== true)) putLine(out, 3, 'PHRASE', t);
};

const PEDI_551: Readonly<Record<ParentChildQualifier, string>> = {
  biological: 'birth', adoptive: 'adopted', foster: 'foster', step: 'step', donor: 'donor', guardian: 'guardian',
};
const PEDI_70: Readonly<Record<ParentChildQualifier, string>> = {
  biological: 'BIRTH', adoptive: 'ADOPTED', foster: 'FOSTER', step: 'OTHER', donor: 'OTHER', guardian: 'OTHER',
};

const putPedi = (out: Out, q: ParentChildQualifier, seven: Seven): void => {
  if (!seven) return putLine(out, 2, 'PEDI', PEDI_551[q]);
  const v = PEDI_70[q];
  putLine(out, 2, 'PEDI', v);
  if (v === 'OTHER') putLine(out, 3, 'PHRASE', q);
};

const SEX: Readonly<Record<string, string>> = { male: 'M', female: 'F' };

/** `_FREL` / `_MREL` values, as FTM writes them (each reads back as the qualifier: PEDI_IN). */
const FREL: Readonly<Record<ParentChildQualifier, string>> = {
  biological: 'Natural', adoptive: 'Adopted', foster: 'Foster', step: 'Step', donor: 'Donor', guardian: 'Guardian',
};

/** Citations placed under the names and events they cite (index-aligned), the rest on the record itself. */
type Placed = {
  readonly names: (ExportCitation[] | undefined)[] | null;
  readonly events: (ExportCitation[] | undefined)[] | null;
  readonly own: readonly ExportCitation[];
};
const NOTHING_TO_PLACE: Placed = { names: null, events: null, own: [] };

const placeCitations = (
  citations: readonly ExportCitation[], names: readonly { readonly id: Id }[], events: readonly { readonly id: Id }[],
): Placed => {
  if (citations.length === 0) return NOTHING_TO_PLACE;
  let byName: (ExportCitation[] | undefined)[] | null = null;
  let byEvent: (ExportCitation[] | undefined)[] | null = null;
  const own: ExportCitation[] = [];
  for (const c of citations) {
    const { kind, id } = c.target;
    const list = kind === 'name' ? names : kind === 'event' ? events : null;
    let i = -1;
    if (list !== null) for (let j = 0; j < list.length; j++) if (list[j]!.id === id) { i = j; break; }
    if (i < 0) own.push(c);
    else if (kind === 'name') ((byName ??= [])[i] ??= []).push(c);
    else ((byEvent ??= [])[i] ??= []).push(c);
  }
  return { names: byName, events: byEvent, own };
};

/** What LDS ordinances of a record need (see OrdinanceContext): the export date, and the first family the person is a child of (a birth one first). */
/** The export date as STAT's DATE, once per options (it is the same for every ordinance of the file). */
const statusDates = new WeakMap<WriterOptions, string>();
const statusDate = (o: WriterOptions): string => {
  let date = statusDates.get(o);
  if (date === undefined) {
    const d = o.exportedAt;
    statusDates.set(o, (date = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`));
  }
  return date;
};
const ordinances = (o: WriterOptions, famc: string | null): OrdinanceContext => ({ statusDate: statusDate(o), famc });

/** Two name parts with a space between when both are there. */
const spaced = (a: string, b: string): string => (a === '' ? b : b === '' ? a : `${a} ${b}`);

/** An INDI record into `out` (writeIndividual's text). */
export const putIndividual = (out: Out, o: WriterOptions, x: Xrefs, p: IndividualBundle): void => {
  const seven = o.version === '7.0';
  const placed = placeCitations(p.citations, p.names, p.events);
  const sealedTo = p.famc.find((f) => f.qualifier === 'biological') ?? p.famc[0];
  const ord = ordinances(o, sealedTo === undefined ? null : x.family(sealedTo.familyKey));
  const kept = x.kept ?? KEPT_OUT;
  const record = out.length;
  out.push('0 ', p.xref ?? x.person(p.person.id), ' INDI\n');
  if (p.person.privacy === 'private') putLine(out, 1, 'RESN', seven ? 'CONFIDENTIAL' : 'confidential');
  // The first NAME is the primary one on import: put the primary name first even if the caller did not.
  let primary = 0;
  while (primary < p.names.length && !p.names[primary]!.isPrimary) primary++;
  if (primary === p.names.length) primary = 0;
  // A nickname that is a given name and nothing more is NICK of the primary NAME (import reads NAME.NICK so).
  const nicks = p.names.length > 1 ? p.names.map((n, i) => i !== primary && isBareNickname(n) && placed.names?.[i] === undefined) : null;
  for (let k = 0; k < p.names.length; k++) {
    const i = k === 0 ? primary : k <= primary ? k - 1 : k;
    if (nicks?.[i] === true) continue;
    const n = p.names[i]!;
    // A name the file wrote as another structure (a 5.x ALIA), unchanged since: that structure again.
    const form = n.isPrimary ? null : structureFormOf(n.gedcomExtra, nameFields(n), seven);
    if (form !== null) {
      putKeptNode(out, 1, form, seven, kept);
      continue;
    }
    const start = out.length;
    // The value holds every part (`Dr. John /van Dijk/ Jr.`); the pieces in the order both versions list them.
    putName(out, spaced(n.prefix, n.givenName), spaced(n.surnamePrefix, n.surname), seven, n.suffix);
    putNameType(out, n.nameType, seven, n.gedcomExtra);
    putSingle(out, 2, 'NPFX', n.prefix, seven);
    putSingle(out, 2, 'GIVN', n.givenName, seven);
    putSingle(out, 2, 'SPFX', n.surnamePrefix, seven);
    putSingle(out, 2, 'SURN', n.surname, seven);
    putSingle(out, 2, 'NSFX', n.suffix, seven);
    if (k === 0 && nicks !== null) for (let j = 0; j < p.names.length; j++) if (nicks[j] === true) putSingle(out, 2, 'NICK', p.names[j]!.givenName, seven);
    if (!notesKept(n.gedcomExtra, n.notes, seven, kept)) putText(out, 2, 'NOTE', n.notes, seven);
    const cites = placed.names?.[i];
    if (cites !== undefined) for (const c of cites) putCitation(out, 2, c, x.source, seven, kept);
    // A kept `TYPE birth` says what the name no longer is once it has another type.
    putExtra(out, start, 2, n.gedcomExtra, seven, kept, n.nameType === 'birth' ? undefined : isType, n.notes);
  }
  // No SEX for an unset sex: `SEX U` would read back as a warning on every such person.
  if (p.person.sex !== null) putLine(out, 1, 'SEX', SEX[p.person.sex]);
  // Each adoption event names a family the person was adopted into, in order, and who adopted.
  let adopted = 0;
  for (let i = 0; i < p.events.length; i++) {
    const e = p.events[i]!;
    const start = out.length;
    putEvent(out, 1, e, false, placed.events?.[i], x.source, seven, ord, kept);
    if (e.type === 'custom' && eventTag(e, false) === 'ADOP') {
      while (adopted < p.famc.length && p.famc[adopted]!.adopters === undefined) adopted++;
      const into = p.famc[adopted++];
      if (into?.adopters !== undefined) {
        putLine(out, 2, 'FAMC', x.family(into.familyKey));
        putLine(out, 3, 'ADOP', into.adopters);
      }
    }
    putMediaLinks(out, 2, o.media, 'event', e.id, kept);
    putExtra(out, start, 2, e.gedcomExtra, seven, kept, undefined, e.notes);
  }
  for (const f of p.famc) {
    putLine(out, 1, 'FAMC', x.family(f.familyKey));
    putPedi(out, f.qualifier, seven);
  }
  for (const key of p.fams) putLine(out, 1, 'FAMS', x.family(key));
  putIdentifiers(out, p.person.identifiers, seven);
  let own = placed.own;
  if (p.associations !== undefined && p.associations.length > 0) {
    const rest = [...own];
    putAssociations(out, p.associations, rest, x.person, x.source, seven, kept);
    own = rest;
  }
  if (!notesKept(p.person.gedcomExtra, p.person.notes, seven, kept)) putText(out, 1, 'NOTE', p.person.notes, seven);
  for (const c of own) putCitation(out, 1, c, x.source, seven, kept);
  putMediaLinks(out, 1, o.media, 'person', p.person.id, kept);
  // A kept SEX (U, X...) is the file's word for what the person had no sex for: not once they have
  // one; a kept RESN (locked) is not written beside the RESN of a person made private since.
  const leaveOut = p.person.sex === null && p.person.privacy !== 'private' ? undefined
    : (n: KeptNode, via: string) => (p.person.sex !== null && isSex(n, via)) || (p.person.privacy === 'private' && via === '' && n[0] === 'RESN');
  putExtra(out, record, 1, p.person.gedcomExtra, seven, kept, leaveOut, p.person.notes);
};

const isSex = (n: KeptNode, via: string): boolean => via === '' && n[0] === 'SEX';
const isType = (n: KeptNode, via: string): boolean => via === '' && n[0] === 'TYPE';

/** A nickname with nothing but a given name (no notes, kept lines or citations: the caller checks those). */
const isBareNickname = (n: ExportName): boolean =>
  n.nameType === 'nickname' && n.givenName !== '' && n.surname === '' && n.prefix === '' && n.suffix === '' && n.surnamePrefix === '' && n.notes === ''
  && (n.gedcomExtra === null || n.gedcomExtra === undefined) && !n.isPrimary;

export const writeIndividual = (o: WriterOptions, x: Xrefs, p: IndividualBundle): string => joined(putIndividual, o, x, p);

/**
 * A FAM record into `out` (writeFamily's text): a couple's partnership that a file wrote as several
 * FAM records (family forms, extensions.ts) as those records again, each with its own events and kept
 * lines, children (FamilyChild.form) and notes (familyNotes); the first has the partnership's own
 * citations and kept lines.
 */
export const putFamily = (out: Out, o: WriterOptions, x: Xrefs, bundle: FamilyBundle): void => {
  const fam = bundle.family;
  const forms = familyForms(fam.partnership?.gedcomExtra);
  if (forms.length === 0 || fam.partnership === null) {
    putFamilyRecord(out, o, x, bundle, fam.key, fam.partnership?.gedcomExtra ?? bundle.extra, fam.children);
    return;
  }
  // A child listed in a later record (its edges say which) is that record's; the others the first's.
  const listedIn = (c: FamilyChild): number => (c.form !== undefined && c.form <= forms.length ? c.form : 0);
  const parts: ExportEvent[][] = forms.map(() => []);
  const first: ExportEvent[] = [];
  for (const e of bundle.events) {
    const k = familyOf(e.gedcomExtra);
    (k >= 1 && k <= forms.length ? parts[k - 1]! : first).push(e);
  }
  // The other records' events' citations go with their events, not under the first record.
  const moved = new Set(parts.flatMap((p) => p.map((e) => e.id)));
  const own = bundle.citations.filter((c) => !(c.target.kind === 'event' && moved.has(c.target.id)));
  // Each record's notes under it while the couple's notes are as the import joined them.
  const notes = familyNotes(fam.partnership.gedcomExtra, bundle.notes);
  const children = fam.children.some((c) => listedIn(c) > 0) ? null : fam.children;
  putFamilyRecord(out, o, x, { ...bundle, events: first, citations: own, notes: notes.first }, fam.key, fam.partnership.gedcomExtra, children ?? fam.children.filter((c) => listedIn(c) === 0));
  notes.forms.forEach((form, i) => {
    const ids = new Set(parts[i]!.map((e) => e.id));
    const citations = bundle.citations.filter((c) => c.target.kind === 'event' && ids.has(c.target.id));
    putFamilyRecord(out, o, x, { family: fam, events: parts[i]!, citations, notes: form.notes }, familyFormKey(fam.key, i + 1), form.extra === '' ? undefined : form.extra,
      children === null ? fam.children.filter((c) => listedIn(c) === i + 1) : []);
  });
};

/** The family key of a couple's k-th FAM record after their first (chunkXrefs names it). */
export const familyFormKey = (key: string, k: number): string => `${key}|${k}`;

const putFamilyRecord = (
  out: Out, o: WriterOptions, x: Xrefs, bundle: FamilyBundle, key: string, extra: string | null | undefined, children: readonly FamilyChild[],
): void => {
  const seven = o.version === '7.0';
  const f = bundle.events.length < 2 ? bundle : { ...bundle, events: inDateOrder(bundle.events) };
  const placed = placeCitations(f.citations, [], f.events);
  const fam = f.family;
  const kept = x.kept ?? KEPT_OUT;
  const record = out.length;
  out.push('0 ', x.family(key), ' FAM\n');
  for (let i = 0; i < fam.partners.length; i++) putLine(out, 1, fam.roles[i] ?? (i === 0 ? 'HUSB' : 'WIFE'), x.person(fam.partners[i]!));
  for (const c of children) {
    putLine(out, 1, 'CHIL', x.person(c.id));
    // 5.5.1: the child's relation to each partner as FTM, Ancestry and RootsMagic write it (and read
    // it back: it is how their files say a natural or an adopted child, mapping-family.ts).
    if (!seven) fam.roles.forEach((role, i) => putLine(out, 2, role === 'WIFE' ? '_MREL' : '_FREL', FREL[c.byPartner?.[i] ?? c.qualifier]));
  }
  const ord = ordinances(o, null);
  for (let i = 0; i < f.events.length; i++) {
    const e = f.events[i]!;
    const start = out.length;
    putEvent(out, 1, e, true, placed.events?.[i], x.source, seven, ord, kept);
    putMediaLinks(out, 2, o.media, 'event', e.id, kept);
    putExtra(out, start, 2, e.gedcomExtra, seven, kept, undefined, e.notes);
  }
  if (!notesKept(extra, f.notes, seven, kept)) putText(out, 1, 'NOTE', f.notes, seven);
  for (const c of placed.own) putCitation(out, 1, c, x.source, seven, kept);
  putExtra(out, record, 1, extra, seven, kept, undefined, f.notes);
};

export const writeFamily = (o: WriterOptions, x: Xrefs, f: FamilyBundle): string => joined(putFamily, o, x, f);

/** A date as a number that orders dates (Gregorian and Julian by day; other calendars by their Gregorian year), null without a year. */
const dateKey = (d: GenealogicalDate | null): number | null => {
  if (d === null) return null;
  const own = d.calendar === undefined || d.calendar === 'julian';
  const year = own ? d.year : latestYear(d);
  if (year === undefined || year === null) return null;
  return own ? year * 10_000 + (d.month ?? 0) * 100 + (d.day ?? 0) : year * 10_000;
};

/**
 * A family's events in date order, the undated ones after them (each in the order given): a couple
 * who married, divorced and married again reads in the order it happened, whatever the order of the
 * file their FAM records came from (issue 28).
 */
const inDateOrder = (events: readonly ExportEvent[]): readonly ExportEvent[] => {
  const keyed = events.map((e, i) => ({ e, i, k: dateKey(e.date) }));
  if (keyed.every((x) => x.k === null)) return events;
  keyed.sort((a, b) => (a.k === null ? 1 : 0) - (b.k === null ? 1 : 0) || (a.k ?? 0) - (b.k ?? 0) || a.i - b.i);
  return keyed.map((x) => x.e);
};

export const writeSource = (o: WriterOptions, x: Xrefs, src: ExportSource): string => {
  const seven = o.version === '7.0';
  return withKept(src.gedcomExtra, seven, x, `0 ${x.source(src.id)} SOUR\n`
    + text(1, 'TITL', src.title, seven)
    + text(1, 'AUTH', src.author, seven)
    + text(1, 'PUBL', src.publication, seven)
    + sourceFieldLines(src, seven, repositoryXref)
    + (notesKept(src.gedcomExtra, src.notes, seven, x.kept ?? KEPT_OUT) ? '' : text(1, 'NOTE', src.notes, seven))
    + mediaLinkLines(1, o.media, 'source', src.id, x.kept), src.notes);
};

/** A record's text with its kept lines (extensions.ts) written in; `notes`, the record's, for its note forms. */
const withKept = (extra: string | null | undefined, seven: Seven, x: Xrefs, record: string, notes?: string): string => {
  if (extra === null || extra === undefined) return record;
  const out: Out = [record];
  putExtra(out, 0, 1, extra, seven, x.kept ?? KEPT_OUT, undefined, notes);
  return out.join('');
};
