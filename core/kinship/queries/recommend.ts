import type { Actor } from '../../kernel/actor.js';
import type { JsonValue } from '../../kernel/audit.js';
import { E, fail, ok, type AsyncResult } from '../../kernel/either.js';
import { notFound } from '../../kernel/errors.js';
import type { Id } from '../../kernel/ids.js';
import type { QueryDeps } from '../../deps.js';
import { accessTree } from '../../trees/access.js';
import { isGenealogical, type Name, type Relationship } from '../../people/model.js';
import { lifeFactsOf } from '../../privacy/engine.js';
import { displayNameOf, primaryNames } from '../../people/vitals.js';
import { prepareFinder, scoreWithin } from '../../duplicates/finder.js';
import type { Scored } from '../../duplicates/score.js';
import { finderInputOf } from '../../duplicates/sides.js';
import type { ProposalOperation } from '../../proposals/model.js';

export const recommendationKinds = ['possible_duplicate', 'possible_parent', 'possible_child', 'possible_partner'] as const;
export type RecommendationKind = (typeof recommendationKinds)[number];

export type Recommendation = {
  readonly kind: RecommendationKind;
  /** The person asked about first, then the candidate. */
  readonly personIds: readonly Id[];
  /** 0..1, higher is likelier. */
  readonly score: number;
  readonly reasons: readonly string[];
  /** Ready to send as a proposal (POST /trees/{id}/proposals). */
  readonly operations: readonly ProposalOperation[];
  /** The provider's words on this candidate, when a recommender provider re-ranked the list. */
  readonly rationale?: string;
  /** What a re-ranking provider is told of the pair (display names and birth years), and nothing else. */
  readonly facts: { readonly names: readonly string[]; readonly birthYears: readonly (number | null)[] };
};

/** Candidates read per request at most: the name searches are capped, so the cost follows the person, not the tree. */
const MAX_CANDIDATES = 100;
const GENERATION = { min: 15, max: 60 };
/** Possible duplicates at most, as the GEDCOM import's candidate lists. */
const MAX_DUPLICATES = 5;

/**
 * A duplicate's score, 0..1, from the finder's points: a pair the finder calls high with a point to
 * spare (8) is 1; a medium pair stays below 0.85, under every high one.
 */
const likeness = (s: Scored): number => Math.round(Math.min(s.level === 'high' ? 1 : 0.85, s.points / 8) * 1000) / 1000;

/**
 * Candidates for one person (members): possible duplicates (the duplicate finder's scoring, core/duplicates,
 * over the person, the candidates and their parents and partners; a merge of the candidate into the person; pairs dismissed as not duplicates are left out), possible parents and children (surname, a plausible generation gap, a shared birth
 * place), and possible partners (two people who are parents of one child with no partnership between
 * them). People already connected to the person are left out. Candidates come from two trigram name
 * searches (the full name, the surname), so a request reads about a hundred persons whatever the
 * tree's size. Best first.
 */
