import type { Context } from 'koa';
import type { Actor } from '../../../../core/kernel/actor.js';
import type { Id } from '../../../../core/kernel/ids.js';
import { getPublicFamily, getPublicKeptPage, type PublicFamily } from '../../../../core/people/queries/get-public-family.js';
import type { EventView } from '../../../../core/people/queries/event-views.js';
import type { LifeEvent, Name } from '../../../../core/people/model.js';
import type { PersonView, Vital } from '../../../../core/people/vitals.js';
import { escapeHtml } from '../render.js';
import type { PublicPagesDeps } from './deps.js';
import { NOT_FOUND, anonymousOf, idOf, notModified, pageEtag, pageKey, type PageAnswer } from './frame.js';
import { personJsonLdElement } from './json-ld.js';
import { publicLayout, withBaseStyle } from './layout.js';
import { lifeSpan, personUrl, relativeHtml } from './person-links.js';
import { robotsOf, treeCrumbs } from './tree.js';
import { chronological, eventLabel, nameTypeLabel, paragraphs, qualifierNote, sexLabel, timeHtml } from './words.js';

type FullView = Extract<PersonView, { visibility: 'full' }>;

const nameText = (n: Pick<Name, 'givenName' | 'surname'>): string => `${n.givenName} ${n.surname}`.trim();

/** The person's names: the primary first (with Microdata given and family name), then the others with their kind. */
const namesHtml = (v: FullView): string => {
  const names = v.names ?? [];
  const primary = v.primary;
  const rows = [
    ...(primary === null ? [] : [`<li><span class="muted">${escapeHtml(nameTypeLabel(primary.nameType))}:</span> <span itemprop="givenName">${escapeHtml(primary.givenName)}</span> <span itemprop="familyName">${escapeHtml(primary.surname)}</span></li>`]),
    ...names.filter((n) => n.id !== primary?.id).map((n) => `<li><span class="muted">${escapeHtml(nameTypeLabel(n.nameType))}:</span> <span itemprop="alternateName">${escapeHtml(nameText(n) || '(no name given)')}</span></li>`),
  ];
  return rows.length === 0 ? '' : ['<section aria-labelledby="names">', '<h2 id="names">Names</h2>', '<ul class="plain">', ...rows, '</ul>', '</section>'].join('\n');
};

/** One vital (birth or death) as Microdata: its date when exact, its place as a schema.org Place. */
const vitalHtml = (label: string, v: Vital | null, dateProp: string, placeProp: string): string => {
  if (v === null || (v.date === null && v.place === null)) return '';
  const place = v.place === null ? '' : `<span itemprop="${placeProp}" itemscope itemtype="https://schema.org/Place"><span itemprop="name">${escapeHtml(v.place)}</span></span>`;
  return `<dt>${label}</dt><dd>${[timeHtml(v.date, dateProp), place].filter((s) => s !== '').join(', ')}</dd>`;
};

type EventLine = { readonly event: LifeEvent; readonly place: string | null };

const detailsOf = (e: LifeEvent): string[] => [e.detail.trim(), e.cause.trim() === '' ? '' : `Cause: ${e.cause.trim()}`, e.notes.trim()].filter((s) => s !== '');

/** An event as a table row: what, when (as written), where, and its detail and notes when the table has that column. */
const eventRow = ({ event: e, place }: EventLine, withDetails: boolean): string => [
  '<tr>',
  `<th scope="row">${escapeHtml(eventLabel(e))}</th>`,
  `<td>${timeHtml(e.date) || '<span class="muted">no date</span>'}</td>`,
  `<td>${place === null ? '' : escapeHtml(place)}</td>`,
  ...(withDetails ? [`<td>${detailsOf(e).map((d) => escapeHtml(d).replaceAll('\n', '<br>')).join('<br>')}</td>`] : []),
  '</tr>',
].join('');

