import type { Actor } from '../../shared/actor.js';
import { E, fail, ok, type AsyncResult } from '../../shared/either.js';
import { forbidden } from '../../shared/errors.js';
import type { Id } from '../../shared/ids.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import type { RecordDeps } from '../deps.js';
import type { Person } from '../model.js';
import { nextAfter } from '../ports.js';
import type { PersonView } from '../vitals.js';
import { personViews } from './person-views.js';
import { visiblePage } from '../../privacy/visible-page.js';

export type ListPersonsInput = {
  /** Fuzzy name search, ranked by trigram similarity over all live names. */
  readonly q?: string;
  /** A batch of persons by id, with their names. */
  readonly ids?: readonly Id[];
  /** Recoverable (soft-deleted) persons: members only. */
  readonly deleted?: boolean;
  readonly limit?: number;
  readonly after?: Id;
};

export type PersonPage = { readonly views: readonly PersonView[]; readonly lastId: Id | null };

/**
 * Persons of a tree through the privacy engine, in a constant number of queries whatever the tree's
 * size. A non-member's search only ever matches fully visible persons: a redacted or hidden person is
 * never found by the name that is withheld.
 */
export const listPersons =
  (deps: Pick<RecordDeps, 'storage' | 'clock' | 'searchThreshold'>) =>
  async (actor: Actor, treeId: Id, input: ListPersonsInput, surface: Surface = 'members'): AsyncResult<PersonPage> => {
    const s = deps.storage;
    const reader = await readerFor(s, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const { member } = reader.right;
    if (input.deleted && !member) return fail(forbidden('Only members see deleted persons.'));
    const now = deps.clock.now();

    let persons: readonly Person[];
    let scores: ReadonlyMap<Id, number> | null = null;
    // A member's page is cut by the database; a non-member's only after the privacy engine, so the
    // cursor never names a person the reader was not shown.
    const dbPage = member ? input.limit : undefined;
    if (input.q !== undefined && input.q.trim() !== '') {
      const hits = await s.names.search(treeId, input.q.trim(), deps.searchThreshold);
      scores = new Map(hits.map((h) => [h.personId, h.score]));
      persons = hits.length === 0 ? [] : await s.persons.byIds(treeId, hits.map((h) => h.personId));
    } else if (input.ids !== undefined) {
      persons = input.ids.length === 0 ? [] : await s.persons.byIds(treeId, input.ids);
    } else {
      persons = await s.persons.listByTree(treeId, {
        deleted: input.deleted ?? false,
        ...(dbPage === undefined ? {} : { limit: dbPage }),
        ...(input.after === undefined ? {} : { after: input.after }),
      });
    }
    const listing = scores === null && input.ids === undefined;
    const wholeTree = listing && dbPage === undefined && !input.deleted;
    const ids = persons.map((p) => p.id);
    const events = wholeTree ? await s.events.listByTree(treeId, {}) : ids.length === 0 ? [] : await s.events.listByPersons(ids);
    const visibility = await personVisibility(s, treeId, member, now, { kind: 'persons', ids }, { persons, events });
    // A search answers fully visible persons only; a batch or a list shows redacted ones as such.
    const candidates = scores === null ? persons : persons.filter((p) => visibility.of(p.id) === 'full');
    const names = candidates.length === 0 ? [] : wholeTree ? await s.names.listByTree(treeId) : await s.names.listByPersons(candidates.map((p) => p.id));
    const ordered = scores === null ? candidates : [...candidates].sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1));
    const views = await personViews(s, ordered, names, events, visibility, input.ids !== undefined || scores !== null);
    if (!listing) return ok({ views, lastId: null });
    if (member) return ok({ views, lastId: nextAfter(persons, input.limit) });
    const page = visiblePage(views, input.limit, (v) => v.person.id);
    return ok({ views: page.rows, lastId: page.lastId });
  };
