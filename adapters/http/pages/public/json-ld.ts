import type { PublicFamily, Relative } from '../../../../core/people/queries/get-public-family.js';
import type { PersonView, Vital } from '../../../../core/people/vitals.js';
import type { PublicPagesDeps } from './deps.js';
import { personUrl } from './person-links.js';
import { isoDateOf } from './words.js';

// Schema.org JSON-LD of a person's page (issue 26): a `Person` with name, birth and death date and
// place, parents, spouses, children and siblings. Only a person shown in full has a page, so only
// such a page carries it; a relative appears in it only when shown in full too: a redacted relative
// ("Living person") and a hidden one are no data, here as in the Microdata of the same page.
//
// It is a data block (`<script type="application/ld+json">`), which a browser never runs and the
// Content-Security-Policy (`default-src 'none'`) does not have to allow; it is the one <script>
// element a public page may hold. Its text is JSON with `<`, `>`, `&` and the two JavaScript line
// separators written as \u escapes, so no value (a name is the family's text) can close the element.

type JsonLd = Record<string, unknown>;

/** A vital's date (a schema.org Date: only an exact Gregorian day, month or year; the page writes every date as the record does) and place. */
const vitalOf = (v: Vital | null, dateKey: string, placeKey: string): JsonLd => {
  if (v === null) return {};
  const date = v.date === null ? null : isoDateOf(v.date);
  return {
    ...(date === null ? {} : { [dateKey]: date }),
    ...(v.place === null ? {} : { [placeKey]: { '@type': 'Place', name: v.place } }),
  };
};

/** A relative shown in full, as a linked Person; null for anyone else (no data of a withheld person). */
const relativeOf = (p: PublicPagesDeps, r: Relative): JsonLd | null =>
  r.visibility === 'full' ? { '@type': 'Person', '@id': personUrl(p, r.id), name: r.displayName, url: personUrl(p, r.id) } : null;

const relativesOf = (p: PublicPagesDeps, key: string, rs: readonly Relative[]): JsonLd => {
  const shown = rs.map((r) => relativeOf(p, r)).filter((x): x is JsonLd => x !== null);
  return shown.length === 0 ? {} : { [key]: shown };
};

/** The JSON-LD object of a person shown in full with their family. */
export const personJsonLd = (p: PublicPagesDeps, v: Extract<PersonView, { visibility: 'full' }>, f: PublicFamily): JsonLd => {
  const url = personUrl(p, v.person.id);
  const primary = v.primary;
  const alternates = (v.names ?? []).filter((n) => n.id !== primary?.id).map((n) => `${n.givenName} ${n.surname}`.trim()).filter((s) => s !== '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': url,
    url,
    name: v.displayName,
    ...(primary === null || primary.givenName === '' ? {} : { givenName: primary.givenName }),
    ...(primary === null || primary.surname === '' ? {} : { familyName: primary.surname }),
    ...(alternates.length === 0 ? {} : { alternateName: alternates }),
    ...(v.person.sex === 'male' ? { gender: 'https://schema.org/Male' } : v.person.sex === 'female' ? { gender: 'https://schema.org/Female' } : {}),
    ...vitalOf(v.birth, 'birthDate', 'birthPlace'),
    ...vitalOf(v.death, 'deathDate', 'deathPlace'),
    ...relativesOf(p, 'parent', f.parents.map((x) => x.parent)),
    ...relativesOf(p, 'spouse', f.partners.map((x) => x.partner)),
    ...relativesOf(p, 'children', f.children.map((x) => x.child)),
    ...relativesOf(p, 'sibling', f.siblings),
  };
};

/** JSON safe inside a <script> element: no `<`, `>` or `&` (so no `</script>` or `<!--`), no U+2028/2029. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The `<script type="application/ld+json">` element of a person's page. */
export const personJsonLdElement = (p: PublicPagesDeps, v: Extract<PersonView, { visibility: 'full' }>, f: PublicFamily): string =>
  `<script type="application/ld+json">${scriptSafeJson(personJsonLd(p, v, f))}</script>`;
