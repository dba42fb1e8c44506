import type { EventType, LifeEvent, NameType, ParentChildQualifier, Sex } from '../../../../core/people/model.js';
import { dateDisplay } from '../../../../core/people/date.js';
import type { GenealogicalDate } from '../../../../core/kernel/date.js';
import { escapeHtml } from '../render.js';

// The words of the public pages: labels of the record's codes, and the small pieces every page writes.

const EVENT_LABELS: Readonly<Partial<Record<EventType, string>>> = {
  birth: 'Birth', baptism: 'Baptism', christening: 'Christening', death: 'Death', burial: 'Burial', cremation: 'Cremation',
  marriage: 'Marriage', divorce: 'Divorce', engagement: 'Engagement', residence: 'Residence', occupation: 'Occupation',
  education: 'Education', religion: 'Religion', immigration: 'Immigration', emigration: 'Emigration', naturalization: 'Naturalization',
  census: 'Census', military: 'Military service', graduation: 'Graduation', probate: 'Probate', will: 'Will',
};

/** An event's label: its type's, or its own words for a custom type. */
export const eventLabel = (e: Pick<LifeEvent, 'type' | 'customType'>): string => {
  if (e.type === 'custom' && e.customType !== null && e.customType.trim() !== '') return e.customType;
  return EVENT_LABELS[e.type] ?? e.type.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
};

const NAME_LABELS: Readonly<Partial<Record<NameType, string>>> = {
  birth: 'Birth name', maiden: 'Maiden name', married: 'Married name', alias: 'Also known as', nickname: 'Nickname',
  religious: 'Religious name', professional: 'Professional name', other: 'Other name',
};

export const nameTypeLabel = (t: NameType): string => NAME_LABELS[t] ?? 'Name';

export const sexLabel = (s: Sex | null): string | null => (s === 'male' ? 'Male' : s === 'female' ? 'Female' : null);

const QUALIFIER_LABELS: Readonly<Record<ParentChildQualifier, string>> = {
  biological: 'biological', adoptive: 'adoptive', step: 'step', foster: 'foster', donor: 'donor', guardian: 'guardian',
};

/** "(adoptive)" after a parent or child, never for a biological one or an unknown (withheld) qualifier. */
export const qualifierNote = (q: ParentChildQualifier | null): string => (q === null || q === 'biological' ? '' : ` <span class="muted">(${QUALIFIER_LABELS[q]})</span>`);

/**
 * A date as the record writes it: its GEDCOM form (`ABT 1850`, `12 MAR 1901`, `BET 1850 AND 1855`),
 * and a date kept only as a phrase as that phrase (not in GEDCOM's parentheses); null when none.
 */
export const dateText = (d: GenealogicalDate | null): string | null =>
  d !== null && d.qualifier === 'text' && d.text !== undefined && d.text.trim() !== '' ? d.text.trim() : dateDisplay(d);

/** The ISO 8601 form of one exact Gregorian day, month or year (`1805-03-12`, `1805-03`, `1805`); null for any other date. */
export const isoDateOf = (d: GenealogicalDate): string | null => {
  const exact = d.qualifier === 'exact' && d.calendar === undefined && d.year !== undefined && d.dualYear !== true;
  if (!exact) return null;
  return [String(d.year).padStart(4, '0'), ...(d.month === undefined ? [] : [String(d.month).padStart(2, '0')]), ...(d.month !== undefined && d.day !== undefined ? [String(d.day).padStart(2, '0')] : [])].join('-');
};

/**
 * The date as a `<time>` (with a machine-readable `datetime` when it is one exact Gregorian day, month
 * or year), its text as written; `itemprop` only then (schema.org dates are exact).
 */
export const timeHtml = (d: GenealogicalDate | null, itemprop?: string): string => {
  const text = dateText(d);
  if (d === null || text === null) return '';
  const iso = isoDateOf(d);
  if (iso === null) return `<span>${escapeHtml(text)}</span>`;
  return `<time datetime="${iso}"${itemprop === undefined ? '' : ` itemprop="${itemprop}"`}>${escapeHtml(text)}</time>`;
};

/** Sorting events in the order of a life: by their (start) date, undated ones after, then as given. */
export const chronological = <E extends { readonly date: GenealogicalDate | null }>(events: readonly E[]): E[] => {
  const key = (d: GenealogicalDate | null): number => (d?.year === undefined ? Number.POSITIVE_INFINITY : d.year * 10_000 + (d.month ?? 0) * 100 + (d.day ?? 0));
  return events.map((e, i) => ({ e, i, k: key(e.date) })).sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.e);
};

export const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Text with its line breaks kept, as paragraphs. */
export const paragraphs = (text: string): string =>
  text.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== '').map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('\n');
