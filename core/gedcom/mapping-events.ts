import { factForm, parseKept } from './extensions.js';
import type { GenealogicalDate } from '../kernel/date.js';
import { parseGedcomDate } from '../kernel/gedcom-date.js';
import { isLdsEvent, MAX_PLACE_LENGTH, type EventType } from '../people/model.js';
import {
  CUSTOM_EVENT_TAGS, CUSTOM_FAMILY_TAGS, EVENT_TAGS, FAMILY_EVENT_TYPES, ORDINANCE_STATUS, type GedcomNode, type PlanCoordinates, type PlanEvent,
} from './types.js';
import { finishCitations, readCitation, type CitationDraft } from './mapping-citations.js';
import { capped, lean, lookup, readNote, resolveText, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';

export type EventKind = { readonly type: EventType; readonly customType: string | null };

const GENERIC: Readonly<Record<string, string>> = { EVEN: 'Event', FACT: 'Fact' };

const kinds = new Map<string, EventKind>();
for (const [type, tags] of Object.entries(EVENT_TAGS) as [EventType, readonly string[]][]) {
  for (const tag of tags) kinds.set(tag, { type, customType: null });
}
for (const [tag, meaning] of Object.entries(CUSTOM_EVENT_TAGS)) kinds.set(tag, { type: 'custom', customType: meaning });
for (const [tag, meaning] of Object.entries(GENERIC)) kinds.set(tag, { type: 'custom', customType: meaning });

/** A place longer than the model allows (it failed the whole import) is cut, with a warning. */
const readPlace = (node: GedcomNode, ctx: Context): string | null => {
  const value = text(node);
  if (value === '') return null;
  if (value.length <= MAX_PLACE_LENGTH) return value;
  const high = value.charCodeAt(MAX_PLACE_LENGTH - 1);
  const cut = value.slice(0, high >= 0xd800 && high <= 0xdbff ? MAX_PLACE_LENGTH - 1 : MAX_PLACE_LENGTH).trimEnd();
  ctx.warn(node.line, `PLAC longer than ${MAX_PLACE_LENGTH} characters: cut to its first ${MAX_PLACE_LENGTH}`);
  return cut;
};

/**
 * A LATI or LONG value as signed decimal degrees: the hemisphere letter (`N42.3601`, `W71.0589`) or a
 * plain signed decimal (`-33.86`); null when it is neither or out of range (`max`).
 */
export const parseDegrees = (raw: string, positive: 'N' | 'E', negative: 'S' | 'W', max: number): number | null => {
  const m = /^([A-Z])?\s*([+-])?(\d+(?:\.\d*)?|\.\d+)$/.exec(raw.trim().toUpperCase());
  if (m === null) return null;
  const [, hemisphere, sign, digits] = m;
  if (hemisphere !== undefined && (sign !== undefined || (hemisphere !== positive && hemisphere !== negative))) return null;
  const n = Number(digits);
  if (!Number.isFinite(n) || n > max) return null;
  return n === 0 ? 0 : hemisphere === negative || sign === '-' ? -n : n;
};

/**
 * PLAC.MAP: both LATI and LONG as coordinates. Else the MAP is not kept (counted as unmapped) and,
 * when it has either, that is a warning.
 */
const readMap = (node: GedcomNode, path: string, ctx: Context): PlanCoordinates | undefined => {
  const lati = node.children.find((c) => c.tag === 'LATI');
  const long = node.children.find((c) => c.tag === 'LONG');
  const latitude = lati === undefined ? null : parseDegrees(text(lati), 'N', 'S', 90);
  const longitude = long === undefined ? null : parseDegrees(text(long), 'E', 'W', 180);
  if (latitude === null || longitude === null) {
    ctx.lost(`${path}.MAP`, node);
    if (lati === undefined && long === undefined) return undefined;
    if (lati === undefined || long === undefined) ctx.warn(node.line, `PLAC.MAP without ${lati === undefined ? 'LATI' : 'LONG'}: coordinates left out`);
    else {
      const bad = latitude === null ? lati : long;
      ctx.warn(bad.line, `PLAC.MAP.${bad.tag} ${text(bad)} is not a ${bad.tag === 'LATI' ? 'latitude' : 'longitude'}: coordinates left out`);
    }
    return undefined;
  }
  for (const c of node.children) {
    if (c === lati || c === long) ctx.lostChildren(`${path}.MAP.${c.tag}`, c);
    else ctx.lost(`${path}.MAP.${c.tag}`, c);
  }
  return { latitude, longitude, line: node.line };
};

const isFamilyKind = (tag: string, k: EventKind): boolean => FAMILY_EVENT_TYPES.includes(k.type) || CUSTOM_FAMILY_TAGS.includes(tag);


/**
 * The event an INDI substructure stands for. MARR, DIV and ENGA under INDI are events of the person:
 * the service lets a person have its own marriage, divorce or engagement (without a partnership), and
 * export writes it so, with no other tag to read it back by. The custom family tags belong to FAM.
 */
export const individualEventKind = (tag: string): EventKind | null => {
  const k = kinds.get(tag);
  return k === undefined || CUSTOM_FAMILY_TAGS.includes(tag) ? null : k;
};

/**
 * The event a FAM substructure stands for: family events, the custom family tags, EVEN/FACT, NCHI, and
 * every EVENT_TAGS tag: GEDCOM allows RESI and CENS on FAM, and export writes a partnership event of
 * any built-in type with its EVENT_TAGS tag, so reading them all keeps a round trip whole.
 */
export const familyEventKind = (tag: string): EventKind | null => {
  const k = kinds.get(tag);
  return k !== undefined && (k.customType === null || isFamilyKind(tag, k) || Object.hasOwn(GENERIC, tag) || tag === 'NCHI') ? k : null;
};

export type EventDraft = Omit<PlanEvent, 'notes' | 'citations'> & {
  readonly notes: readonly TextPart[];
  readonly citations: readonly CitationDraft[];
};

const DATE_FIELDS = ['qualifier', 'calendar', 'year', 'month', 'day', 'endYear', 'endMonth', 'endDay'] as const;

/**
 * GEDCOM 7 has no dual year: a 7.0 DATE gives the later year (or, as older exports did, the first) and
 * a PHRASE the date as written with its dual year (`11 FEB 1750/51`, export adds `INT ... (phrase)`).
 * That PHRASE is the date itself, not a phrase about it: the dual-year date, or null when it is not one.
 */
const dualYearPhrase = (date: GenealogicalDate | null, phrase: string): GenealogicalDate | null => {
  if (date === null || date.text !== undefined || date.year === undefined) return null;
  const dual = parseGedcomDate(phrase);
  if (dual?.dualYear !== true || dual.year === undefined) return null;
  const same = (year: number): boolean => DATE_FIELDS.every((f) => (f === 'year' ? year : dual[f]) === date[f]);
  return same(dual.year + 1) || same(dual.year) ? dual : null;
};

/**
 * DATE via parseGedcomDate; a value it keeps as text is a warning (a `(phrase)` is not). A GEDCOM 7
 * PHRASE becomes the date's `text`; with no date value it is a `text` date; after a value kept as
 * text it is appended in parentheses, so neither is lost. A PHRASE that writes the DATE with a dual
 * year gives the dual-year date instead (see dualYearPhrase).
 */
export const readDate = (node: GedcomNode, path: string, ctx: Context, extra?: (child: GedcomNode) => boolean): GenealogicalDate | null => {
  const raw = text(node);
  let date = parseGedcomDate(raw);
  if (date?.qualifier === 'text' && !raw.startsWith('(')) ctx.warn(node.line, `DATE ${raw} is not a date this service reads: kept as the phrase "${date.text}"`);
  for (const c of node.children) {
    if (c.tag !== 'PHRASE') {
      if (extra === undefined || !extra(c)) ctx.lost(`${path}.DATE.${c.tag}`, c);
      continue;
    }
    const phrase = text(c);
    if (phrase === '') continue;
    const dual = dualYearPhrase(date, phrase);
    date = dual !== null ? dual : date === null ? { qualifier: 'text', text: phrase }
      : date.qualifier === 'text' ? { qualifier: 'text', text: `${date.text ?? ''} (${phrase})` }
        : { ...date, text: phrase };
  }
  return date;
};

/**
 * An ordinance's STAT: a known value in its 7.0 spelling, any other as written (`_STAT` is how export
 * writes those in 7.0). STAT.DATE, when the status was set, is not kept: the model has no place for it.
 */
const readStatus = (node: GedcomNode, here: string, ctx: Context): string | null => {
  for (const c of node.children) if (c.tag !== 'DATE') ctx.lost(`${here}.${node.tag}.${c.tag}`, c);
  const v = text(node);
  if (v === '') return null;
  return lookup(ORDINANCE_STATUS, v.toUpperCase()) ?? capped(v, node, ctx);
};

/**
 * An event or attribute structure. Its line value (but `Y`) starts the detail, then TYPE (on other
 * events than EVEN/FACT, whose TYPE is the custom type), joined by blank lines; CAUS is its cause. Citations
 * under its DATE or PLAC are citations of the event. An LDS ordinance takes TEMP and STAT. `extra`
 * takes substructures the caller handles itself (ADOP.FAMC, SLGC.FAMC).
 */
export const readEvent = (
  node: GedcomNode, path: string, kind: EventKind, ctx: Context, extra?: (child: GedcomNode) => boolean,
): EventDraft => {
  const here = `${path}.${node.tag}`;
  const scope = ctx.open(node);
  const generic = Object.hasOwn(GENERIC, node.tag);
  const value = text(node);
  const detail: string[] = value === '' || value.toUpperCase() === 'Y' ? [] : [value];
  let customType = kind.customType;
  let typed = false;
  let date: GenealogicalDate | null = null;
  let place: string | null = null;
  let coordinates: PlanCoordinates | undefined;
  const notes: TextPart[] = [];
  const citations: CitationDraft[] = [];
  const lds = isLdsEvent(kind.type);
  let temple: string | null = null;
  let ordinanceStatus: string | null = null;
  let seenDate = false;
  let seenPlace = false;
  let cause = '';
  const cited = (s: GedcomNode, at: string, underPlace = false): boolean => {
    if (s.tag !== 'SOUR') return false;
    const cit = readCitation(s, at, ctx);
    if (cit !== null) citations.push(underPlace ? { ...cit, underPlace } : cit);
    return true;
  };
  for (const c of node.children) {
    if (lds && (c.tag === 'TEMP' || c.tag === 'STAT' || c.tag === '_STAT')) {
      if (c.tag === 'TEMP') {
        if (text(c) !== '') temple = capped(text(c), c, ctx);
        ctx.lostChildren(`${here}.TEMP`, c);
      } else ordinanceStatus = readStatus(c, here, ctx) ?? ordinanceStatus;
      continue;
    }
    switch (c.tag) {
      case 'DATE':
        // One DATE and one PLAC an event: a second one (which GEDCOM does not allow), or an empty one, is kept verbatim.
        if (seenDate || (c.value === null && c.children.length === 0)) {
          ctx.lost(`${here}.DATE`, c);
          break;
        }
        seenDate = true;
        date = readDate(c, here, ctx, (s) => cited(s, `${here}.DATE`));
        break;
      case 'PLAC':
        if (seenPlace || (c.value === null && c.children.length === 0)) {
          ctx.lost(`${here}.PLAC`, c);
          break;
        }
        seenPlace = true;
        place = readPlace(c, ctx);
        for (const s of c.children) {
          if (s.tag === 'MAP') coordinates = readMap(s, `${here}.PLAC`, ctx) ?? coordinates;
          else if (!cited(s, `${here}.PLAC`, true)) ctx.lost(`${here}.PLAC.${s.tag}`, s);
        }
        break;
      case 'NOTE':
      case 'SNOTE': {
        const n = readNote(c, here, ctx);
        if (n !== null) notes.push(n);
        break;
      }
      case 'SOUR':
        cited(c, here);
        break;
      case 'TYPE':
        // An EVEN's or FACT's first TYPE is its custom type; a second one (Heredis writes two), or an
        // empty TYPE of any event, is kept verbatim.
        if (text(c) === '' || (generic && typed)) {
          ctx.lost(`${here}.TYPE`, c);
          break;
        }
        if (generic) {
          customType = text(c);
          typed = true;
        } else detail.push(text(c));
        ctx.lostChildren(`${here}.TYPE`, c);
        break;
      case 'CAUS':
        // One cause an event (GEDCOM allows one): a second, or an empty one, is kept verbatim.
        if (cause !== '' || text(c) === '') {
          ctx.lost(`${here}.CAUS`, c);
          break;
        }
        cause = text(c);
        ctx.lostChildren(`${here}.CAUS`, c);
        break;
      default:
        if (extra === undefined || !extra(c)) ctx.lost(`${here}.${c.tag}`, c);
    }
  }
  const closed = ctx.close(scope);
  // A FACT keeps that it was one (a tag form): export writes it as FACT again, not EVEN.
  const kept = node.tag !== 'FACT' ? closed : JSON.stringify([...(closed === undefined ? [] : parseKept(closed)), factForm(ctx.seven())]);
  return {
    type: kind.type, customType, date, place, notes: lean(notes), detail: detail.join('\n\n'), cause, citations: lean(citations), temple, ordinanceStatus,
    ...(kept === undefined ? {} : { extra: kept }),
    // Coordinates only with a place to hold them, and only when there are some (a mapped event is as before).
    ...(coordinates !== undefined && place !== null ? { coordinates } : {}),
  };
};

export const finishEvent = (e: EventDraft, sources: ReadonlySet<string>, notes: NoteStore, ctx: Context): PlanEvent => ({
  ...e,
  notes: resolveText(e.notes, notes, ctx),
  citations: finishCitations(e.citations, sources, notes, ctx),
});