export const recommend =
  (deps: Pick<QueryDeps<'trees' | 'memberships' | 'persons' | 'names' | 'events' | 'relationships' | 'places' | 'duplicates'>, 'storage'> & { readonly searchThreshold: number }) =>
  async (actor: Actor, treeId: Id, personId: Id): AsyncResult<readonly Recommendation[]> => {
    const access = await accessTree(deps.storage, actor, treeId, 'viewer');
    if (E.isLeft(access)) return access;
    const s = deps.storage;
    const [subject] = await s.persons.byIds(treeId, [personId]);
    if (subject === undefined) return fail(notFound('person', personId));
    const ownNames = await s.names.listByPersons([personId]);
    const primary = primaryNames(ownNames).get(personId);
    const surname = primary?.surname.trim() ?? '';
    const full = primary === undefined ? '' : `${primary.givenName} ${primary.surname}`.trim();
    const found = new Map<Id, number>();
    for (const q of [full, surname]) {
      if (q === '') continue;
      for (const m of await s.names.search(treeId, q, deps.searchThreshold, { limit: MAX_CANDIDATES })) if (m.personId !== personId && found.size < MAX_CANDIDATES) found.set(m.personId, Math.max(found.get(m.personId) ?? 0, m.score));
    }
    const ids = [personId, ...found.keys()];
    const persons = await s.persons.byIds(treeId, ids);
    const names = await s.names.listByPersons(ids);
    const events = await s.events.listByPersons(ids);
    // Associations (a godparent, a witness) are no kinship: such a person may still be a duplicate or a parent.
    const edges = (await s.relationships.listByPersons(ids)).filter((r) => r.treeId === treeId && isGenealogical(r));
    const facts = lifeFactsOf(persons, events);
    const birthOf = (id: Id) => facts.get(id)?.birthYear ?? null;
    const placeOf = (id: Id) => events.find((e) => e.personId === id && e.type === 'birth')?.placeId ?? null;
    const namesOf = new Map<Id, Name[]>();
    for (const n of names) namesOf.set(n.personId, [...(namesOf.get(n.personId) ?? []), n]);
    const display = (id: Id) => displayNameOf(primaryNames(namesOf.get(id) ?? []).get(id));

    const factsOf = (other: Id) => ({ names: [display(personId), display(other)], birthYears: [birthOf(personId), birthOf(other)] });
    const connected = new Set<Id>([personId]);
    const parentsOf = (id: Id) => edges.filter((r) => r.type === 'parent_child' && r.personBId === id).map((r) => r.personAId);
    const childrenOf = (id: Id) => edges.filter((r) => r.type === 'parent_child' && r.personAId === id).map((r) => r.personBId);
    for (const r of edges) if (r.personAId === personId || r.personBId === personId) connected.add(r.personAId === personId ? r.personBId : r.personAId);
    const out: Recommendation[] = [];
    const born = birthOf(personId);
    // A pair a member dismissed as "not a duplicate" is never proposed as one again.
    const dismissed = new Set((await s.duplicates.dismissedWith(treeId, personId)).map((d) => (d.personAId === personId ? d.personBId : d.personAId)));
    const candidates = persons.filter((p) => !connected.has(p.id));

    // Duplicates: the finder's scoring of the person against each candidate, with the names of their
    // parents and partners (read beyond the candidates: one statement) and their places' text (one more).
    const known = new Set(ids);
    const relatives = [...new Set(edges.flatMap((r) => [r.personAId, r.personBId]))].filter((id) => !known.has(id));
    const placeIds = [...new Set(events.flatMap((e) => (e.placeId === null ? [] : [e.placeId])))];
    const prepared = prepareFinder(finderInputOf({
      persons, events, relationships: edges,
      names: relatives.length === 0 ? names : [...names, ...(await s.names.listByPersons(relatives))],
      places: new Map(placeIds.length === 0 ? [] : (await s.places.byIds(placeIds)).map((p) => [p.id, p.name])),
    }));
    const at = new Map(prepared.sides.map((p, i) => [p.id, i]));
    const me = at.get(personId);
    const scored: { readonly id: Id; readonly s: Scored }[] = [];
    for (const p of me === undefined ? [] : candidates) {
      const j = at.get(p.id);
      const sc = j === undefined ? null : scoreWithin(prepared, me!, j);
      if (sc !== null) scored.push({ id: p.id, s: sc });
    }
    const rank = (l: Scored['level']) => (l === 'high' ? 0 : 1);
    scored.sort((a, b) => rank(a.s.level) - rank(b.s.level) || b.s.points - a.s.points || (a.id < b.id ? -1 : 1));
    const duplicates = new Set<Id>();
    for (const { id, s: c } of scored.slice(0, MAX_DUPLICATES)) {
      duplicates.add(id);
      if (dismissed.has(id)) continue;
      out.push({
        kind: 'possible_duplicate', personIds: [personId, id], facts: factsOf(id), score: likeness(c),
        reasons: c.reasons,
        // Keep the person asked about and merge the candidate into them (undone by restoring the candidate).
        operations: [{ op: 'merge', entity: 'person', id: personId, data: { other_id: id } }],
      });
    }

    const link = (parent: Id, child: Id): ProposalOperation[] => [{ op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: parent, person_b_id: child, qualifier: 'biological' } as { [k: string]: JsonValue } }];
    for (const p of candidates) {
      if (duplicates.has(p.id)) continue;
      const theirBirth = birthOf(p.id);
      const sameSurname = (namesOf.get(p.id) ?? []).some((n) => n.surname.trim() !== '' && n.surname.trim().toLowerCase() === surname.toLowerCase());
      const samePlace = placeOf(p.id) !== null && placeOf(p.id) === placeOf(personId);
      if (born !== null && theirBirth !== null && sameSurname) {
        const gap = born - theirBirth;
        const reasons = (role: string) => [`${display(p.id)} shares the surname ${surname}`, `born ${Math.abs(gap)} years ${gap > 0 ? 'before' : 'after'}: a plausible ${role}`, ...(samePlace ? ['born in the same place'] : [])];
        const score = (gapFit: number) => Math.round(Math.min(1, 0.45 + gapFit * 0.3 + (samePlace ? 0.2 : 0)) * 1000) / 1000;
        const fit = (g: number) => 1 - Math.abs(g - 30) / 30;
        if (gap >= GENERATION.min && gap <= GENERATION.max && parentsOf(personId).length < 2)
          out.push({ kind: 'possible_parent', personIds: [personId, p.id], facts: factsOf(p.id), score: score(fit(gap)), reasons: reasons('parent'), operations: link(p.id, personId) });
        if (-gap >= GENERATION.min && -gap <= GENERATION.max && parentsOf(p.id).length < 2)
          out.push({ kind: 'possible_child', personIds: [personId, p.id], facts: factsOf(p.id), score: score(fit(-gap)), reasons: reasons('child'), operations: link(personId, p.id) });
      }
    }
    // Partners: parents of one child with no partnership between them.
    const partners = new Set(edges.filter((r) => r.type === 'partnership' && (r.personAId === personId || r.personBId === personId)).map((r) => (r.personAId === personId ? r.personBId : r.personAId)));
    const coParents = new Map<Id, Id[]>();
    const myChildren = new Set(childrenOf(personId));
    const childEdges = await s.relationships.listByPersons([...myChildren]);
    for (const r of childEdges as readonly Relationship[]) {
      if (r.treeId !== treeId || r.type !== 'parent_child' || r.personAId === personId || partners.has(r.personAId) || !myChildren.has(r.personBId)) continue;
      coParents.set(r.personAId, [...(coParents.get(r.personAId) ?? []), r.personBId]);
    }
    for (const [other, kids] of coParents) {
      out.push({
        kind: 'possible_partner', personIds: [personId, other], facts: factsOf(other), score: Math.min(1, 0.7 + 0.1 * kids.length),
        reasons: [`both are parents of ${kids.length === 1 ? 'a child' : `${kids.length} children`} and have no partnership`],
        operations: [{ op: 'create', entity: 'relationship', data: { type: 'partnership', person_a_id: personId, person_b_id: other } }],
      });
    }
    return ok(out.sort((a, b) => b.score - a.score || (a.personIds[1]! < b.personIds[1]! ? -1 : 1)));
  };
