import * as t from 'io-ts';
import { findRelationship, type RelationshipFinding } from '../../../core/kinship/queries/find-relationship.js';
import { recommend, recommendationKinds } from '../../../core/kinship/queries/recommend.js';
import { rerank } from '../../../core/ai/rerank.js';
import { E } from '../../../core/kernel/either.js';
import { named, withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, Nullable, Uuid } from '../wire.js';
import { reply, type LazyDeps } from './deps.js';

const StepCodec = named('KinshipStep', t.keyof({ parent: null, child: null, partner: null }));
const KinshipRead = named('KinshipRead', t.type({
  relationship: Nullable(t.string),
  path: t.array(t.type({ person_id: Uuid, step: Nullable(StepCodec) })),
  common_ancestor_ids: t.array(Uuid),
}));

const RecommendationRead = named('Recommendation', t.intersection([t.type({
  kind: t.keyof(Object.fromEntries(recommendationKinds.map((k) => [k, null])) as Record<(typeof recommendationKinds)[number], null>),
  person_ids: t.array(Uuid), score: t.number, reasons: t.array(t.string),
  operations: t.array(withSchema(t.UnknownRecord, { type: 'object', additionalProperties: true })),
}), t.partial({ rationale: t.string })]));

export const kinshipRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'listRecommendations', method: 'get', path: '/trees/{id}/recommendations', tag: 'recommender', auth: 'user',
    summary: 'Recommend duplicates, parents, children and partners for a person (members)',
    description: [
      "Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. `person_id` must be a live person of the tree (else 404). Candidates for that person, best first, among people not yet connected to them, found by name (two trigram searches: the full name and the surname, about a hundred persons read whatever the tree's size):",
      '',
      '- `possible_duplicate`: the duplicate finder\'s scoring (at most 5), with a `merge` operation; pairs dismissed with `POST /trees/{id}/duplicates/dismiss` are left out.',
      '- `possible_parent`, `possible_child`: by surname, a plausible generation gap and a shared birth place.',
      '- `possible_partner`: two people who are parents of one child with no partnership between them.',
      '',
      'Each has `person_ids` (the person, then the candidate), a `score` from 0 to 1, `reasons` in words, and `operations` ready to send as a proposal (`POST /trees/{id}/proposals`); nothing is written. With the tree\'s `ai_recommender_provider` set, that provider re-ranks the candidates and adds a `rationale` to each; it is sent only the candidates\' facts (kind, names, birth years, reasons, score) and can neither add a candidate nor change an operation. A provider that fails, is late or answers something unreadable leaves the service\'s own ranking: never an error of this request.',
    ].join('\n'),
    params: IdParams, query: t.type({ person_id: Uuid }),
    success: { status: 200, description: 'The recommendations.', body: t.array(RecommendationRead) },
    errors: [],
    handle: async ({ actor, params, query }) => {
      const d = deps();
      const found = await recommend(d)(actor, params.id, query.person_id);
      if (E.isLeft(found)) return found;
      // With a recommender provider the list is re-ranked and explained; without one, the service's own ranking stands.
      const tree = await d.storage.trees.byId(params.id);
      const provider = tree?.aiRecommenderProvider == null ? undefined : d.modelProviders?.get(tree.aiRecommenderProvider);
      const rows = provider === undefined ? found.right : (await rerank(provider, found.right)).ranked;
      return E.right({
        status: 200,
        body: rows.map((r) => ({
          kind: r.kind, person_ids: [...r.personIds], score: r.score, reasons: [...r.reasons], operations: [...r.operations],
          ...(r.rationale === undefined ? {} : { rationale: r.rationale }),
        })),
      });
    },
  }),
  route({
    operationId: 'findRelationship', method: 'get', path: '/trees/{id}/relationship', tag: 'recommender', auth: 'user',
    summary: 'Find how two persons are related (members)',
    description: [
      "Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. `from` and `to` must be live persons of the tree (else 404).",
      '',
      'Answers what `to` is to `from`: `relationship`, an English kinship term ("grandmother", "first cousin once removed", "half-brother", "wife", "father-in-law", "stepson"; a chained description for longer paths, "wife\'s first cousin"; "self" when both are one person), or null when they are not connected within 40 steps. `path` is the shortest chain from `from` to `to` through `parent_child` and partnership edges (associations do not count): each step says what that person is to the one before (`parent`, `child`, `partner`; the first has `step` null); empty when not connected. `common_ancestor_ids` lists the common ancestors of a blood relation.',
    ].join('\n'),
    params: IdParams, query: t.type({ from: Uuid, to: Uuid }),
    success: { status: 200, description: 'The relationship.', body: KinshipRead },
    errors: [],
    handle: async ({ actor, params, query }) =>
      reply(200, (r: RelationshipFinding) => ({
        relationship: r.relationship,
        path: r.path.map((p) => ({ person_id: p.personId, step: p.step })),
        common_ancestor_ids: [...r.commonAncestorIds],
      }))(await findRelationship(deps())(actor, params.id, query.from, query.to)),
  }),
];
