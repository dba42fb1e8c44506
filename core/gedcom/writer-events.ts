import type { GenealogicalDate } from '../kernel/date.js';
import { formatGedcomDate, parseGedcomDate } from '../kernel/gedcom-date.js';
import { isLdsEvent, type Coordinates, type LifeEvent } from '../people/model.js';
import type { ExportCitation, ExportEvent } from './export-reads.js';
import { CUSTOM_EVENT_TAGS, CUSTOM_FAMILY_TAGS, EVENT_TAGS, ORDINANCE_STATUS } from './types.js';
import { joined, line, putEscaped, putLine, putSingle, putText, text, type Out, type Seven } from './writer-text.js';
import { FACT_FORM, KEPT_OUT, notesKept, putExtra, structureFormOf, underPlace, type KeptOut } from './extensions.js';

// Events, dates and source citations: the parts INDI and FAM records share.

export type { ExportEvent } from './export-reads.js';

/** Resolves a source id to its cross-reference (`@S1@`). */
export type SourceXref = (sourceId: string) => string;

const TAG_BY_CUSTOM_TYPE = new Map(Object.entries(CUSTOM_EVENT_TAGS).map(([tag, meaning]) => [meaning, tag]));
const FAMILY_TAGS = new Set(CUSTOM_FAMILY_TAGS);
/** Custom tags both INDI and FAM have (5.5.1 FAM_RECORD and 7.0 FAMILY_ATTRIBUTE_STRUCTURE: NCHI). */
const BOTH_TAGS = new Set(['NCHI']);

/** Tags whose line value is the event's detail (attributes); every other event writes detail as TYPE. */
const VALUE_TAGS = new Set(['OCCU', 'EDUC', 'RELI', 'CAST', 'DSCR', 'IDNO', 'NATI', 'NCHI', 'NMR', 'PROP', 'SSN', 'TITL', 'EVEN']);

/** Events that may carry `Y` (it happened, nothing more known), so a bare event is not dropped by other programs. */
const Y_551 = new Set(['BIRT', 'CHR', 'DEAT', 'MARR']);
const Y_70 = new Set([
  'BIRT', 'BAPM', 'CHR', 'DEAT', 'BURI', 'CREM', 'MARR', 'DIV', 'ENGA', 'IMMI', 'EMIG', 'NATU', 'CENS', 'GRAD', 'PROB',
  'WILL', 'ADOP', 'BARM', 'BASM', 'BLES', 'CHRA', 'CONF', 'FCOM', 'ORDN', 'RETI', 'ANUL', 'DIVF', 'MARB', 'MARC', 'MARL', 'MARS',
]);

/**
 * The tag export writes for an event: the first EVENT_TAGS tag; for `custom` the CUSTOM_EVENT_TAGS tag
 * whose meaning is exactly the customType and that belongs where the event hangs (family tags only on
 * FAM, the others only on INDI), else EVEN (with TYPE customType).
 */
const FIRST_TAG = new Map(Object.entries(EVENT_TAGS).map(([type, tags]) => [type, tags[0]!]));

export const eventTag = (event: Pick<LifeEvent, 'type' | 'customType'>, onFamily: boolean): string => {
  if (event.type !== 'custom') return FIRST_TAG.get(event.type)!;
  const tag = TAG_BY_CUSTOM_TYPE.get(event.customType ?? '');
  return tag !== undefined && (FAMILY_TAGS.has(tag) === onFamily || BOTH_TAGS.has(tag)) ? tag : 'EVEN';
};

