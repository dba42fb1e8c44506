import type { LifeEvent, Name, Relationship } from '../people/model.js';

// When two records of a merge are the same fact (API.md "Duplicates, merge and charts": no exact duplicates).

const text = (s: string): string => s.trim().toLowerCase();

/** Given name and surname equal, trimmed and case-insensitive; accents count (Müller is not Muller). */
export const sameName = (a: Name, b: Name): boolean => text(a.givenName) === text(b.givenName) && text(a.surname) === text(b.surname);

/** A JSON text of a value with its keys sorted, so equal dates compare equal whatever their key order. */
const canonical = (v: unknown): string =>
  v === null || typeof v !== 'object'
    ? JSON.stringify(v ?? null)
    : Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;

/** Same type, custom type, date (deep-equal), place and detail: the same event written twice. */
export const sameEvent = (a: LifeEvent, b: LifeEvent): boolean =>
  a.type === b.type && a.customType === b.customType && canonical(a.date) === canonical(b.date) && a.placeId === b.placeId && a.detail === b.detail;

/**
 * Edges that may exist once: a partnership per unordered pair, a parent_child per ordered pair, an
 * association per ordered pair and role (trimmed, case-insensitive).
 */
export const edgeKey = (r: Pick<Relationship, 'type' | 'personAId' | 'personBId' | 'role'>): string =>
  r.type === 'partnership'
    ? `partnership|${[r.personAId, r.personBId].sort().join('|')}`
    : r.type === 'parent_child'
      ? `parent_child|${r.personAId}|${r.personBId}`
      : `association|${r.personAId}|${r.personBId}|${text(r.role ?? '')}`;
