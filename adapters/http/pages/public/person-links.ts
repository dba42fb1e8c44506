import type { PersonView } from '../../../../core/people/vitals.js';
import type { Relative } from '../../../../core/people/queries/get-public-family.js';
import { escapeHtml } from '../render.js';
import type { PublicPagesDeps } from './deps.js';
import { dateText } from './words.js';

export const personUrl = (p: PublicPagesDeps, personId: string): string => `${p.baseUrl}/persons/${personId}`;

/** "ABT 1850 – 12 MAR 1901", as the record writes the dates; empty when neither is known. */
export const lifeSpan = (v: PersonView): string => {
  if (v.visibility !== 'full') return '';
  const born = dateText(v.birth?.date ?? null);
  const died = dateText(v.death?.date ?? null);
  if (born === null && died === null) return '';
  return `${born ?? '?'} – ${died ?? '?'}`;
};

/**
 * A relative as a link to their page, or `Living person` without a link (a redacted person has no
 * page). `itemprop` (Microdata) only for a relative shown in full: a withheld person is no data.
 */
export const relativeHtml = (p: PublicPagesDeps, r: Relative, itemprop?: string): string =>
  r.visibility === 'redacted'
    ? '<span class="living">Living person</span>'
    : itemprop === undefined
      ? `<a href="${escapeHtml(personUrl(p, r.id))}">${escapeHtml(r.displayName)}</a>`
      : `<span itemprop="${itemprop}" itemscope itemtype="https://schema.org/Person"><a itemprop="url" href="${escapeHtml(personUrl(p, r.id))}"><span itemprop="name">${escapeHtml(r.displayName)}</span></a></span>`;