/** `(` starts the phrase in a 5.5.1 date value; before it only calendar escapes carry `@`, which stay single. */
const escapeDate551 = (value: string): string => {
  const phrase = value.indexOf('(');
  if (phrase < 0 || value.indexOf('@', phrase) < 0) return value;
  return value.slice(0, phrase) + value.slice(phrase).split('@').join('@@');
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const QUALIFIED: Readonly<Partial<Record<GenealogicalDate['qualifier'], string>>> = {
  exact: '', about: 'ABT ', estimated: 'EST ', calculated: 'CAL ', before: 'BEF ', after: 'AFT ',
};

/**
 * What formatGedcomDate answers (either version) for the dates most events have, a Gregorian one
 * without range, dual year or phrase; null for any other. The export formats a date per event, and
 * the general formatter builds arrays and strings for parts a plain date does not have (a tenth of
 * the export's garbage).
 */
const plainDate = (d: GenealogicalDate): string | null => {
  if (d.calendar !== undefined || d.dualYear === true || d.text !== undefined) return null;
  const qualifier = QUALIFIED[d.qualifier];
  if (qualifier === undefined) return null;
  let body = d.day === undefined ? '' : String(d.day);
  const month = d.month === undefined ? undefined : MONTHS[d.month - 1];
  if (month !== undefined) body = body === '' ? month : `${body} ${month}`;
  if (d.year !== undefined) body = body === '' ? String(d.year) : `${body} ${d.year}`;
  return qualifier === '' ? body : qualifier + body;
};

/** DATE (5.5.1 with the phrase in the value; 7.0 with PHRASE below), or nothing for a date with nothing to say. */
export const putDate = (out: Out, level: number, date: GenealogicalDate, seven: Seven): void => {
  const simple = plainDate(date);
  if (simple !== null) {
    // No phrase: what the general path below writes for it.
    if (simple === '') return;
    if (seven) putLine(out, level, 'DATE', simple);
    else putEscaped(out, level, 'DATE', simple, false);
    return;
  }
  const phrase = date.text === undefined ? '' : date.text.replace(/\r\n?|\n/g, ' ').trim();
  if (date.qualifier === 'text' && phrase === '') return;
  const written = date.text === undefined || date.text === phrase ? date : { ...date, text: phrase };
  if (seven && date.dualYear === true && date.year !== undefined) {
    // GEDCOM 7 has no dual year: DATE takes the later (new style) year and PHRASE the date as written
    // (the 7.0 specification's own example), from which import takes the dual year back.
    const { dualYear: _dual, text: _text, ...plain } = date;
    putLine(out, level, 'DATE', formatGedcomDate({ ...plain, year: date.year + 1 }, '7.0'));
    putText(out, level + 1, 'PHRASE', formatGedcomDate(written, '5.5.1'), true);
    return;
  }
  const value = formatGedcomDate(written, seven ? '7.0' : '5.5.1');
  if (seven) {
    if (value === '' && phrase === '') return;
    putLine(out, level, 'DATE', value);
    putText(out, level + 1, 'PHRASE', phrase, true);
    return;
  }
  if (value !== '') putEscaped(out, level, 'DATE', escapeDate551(value), false);
};

export const dateLines = (level: number, date: GenealogicalDate, seven: Seven): string => joined(putDate, level, date, seven);

const validQuay = (n: number | null): n is number => n !== null && Number.isInteger(n) && n >= 0 && n <= 3;

/** `SOUR @S1@` with PAGE, DATA.TEXT (the detail) and QUAY, in the order of the 5.5.1 and 7.0 grammars. */
export const putCitation = (out: Out, level: number, c: ExportCitation, source: SourceXref, seven: Seven, kept: KeptOut = KEPT_OUT): void => {
  const start = out.length;
  putLine(out, level, 'SOUR', source(c.sourceId));
  putText(out, level + 1, 'PAGE', c.page, seven);
  const entryDate = c.entryDate ?? '';
  // The detail as the file wrote it (a TEXT under the citation, several DATA.TEXT) while it is unchanged.
  const shape = c.detail === '' ? null : structureFormOf(c.gedcomExtra, c.detail, seven);
  if (shape !== null && shape[0] === 'SOUR') {
    let dated = entryDate === '';
    if (!dated && !shape[3].some((n) => n[0] === 'DATA')) {
      putLine(out, level + 1, 'DATA');
      putEntryDate(out, level + 2, entryDate, seven);
      dated = true;
    }
    for (const n of shape[3]) {
      if (n[0] === 'TEXT') {
        putText(out, level + 1, 'TEXT', n[1] ?? '', seven);
        continue;
      }
      putLine(out, level + 1, 'DATA');
      if (!dated) putEntryDate(out, level + 2, entryDate, seven);
      dated = true;
      for (const t of n[3]) putText(out, level + 2, 'TEXT', t[1] ?? '', seven);
    }
  } else if (c.detail !== '' || entryDate !== '') {
    putLine(out, level + 1, 'DATA');
    if (entryDate !== '') putEntryDate(out, level + 2, entryDate, seven);
    putText(out, level + 2, 'TEXT', c.detail, seven);
  }
  if (validQuay(c.confidence)) putLine(out, level + 1, 'QUAY', QUAY[c.confidence]);
  const notes = c.notes ?? '';
  if (!notesKept(c.gedcomExtra, notes, seven, kept)) putText(out, level + 1, 'NOTE', notes, seven);
  putExtra(out, start, level + 1, c.gedcomExtra, seven, kept, undefined, notes);
};

/**
 * A citation's DATA.DATE: 5.5.1 as written; 7.0 as a date when it reads as one, else an empty DATE
 * with the text as its PHRASE (which the import reads back as the text).
 */
const putEntryDate = (out: Out, level: number, entryDate: string, seven: Seven): void => {
  if (!seven) {
    putSingle(out, level, 'DATE', entryDate, seven);
    return;
  }
  const d = parseGedcomDate(entryDate);
  if (d !== null && d.qualifier !== 'text' && d.text === undefined && d.dualYear !== true) putDate(out, level, d, seven);
  else {
    putLine(out, level, 'DATE');
    putSingle(out, level + 1, 'PHRASE', entryDate, seven);
  }
};

const QUAY = ['0', '1', '2', '3'];

export const citationLines = (level: number, c: ExportCitation, source: SourceXref, seven: Seven): string => joined(putCitation, level, c, source, seven);

/**
 * 7.0 requires IDNO to have a TYPE and NCHI, NMR a whole number. Import joins an attribute's value and
 * TYPE into the detail with a blank line, so the first paragraph is the value and the rest the TYPE;
 * null when the detail does not fit (the attribute is then written as EVEN with TYPE its meaning,
 * which imports back as the same custom event).
 */
const STRICT_70 = new Set(['IDNO', 'NCHI', 'NMR']);

/** A detail of two paragraphs or more as value and TYPE; undefined for one paragraph (all value). */
const typed = (detail: string): { readonly value: string; readonly type: string } | undefined => {
  const cut = detail.indexOf('\n\n');
  return cut < 0 ? undefined : { value: detail.slice(0, cut), type: detail.slice(cut + 2) };
};
const split70 = (tag: string, detail: string): { readonly value: string; readonly type: string } | null => {
  const cut = detail.indexOf('\n\n');
  const value = cut < 0 ? detail : detail.slice(0, cut);
  const type = cut < 0 ? '' : detail.slice(cut + 2);
  return (tag === 'IDNO' ? type === '' : !/^\d+$/.test(value)) ? null : { value, type };
};

/** What an LDS ordinance needs from its record: the date STAT requires (DATE_EXACT), and for SLGC the family sealed to. */
export type OrdinanceContext = { readonly statusDate: string; readonly famc: string | null };

/** The 7.0 ordinance status enumeration (enumset-ord-STAT); 5.5.1 spells two of them otherwise. */
const STAT_70 = new Set(['BIC', 'CANCELED', 'CHILD', 'COMPLETED', 'DNS', 'DNS_CAN', 'EXCLUDED', 'INFANT', 'PRE_1970', 'STILLBORN', 'SUBMITTED', 'UNCLEARED']);
const STAT_551: Readonly<Record<string, string>> = { DNS_CAN: 'DNS/CAN', PRE_1970: 'PRE-1970' };

/**
 * TEMP and STAT of an LDS ordinance. STAT requires a DATE (when the status was set), which the model
 * does not keep: the export date stands for it (the status as of this file). 7.0 STAT is an
 * enumeration without PHRASE, so a status outside it is written as the `_STAT` extension (declared in
 * HEAD.SCHMA), which import reads back.
 */
const putOrdinance = (out: Out, level: number, e: ExportEvent, seven: Seven, statusDate: string): void => {
  putSingle(out, level, 'TEMP', e.temple ?? '', seven);
  const status = e.ordinanceStatus ?? '';
  if (status === '') return;
  const known = Object.hasOwn(ORDINANCE_STATUS, status.toUpperCase()) ? ORDINANCE_STATUS[status.toUpperCase()]! : null;
  if (seven && (known === null || !STAT_70.has(known))) {
    putSingle(out, level, '_STAT', status, true);
    return;
  }
  const value = known === null ? status : seven ? known : (STAT_551[known] ?? known);
  putSingle(out, level, 'STAT', value, seven);
  if (statusDate !== '') putLine(out, level + 1, 'DATE', statusDate);
};

/** Degrees as GEDCOM writes them: the hemisphere letter, then the absolute value with the digits it needs (`N42.3601`). */
export const degreesText = (value: number, positive: 'N' | 'E', negative: 'S' | 'W'): string => {
  const abs = Math.abs(value);
  const digits = String(abs);
  // String() writes a value below 1e-6 with an exponent (`1.5e-7`), which no reader takes: the same digits written out.
  const [mantissa, exponent] = digits.split('e');
  const plain = exponent === undefined ? digits : `0.${'0'.repeat(-Number(exponent) - 1)}${mantissa!.replace('.', '')}`;
  return `${value < 0 ? negative : positive}${plain}`;
};

/** PLAC.MAP with LATI and LONG (5.5.1 and 7.0 alike). */
const putMap = (out: Out, level: number, c: Coordinates): void => {
  putLine(out, level, 'MAP');
  putLine(out, level + 1, 'LATI', degreesText(c.latitude, 'N', 'S'));
  putLine(out, level + 1, 'LONG', degreesText(c.longitude, 'E', 'W'));
};

/**
 * One event at `level` with TYPE, DATE, PLAC, NOTE and its citations. An LDS ordinance has no TYPE
 * (its detail is written as a NOTE) and takes TEMP, STAT and, for SLGC, FAMC (`ord`).
 */
export const putEvent = (
  out: Out, level: number, e: ExportEvent, onFamily: boolean, citations: readonly ExportCitation[] | undefined, source: SourceXref, seven: Seven,
  ord?: OrdinanceContext, kept: KeptOut = KEPT_OUT,
): void => {
  const lds = isLdsEvent(e.type);
  let tag = eventTag(e, onFamily);
  let split = seven && STRICT_70.has(tag) ? split70(tag, e.detail) : undefined;
  if (split === null) tag = 'EVEN';
  const valued = VALUE_TAGS.has(tag);
  // An attribute's value and its TYPE were joined by a blank line on import (mapping-events.ts): the
  // first paragraph is the value again, the rest the TYPE.
  if (split === undefined && valued && tag !== 'EVEN') split = typed(e.detail);
  // The event's own line comes first but depends on its body (`Y` for an event with none): its place
  // is kept and filled once the body is written.
  const at = out.length;
  out.push('');
  if (tag === 'EVEN') putText(out, level + 1, 'TYPE', e.customType ?? '', seven);
  else if (split) putText(out, level + 1, 'TYPE', split.type, seven);
  else if (!valued && !lds) putText(out, level + 1, 'TYPE', e.detail, seven);
  // SLGC requires FAMC (7.0 may say @VOID@ when the child has no family in the file).
  if (tag === 'SLGC') {
    const famc = ord?.famc ?? (seven ? '@VOID@' : null);
    if (famc !== null) putLine(out, level + 1, 'FAMC', famc);
  }
  if (e.date !== null) putDate(out, level + 1, e.date, seven);
  // 5.5.1: a citation the file wrote under the PLAC goes there again (7.0 has no PLAC.SOUR).
  const placeCited = !seven && e.place !== null && citations !== undefined && citations.some((c) => underPlace(c.gedcomExtra));
  if (e.place !== null) {
    putSingle(out, level + 1, 'PLAC', e.place, seven);
    if (e.coordinates !== undefined && e.coordinates !== null) putMap(out, level + 2, e.coordinates);
    if (placeCited) for (const c of citations!) if (underPlace(c.gedcomExtra)) putCitation(out, level + 2, c, source, seven, kept);
  }
  if (lds) putOrdinance(out, level + 1, e, seven, ord?.statusDate ?? '');
  // After PLAC (and ADDR, AGNC, RELI, which are not written), before NOTE: both grammars' order.
  if (!lds) putText(out, level + 1, 'CAUS', e.cause ?? '', seven);
  if (!notesKept(e.gedcomExtra, e.notes, seven, kept)) putText(out, level + 1, 'NOTE', e.notes, seven);
  if (lds) putText(out, level + 1, 'NOTE', e.detail, seven);
  if (citations !== undefined) for (const c of citations) if (!placeCited || !underPlace(c.gedcomExtra)) putCitation(out, level + 1, c, source, seven, kept);
  if (valued) {
    const value = split?.value ?? e.detail;
    // An event the file wrote as FACT (an attribute: a value and a TYPE) is a FACT again.
    const written = tag === 'EVEN' && value !== '' && structureFormOf(e.gedcomExtra, FACT_FORM, seven)?.[0] === 'FACT' ? 'FACT' : tag;
    out[at] = value === '' ? line(level, tag) : text(level, written, value, seven);
  } else out[at] = line(level, tag, out.length === at + 1 && (seven ? Y_70 : Y_551).has(tag) ? 'Y' : '');
};

export const eventLines = (
  level: number, e: ExportEvent, onFamily: boolean, citations: readonly ExportCitation[] | undefined, source: SourceXref, seven: Seven,
  ord?: OrdinanceContext,
): string => joined(putEvent, level, e, onFamily, citations, source, seven, ord);
