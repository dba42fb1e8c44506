import { calendars, type Calendar, type GenealogicalDate } from '../kernel/date.js';
import { invalidInput, type DomainError } from '../kernel/errors.js';
import { daysInMonth, formatGedcomDate, monthsIn } from '../kernel/gedcom-date.js';

/**
 * The date in GEDCOM 5.5.1 form: `ABT 1850`, `BET 1850 AND 1855`, `12 MAR 1901`, `(a phrase)`, with a
 * calendar escape (`@#DJULIAN@ 1 MAR 1700`), a dual year (`1750/51`) and an INT phrase
 * (`INT 1901 (from the census)`) when the date has them.
 */
export const dateDisplay = (d: GenealogicalDate | null): string | null => (d === null ? null : formatGedcomDate(d, '5.5.1'));

const checkPart = (path: string, calendar: Calendar | undefined, year?: number, month?: number, day?: number): string | null => {
  if (year === undefined) return month !== undefined || day !== undefined ? `${path}: a month or day needs a year` : null;
  if (!Number.isInteger(year) || year < 1 || year > 9999) return `${path}year: 1 to 9999`;
  if (month === undefined) return day !== undefined ? `${path}: a day needs a month` : null;
  const months = monthsIn(calendar);
  if (!Number.isInteger(month) || month < 1 || month > months) return `${path}month: 1 to ${months}`;
  if (day !== undefined && (!Number.isInteger(day) || day < 1 || day > daysInMonth(calendar, year, month))) return `${path}day: not a day of that month`;
  return null;
};

/**
 * A structured date is whole: a year for every qualifier but `text`, an end for `between`, real days
 * of its calendar (Julian leap years; Hebrew and French Republican months 1..13, days 1..30), a dual
 * year only on a Gregorian start year. `text` on another qualifier is the phrase of a GEDCOM INT date.
 */
export const checkDate = (d: GenealogicalDate, field: string): DomainError | null => {
  const problems: string[] = [];
  if (d.calendar !== undefined && !calendars.includes(d.calendar)) problems.push(`calendar: one of ${calendars.join(', ')}`);
  if (d.qualifier === 'text') {
    if (!d.text || d.text.trim() === '') problems.push('text: a `text` date needs its phrase');
  } else {
    if (d.year === undefined) problems.push('year: required');
    const start = checkPart('', d.calendar, d.year, d.month, d.day);
    if (start) problems.push(start);
    const end = checkPart('end_', d.calendar, d.endYear, d.endMonth, d.endDay);
    if (end) problems.push(end);
    if (d.qualifier === 'between' && d.endYear === undefined) problems.push('end_year: required for between');
    if (d.qualifier !== 'between' && d.qualifier !== 'from_to' && d.endYear !== undefined) problems.push('end_year: only for between and from_to');
    if (d.dualYear === true && (d.calendar !== undefined || d.year === undefined || d.year >= 9999)) problems.push('dual_year: only on a Gregorian start year');
  }
  return problems.length === 0
    ? null
    : invalidInput('invalid_date', 'The date is not a genealogical date.', problems.map((p) => ({ path: `${field}.${p.split(':')[0]}`, message: p.split(':').slice(1).join(':').trim() || p })));
};