/** Events as a table in the order of a life; a Details column only when one of them has some. */
const eventsTable = (caption: string, lines: readonly EventLine[]): string => {
  if (lines.length === 0) return '';
  const withDetails = lines.some((l) => detailsOf(l.event).length > 0);
  return [
    '<table>',
    `<caption class="vh">${escapeHtml(caption)}</caption>`,
    `<thead><tr><th scope="col">Event</th><th scope="col">Date</th><th scope="col">Place</th>${withDetails ? '<th scope="col">Details</th>' : ''}</tr></thead>`,
    '<tbody>', ...chronological(lines.map((l) => ({ ...l, date: l.event.date }))).map((l) => eventRow(l, withDetails)), '</tbody>',
    '</table>',
  ].join('\n');
};

const listSection = (id: string, title: string, items: readonly string[]): string =>
  items.length === 0 ? '' : [`<h3 id="${id}">${title}</h3>`, '<ul class="plain">', ...items.map((i) => `<li>${i}</li>`), '</ul>'].join('\n');

const familyHtml = (p: PublicPagesDeps, f: PublicFamily): string => {
  const places = new Map(f.places.map((pl) => [pl.id, pl.name]));
  const partners = f.partners.map((x) => {
    const lines = x.events.map((e) => ({ event: e, place: e.placeId === null ? null : (places.get(e.placeId) ?? null) }));
    // schema.org `spouse`: a partnership, whose partner is shown in full.
    return [relativeHtml(p, x.partner, x.partner.visibility === 'full' ? 'spouse' : undefined), eventsTable('Events of the partnership', lines)].filter((s) => s !== '').join('\n');
  });
  const sections = [
    listSection('parents', 'Parents', f.parents.map((x) => relativeHtml(p, x.parent, 'parent') + qualifierNote(x.relationship.qualifier))),
    listSection('partners', 'Partners', partners),
    listSection('children', 'Children', f.children.map((x) => relativeHtml(p, x.child, 'children') + qualifierNote(x.relationship.qualifier))),
    listSection('siblings', 'Siblings', f.siblings.map((s) => relativeHtml(p, s, 'sibling'))),
  ].filter((s) => s !== '');
  return sections.length === 0 ? '' : ['<section aria-labelledby="family">', '<h2 id="family">Family</h2>', ...sections, '</section>'].join('\n');
};

/** A person's page as written live: its HTML and the stamp of the tree it was read at. */
export type WrittenPage = { readonly html: string; readonly stamp: string };

/**
 * A person's page written live for `actor` (anonymous): one read (the person as the JSON read reads
 * them, their family and the tree's stamp: getPublicFamily), then the HTML; null when the person has
 * no page for them (redacted, hidden, unknown, a tree they may not view).
 */
