import { invalidInput, type DomainError } from '../shared/errors.js';
import type { GenealogicalDate } from './model.js';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

const part = (year?: number, month?: number, day?: number): string =>
  [day, month === undefined ? undefined : MONTHS[month - 1], year].filter((x) => x !== undefined).join(' ');

/** The date in GEDCOM form: `ABT 1850`, `BET 1850 AND 1855`, `12 MAR 1901`, `(a phrase)`. */
export const dateDisplay = (d: GenealogicalDate | null): string | null => {
  if (d === null) return null;
  const start = part(d.year, d.month, d.day);
  const end = part(d.endYear, d.endMonth, d.endDay);
  switch (d.qualifier) {
    case 'exact':
      return start;
    case 'about':
      return `ABT ${start}`;
    case 'estimated':
      return `EST ${start}`;
    case 'calculated':
      return `CAL ${start}`;
    case 'before':
      return `BEF ${start}`;
    case 'after':
      return `AFT ${start}`;
    case 'between':
      return `BET ${start} AND ${end}`;
    case 'from_to':
      return end === '' ? `FROM ${start}` : `FROM ${start} TO ${end}`;
    case 'text':
      return `(${d.text ?? ''})`;
  }
};

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const checkPart = (path: string, year?: number, month?: number, day?: number): string | null => {
  if (year === undefined) return month !== undefined || day !== undefined ? `${path}: a month or day needs a year` : null;
  if (!Number.isInteger(year) || year < 1 || year > 9999) return `${path}year: 1 to 9999`;
  if (month === undefined) return day !== undefined ? `${path}: a day needs a month` : null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return `${path}month: 1 to 12`;
  if (day !== undefined && (!Number.isInteger(day) || day < 1 || day > daysIn(year, month))) return `${path}day: not a day of that month`;
  return null;
};

/** A structured date is whole: a year for every qualifier but `text`, an end for `between`, real days. */
export const checkDate = (d: GenealogicalDate, field: string): DomainError | null => {
  const problems: string[] = [];
  if (d.qualifier === 'text') {
    if (!d.text || d.text.trim() === '') problems.push('text: a `text` date needs its phrase');
  } else {
    if (d.year === undefined) problems.push('year: required');
    const start = checkPart('', d.year, d.month, d.day);
    if (start) problems.push(start);
    const end = checkPart('end_', d.endYear, d.endMonth, d.endDay);
    if (end) problems.push(end);
    if (d.qualifier === 'between' && d.endYear === undefined) problems.push('end_year: required for between');
    if (d.qualifier !== 'between' && d.qualifier !== 'from_to' && d.endYear !== undefined) problems.push('end_year: only for between and from_to');
  }
  return problems.length === 0
    ? null
    : invalidInput('invalid_date', 'The date is not a genealogical date.', problems.map((p) => ({ path: `${field}.${p.split(':')[0]}`, message: p.split(':').slice(1).join(':').trim() || p })));
};

/** The latest year a date allows, or null when it has no upper bound (AFT, a phrase). */
export const latestYear = (d: GenealogicalDate | null): number | null => {
  if (d === null) return null;
  switch (d.qualifier) {
    case 'after':
    case 'text':
      return null;
    case 'between':
    case 'from_to':
      return d.endYear ?? d.year ?? null;
    default:
      return d.year ?? null;
  }
};
