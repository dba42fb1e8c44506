import type { Actor } from '../../kernel/actor.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { forbidden } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import { audienceOf } from '../../kernel/audience.js';
import { nextAfter } from '../../kernel/list.js';
import { readerFor, type Surface } from '../../privacy/reader.js';
import { personVisibility } from '../../privacy/person-visibility.js';
import type { QueryDeps, RecordDeps } from '../../deps.js';
import type { Person } from '../model.js';
import type { PersonProfile } from '../ports.js';
import { vitalTypes, type PersonView } from '../vitals.js';
import { personViews } from './person-views.js';

/** A search without `limit` answers this many persons (and a cursor to the next ones). */
export const DEFAULT_SEARCH_LIMIT = 20;

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
 * Persons of a tree through the privacy engine, at the cost of the page: the store filters a
 * non-member's rows by the facts kept on each person's row before the page is cut (so the cursor only
 * ever names a person the reader was shown), then the page's names, events and places are read, in a
 * constant number of queries. A non-member's search only ever matches fully visible persons: a
 * redacted or hidden person is never found by the name that is withheld.
 */
export const listPersons =
  (deps: QueryDeps<'trees' | 'memberships' | 'names' | 'persons' | 'events' | 'places'> & Pick<RecordDeps, 'searchThreshold'>) =>
  async (actor: Actor, treeId: Id, input: ListPersonsInput, surface: Surface = 'members'): AsyncResult<PersonPage> => {
    const s = deps.storage;
    const reader = await readerFor(s, actor, treeId, surface);
    if (E.isLeft(reader)) return reader;
    const { member } = reader.right;
    if (input.deleted && !member) return fail(forbidden('Only members see deleted persons.'));
    const now = deps.clock.now();
    const audience = audienceOf(member, now);

    // A search's page and a batch are read with their profiles in one read (persons.readMany); the
    // whole list reads the page's names and vital events after the privacy decision.
    let persons: readonly Person[];
    let profiles: ReadonlyMap<Id, PersonProfile | null> | null = null;
    let lastId: Id | null = null;
    const q = input.q?.trim() ?? '';
    if (q !== '' || input.ids !== undefined) {
      let ids: readonly Id[];
      if (q !== '') {
        const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
        const hits = await s.names.search(treeId, q, deps.searchThreshold, { limit, audience, ...(input.after === undefined ? {} : { after: input.after }) });
        ids = hits.map((h) => h.personId);
        lastId = hits.length === limit ? hits[hits.length - 1]!.personId : null;
      } else ids = input.ids ?? [];
      const read = ids.length === 0 ? [] : await s.persons.readMany(treeId, ids, audience);
      profiles = new Map(read.map((r) => [r.person.id, r.profile]));
      // A batch is answered in id order; a search in its rank's.
      const rows = new Map(read.map((r) => [r.person.id, r.person]));
      persons = q !== '' ? ids.flatMap((id) => rows.get(id) ?? []) : read.map((r) => r.person);
    } else {
      persons = await s.persons.listByTree(treeId, {
        deleted: input.deleted ?? false,
        audience,
        ...(input.limit === undefined ? {} : { limit: input.limit }),
        ...(input.after === undefined ? {} : { after: input.after }),
      });
      lastId = nextAfter(persons, input.limit);
    }
    const visibility = await personVisibility(s, treeId, member, now, [], persons);
    const shown = persons.filter((p) => visibility.of(p.id) === 'full').map((p) => p.id);
    let views: readonly PersonView[];
    if (profiles !== null) {
      // The read's rule and the engine's are one (spec/contracts/privacy-filter.contract.ts); were
      // they ever to part, this fails loudly rather than show a person without their names.
      const shownProfiles = shown.map((id) => {
        const profile = profiles.get(id) ?? null;
        if (profile === null) throw new Error(`persons.readMany withheld the profile of a person the engine shows in full (${id})`);
        return profile;
      });
      views = await personViews(s, persons, shownProfiles.flatMap((p) => p.names), shownProfiles.flatMap((p) => p.events), visibility, true, shownProfiles.flatMap((p) => p.places));
    } else {
      const names = shown.length === 0 ? [] : await s.names.listByPersons(shown);
      const events = shown.length === 0 ? [] : await s.events.ownOfTypes(shown, vitalTypes);
      views = await personViews(s, persons, names, events, visibility, false);
    }
    return ok({ views, lastId });
  };
