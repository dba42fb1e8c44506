import type { ExportRepository, ExportSource } from './export-reads.js';
import { line, single, text, type Seven } from './writer-text.js';
import { KEPT_OUT, notesKept, putExtra, type KeptOut } from './extensions.js';
import { formatGedcomDate, parseGedcomDate } from '../kernel/gedcom-date.js';

// What a SOUR record writes beyond TITL, AUTH and PUBL (ABBR, DATA, REPO), and the REPO records
// (issue 28; the import's side is mapping-repositories.ts). A source without these fields writes no
// line more than before.

/** Whether the text is a 7.0 date period exactly as 7.0 writes one (`FROM 1850 TO 1855`, upper-case months, no dual year). */
const isSevenPeriod = (date: string): boolean => {
  const d = parseGedcomDate(date);
  return d !== null && d.qualifier === 'from_to' && d.text === undefined && formatGedcomDate(d, '7.0') === date;
};

/**
 * The DATE of a recorded event: 5.5.1 as stored; 7.0 only takes a period there, so any other text
 * (a year, a range written another way) becomes an empty DATE with the text as its PHRASE, which the
 * import reads back as the text.
 */
const recordedDate = (date: string, seven: Seven): string => {
  if (date === '') return '';
  if (!seven || isSevenPeriod(date)) return single(3, 'DATE', date, seven);
  return line(3, 'DATE') + single(4, 'PHRASE', date, seven);
};

/** ABBR, DATA (EVEN with DATE and PLAC, AGNC, NOTE) and REPO with CALN, for links whose repository the export writes. */
export const sourceFieldLines = (src: ExportSource, seven: Seven, repository: (number: number) => string): string => {
  let out = single(1, 'ABBR', src.abbreviation, seven);
  if (src.recordedEvents.length > 0 || src.agency !== '' || src.dataNotes !== '') {
    out += line(1, 'DATA');
    for (const e of src.recordedEvents) out += (e.events === '' ? line(2, 'EVEN') : single(2, 'EVEN', e.events, seven)) + recordedDate(e.date, seven) + single(3, 'PLAC', e.place, seven);
    out += single(2, 'AGNC', src.agency, seven) + text(2, 'NOTE', src.dataNotes, seven);
  }
  for (const l of src.repositoryLinks ?? []) out += line(1, 'REPO', repository(l.repository)) + single(2, 'CALN', l.callNumber, seven);
  return out;
};

/** `0 @R1@ REPO` with NAME, ADDR (its lines as CONT), NOTE and the repository's kept lines. */
export const writeRepository = (xref: string, r: ExportRepository, seven: Seven, kept: KeptOut = KEPT_OUT): string => {
  const record = `0 ${xref} REPO\n` + single(1, 'NAME', r.name, seven) + text(1, 'ADDR', r.address, seven)
    + (notesKept(r.gedcomExtra, r.notes, seven, kept) ? '' : text(1, 'NOTE', r.notes, seven));
  if (r.gedcomExtra === null || r.gedcomExtra === undefined) return record;
  const out = [record];
  // An address part the address no longer holds (edited since) is not written back.
  putExtra(out, 0, 1, r.gedcomExtra, seven, kept, (n, via) => via === 'ADDR#0' && n[1] !== null && n[2] === 0 && !r.address.toLowerCase().includes(n[1].trim().toLowerCase()), r.notes);
  return out.join('');
};

export const repositoryXref = (n: number): string => `@R${n}@`;