export const writePersonPage = async (p: PublicPagesDeps, actor: Actor, personId: Id): Promise<WrittenPage | null> => {
  const family = await getPublicFamily(p.deps)(actor, personId);
  if (family._tag === 'Left') return null;
  const f = family.right;
  const { view: v, events } = f.read;
  const sex = sexLabel(v.person.sex);
  const vitals = [
    vitalHtml('Born', v.birth, 'birthDate', 'birthPlace'),
    vitalHtml('Died', v.death, 'deathDate', 'deathPlace'),
    sex === null ? '' : `<dt>Sex</dt><dd itemprop="gender">${sex}</dd>`,
    // Published while living (privacy `public`): said so, as the record says it.
    v.person.isLiving === true ? '<dt>Status</dt><dd>Living</dd>' : '',
  ].filter((s) => s !== '');
  const identifiers = v.person.identifiers.map((i) => `<li>${escapeHtml(i.kind.toUpperCase())}${i.type === null ? '' : ` (${escapeHtml(i.type)})`}: ${escapeHtml(i.value)}</li>`);
  const span = lifeSpan(v);
  const html = publicLayout({
    title: span === '' ? v.displayName : `${v.displayName} (${span})`,
    h1: `<span itemprop="name">${escapeHtml(v.displayName)}</span>`,
    canonical: personUrl(p, personId),
    description: `${v.displayName}${span === '' ? '' : ` (${span})`} in the family tree ${f.tree.name}.`,
    robots: robotsOf(f.tree),
    crumbs: treeCrumbs(p, f.tree),
    headExtra: personJsonLdElement(p, v, f),
    mainAttributes: 'itemscope itemtype="https://schema.org/Person"',
    body: [
      `<link itemprop="url" href="${escapeHtml(personUrl(p, personId))}">`,
      vitals.length === 0 ? '' : ['<dl class="facts">', ...vitals, '</dl>'].join('\n'),
      namesHtml(v),
      events.length === 0 ? '' : ['<section aria-labelledby="events">', '<h2 id="events">Life events</h2>', eventsTable('Life events', events.map((e: EventView) => ({ event: e.event, place: e.place }))), '</section>'].join('\n'),
      familyHtml(p, f),
      v.person.notes.trim() === '' ? '' : ['<section aria-labelledby="notes">', '<h2 id="notes">Notes</h2>', `<div itemprop="description">${paragraphs(v.person.notes)}</div>`, '</section>'].join('\n'),
      identifiers.length === 0 ? '' : ['<section aria-labelledby="identifiers">', '<h2 id="identifiers">Identifiers</h2>', '<ul class="plain">', ...identifiers, '</ul>', '</section>'].join('\n'),
      `<p class="muted">Record last changed <time datetime="${v.person.updatedAt.toISOString().slice(0, 10)}">${v.person.updatedAt.toISOString().slice(0, 10)}</time>.</p>`,
      ['<section aria-labelledby="charts">', '<h2 id="charts">Charts</h2>', '<ul class="plain">',
        `<li><a href="${escapeHtml(`${personUrl(p, personId)}/pedigree`)}">Ancestors of ${escapeHtml(v.displayName)} (pedigree chart)</a></li>`,
        `<li><a href="${escapeHtml(`${personUrl(p, personId)}/descendants`)}">Descendants of ${escapeHtml(v.displayName)} (chart)</a></li>`,
        '</ul>', '</section>'].join('\n'),
    ].filter((s) => s !== '').join('\n'),
  });
  return { html, stamp: f.stamp };
};

/**
 * GET /persons/{id}: a person shown in full to a visitor: names (primary first), vitals, life events
 * in the order of the life with date and place, notes and identifiers (what GET /public/persons/{id}
 * and its events carry), and their family as links. Anyone else (redacted, hidden, unknown, a tree the
 * visitor may not view) is the 404 page. The first read is the person's row, their tree's stamp and
 * their kept page (getPublicKeptPage: the engine decides from the row whether there is a page at all);
 * If-None-Match with the ETag that stamp gives answers 304; a page kept under the key that stamp gives
 * (kept.ts) is the answer; else the page is written live (writePersonPage: one read more) and the tree
 * is asked for (KeptPageStore.miss).
 */
export const personPage = (p: PublicPagesDeps) => async (ctx: Context): Promise<PageAnswer> => {
  const personId = idOf(ctx.params['id']);
  if (personId === null) return NOT_FOUND;
  const actor = anonymousOf(ctx);
  const now = p.deps.clock.now();
  const etagOf = (stamp: string) => pageEtag(['person', personId, stamp, p.baseUrl], now);
  const found = await getPublicKeptPage(p.deps)(actor, personId);
  if (found._tag === 'Left') return NOT_FOUND;
  const { stamp, treeId, kept } = found.right;
  const etag = etagOf(stamp);
  if (notModified(ctx, etag)) return { kind: 'not_modified', etag };
  if (kept !== null && kept.key === pageKey(stamp, now, p.baseUrl)) return { kind: 'html', html: withBaseStyle(kept.body), etag };
  p.deps.storage.keptPages.miss(treeId);
  const page = await writePersonPage(p, actor, personId);
  return page === null ? NOT_FOUND : { kind: 'html', html: page.html, etag: etagOf(page.stamp) };
};
