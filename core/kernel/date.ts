// The genealogical date: a value every slice reads (events, GEDCOM, privacy's 100-year window), so it
// lives below the slices (ARCHITECTURE.md rule 13).

export const dateQualifiers = ['exact', 'about', 'estimated', 'calculated', 'before', 'after', 'between', 'from_to', 'text'] as const;
export type DateQualifier = (typeof dateQualifiers)[number];

/** Calendars GEDCOM knows besides the Gregorian one (a date without `calendar` is Gregorian). */
export const calendars = ['julian', 'hebrew', 'french_r'] as const;
export type Calendar = (typeof calendars)[number];

export type GenealogicalDate = {
  readonly qualifier: DateQualifier;
  /** Absent: Gregorian. Hebrew and French Republican months run 1..13. */
  readonly calendar?: Calendar;
  /** The start year was written as a dual year (`1750/51`): `year` holds the first (old style) year. */
  readonly dualYear?: boolean;
  readonly year?: number;
  readonly month?: number;
  readonly day?: number;
  readonly endYear?: number;
  readonly endMonth?: number;
  readonly endDay?: number;
  /** The phrase of a `text` date; on any other qualifier, the phrase a GEDCOM `INT` date gave. */
  readonly text?: string;
};

/**
 * The latest Gregorian year a date allows, or null when it has no upper bound (AFT, a phrase). Other
 * calendars are converted to the Gregorian year their year (or December) can end in: Hebrew year - 3760,
 * French Republican year + 1792, a Julian year or December one later; a dual year (`1750/51`) its second year.
 */
export const latestYear = (d: GenealogicalDate | null): number | null => {
  if (d === null) return null;
  switch (d.qualifier) {
    case 'after':
    case 'text':
      return null;
    case 'between':
    case 'from_to':
      return d.endYear !== undefined ? gregorianYear(d.calendar, d.endYear, d.endMonth, false) : gregorianYearOf(d);
    default:
      return gregorianYearOf(d);
  }
};

const gregorianYearOf = (d: GenealogicalDate): number | null =>
  d.year === undefined ? null : gregorianYear(d.calendar, d.year, d.month, d.dualYear === true);

const gregorianYear = (calendar: Calendar | undefined, year: number, month: number | undefined, dual: boolean): number => {
  switch (calendar) {
    case 'hebrew':
      return year - 3760;
    case 'french_r':
      return year + 1792;
    case 'julian':
      return month === undefined || month === 12 ? year + 1 : year;
    default:
      return dual ? year + 1 : year;
  }
};
