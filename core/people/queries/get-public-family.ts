import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult, type Result } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { readerOf } from '../../privacy/reader.js';
import { visibilityOfRows } from '../../privacy/person-visibility.js';
import { recordFilter } from '../../privacy/record-filter.js';
import { relationshipView, type Viewed } from '../../privacy/relationship-view.js';
import type { FamilyEdge, KeptPage, TreeStamp } from '../ports.js';
import type { TreeRead } from '../../trees/model.js';
import type { QueryDeps } from '../../deps.js';
import type { LifeEvent, Person, Place } from '../model.js';
import { displayNameOf } from '../vitals.js';
import { shownInFull, type PublicPersonRead } from './get-public-person.js';

/** A relative as the public page links them: in full (with a name) or redacted (`Living person`, no link). */
export type Relative =
  | { readonly visibility: 'full'; readonly id: Id; readonly displayName: string }
  | { readonly visibility: 'redacted'; readonly id: Id; readonly displayName: 'Living person' };

export type Partner = { readonly partner: Relative; readonly relationship: Viewed<FamilyEdge>; readonly events: readonly LifeEvent[] };

export type PublicFamily = {
  readonly tree: TreeRead;
  /** The tree's change stamp (PublicPageReads.treeStamp). */
  readonly stamp: string;
  readonly parents: readonly { readonly parent: Relative; readonly relationship: Viewed<FamilyEdge> }[];
  readonly partners: readonly Partner[];
  readonly children: readonly { readonly child: Relative; readonly relationship: Viewed<FamilyEdge> }[];
  readonly siblings: readonly Relative[];
  /** The places of the partners' events. */
  readonly places: readonly Place[];
  /** The person as GET /public/persons/{id} shows them (in full), with their own events. */
  readonly read: PublicPersonRead;
};

/**
 * A person's public page's data: the person as the JSON public read shows them, and their family,
 * through the privacy engine, in one read (PublicPageReads.family): a person the anonymous surface would not show in full (unknown, deleted,
 * of a tree the caller may not view, hidden, or redacted: a redacted person has no page) is 404.
 * Relatives hidden from the reader are left out; redacted ones are `Living person`; a relationship's
 * qualifier and notes only when both ends are in full (relationshipView); a partnership's events only
 * when both partners are (recordFilter), as GET /public/persons/{id}/events answers them.
 */
export const getPublicFamily =
  (deps: QueryDeps<'publicPages' | 'places'>) =>
  async (actor: Actor, personId: Id): AsyncResult<PublicFamily> => {
    const now = deps.clock.now();
    const found = await deps.storage.publicPages.family(personId, now);
    if (found === null) return fail(notFound('person', personId));
    const { person } = found;
    const reader = readerOf(found.tree, actor, person.treeId, 'public');
    if (E.isLeft(reader)) return reader;
    const visibility = visibilityOfRows([person, ...found.relatives.map((r) => r.person)], now);
    if (person.deletedAt !== null || visibility.of(personId) !== 'full' || found.profile === null) return fail(notFound('person', personId));
    const read = await shownInFull(deps.storage, person, found.profile, visibility);
    if (read === null) return fail(notFound('person', personId));
    const byId = new Map(found.relationships.map((r) => [r.id, r]));
    const filter = recordFilter(false, visibility, { partnership: (id) => byId.get(id) });
    const names = new Map(found.relatives.map((r) => [r.person.id, r.name]));
    const relative = (id: Id): Relative | null => {
      const v = visibility.of(id);
      if (v === 'hidden') return null;
      return v === 'redacted' ? { visibility: 'redacted', id, displayName: 'Living person' } : { visibility: 'full', id, displayName: displayNameOf(names.get(id)) };
    };
    const shown = found.relationships.filter(filter.relationship);
    const view = relationshipView(filter);
    const parents = shown.filter((r) => r.type === 'parent_child' && r.personBId === personId)
      .flatMap((r) => { const parent = relative(r.personAId); return parent === null ? [] : [{ parent, relationship: view(r) }]; });
    const children = shown.filter((r) => r.type === 'parent_child' && r.personAId === personId)
      .flatMap((r) => { const child = relative(r.personBId); return child === null ? [] : [{ child, relationship: view(r) }]; });
    const partners = shown.filter((r) => r.type === 'partnership' && (r.personAId === personId || r.personBId === personId)).flatMap((r) => {
      const partner = relative(r.personAId === personId ? r.personBId : r.personAId);
      return partner === null ? [] : [{ partner, relationship: view(r), events: found.partnershipEvents.filter((e) => e.partnershipId === r.id && filter.event(e)) }];
    });
    const parentIds = new Set(parents.map((p) => p.parent.id));
    const siblingIds = new Set(shown.filter((r) => r.type === 'parent_child' && parentIds.has(r.personAId) && r.personBId !== personId).map((r) => r.personBId));
    const siblings = [...siblingIds].sort().flatMap((id) => relative(id) ?? []);
    return ok({ tree: reader.right.tree, stamp: found.stamp, parents, partners, children, siblings, places: found.places, read });
  };

/** Found by personStamp or keptPage: the person's tree's stamp when the caller reads the person in full, else 404. */
const shownStamp = <F extends TreeStamp & { readonly person: Person }>(found: F | null, actor: Actor, personId: Id, now: Date): Result<F> => {
  if (found === null) return fail(notFound('person', personId));
  const reader = readerOf(found.tree, actor, found.person.treeId, 'public');
  if (E.isLeft(reader)) return reader;
  if (found.person.deletedAt !== null || visibilityOfRows([found.person], now).of(personId) !== 'full') return fail(notFound('person', personId));
  return ok(found);
};

/**
 * The stamp of a person's page, for a conditional request (PublicPageReads.personStamp): the same
 * refusals as getPublicFamily (the person read in full by the caller, or 404), decided by the engine
 * from the person's row alone, so a 304 is never an answer about a withheld person.
 */
export const getPublicPageStamp =
  (deps: QueryDeps<'publicPages'>) =>
  async (actor: Actor, personId: Id): AsyncResult<string> =>
    E.map((f: TreeStamp) => f.stamp)(shownStamp(await deps.storage.publicPages.personStamp(personId), actor, personId, deps.clock.now()));

/**
 * As getPublicPageStamp (the same refusals, from the person's row alone), with the person's kept page
 * (PublicPageReads.keptPage) and tree: whether the page holds for this stamp is the pages adapter's
 * to tell (the key), and a page it serves is always one whose person the caller reads in full now.
 */
export const getPublicKeptPage =
  (deps: QueryDeps<'publicPages'>) =>
  async (actor: Actor, personId: Id): AsyncResult<{ readonly stamp: string; readonly treeId: Id; readonly kept: KeptPage | null }> =>
    E.map((f: TreeStamp & { readonly person: Person; readonly kept: KeptPage | null }) => ({ stamp: f.stamp, treeId: f.person.treeId, kept: f.kept }))(
      shownStamp(await deps.storage.publicPages.keptPage(personId), actor, personId, deps.clock.now()),
    );
