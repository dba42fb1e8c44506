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
    summary: "Candidates for a person (members), best first: possible duplicates (the GEDCOM duplicate scoring), parents and children (surname, a plausible generation gap, a shared birth place) and partners (parents of one child with no partnership), among people not yet connected to them; each with reasons and operations ready to send as a proposal. With the tree's ai_recommender_provider set, the provider re-ranks them and adds a rationale (only the candidates' facts are sent; a failing provider leaves the service's ranking).",
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
    summary: 'What `to` is to `from` (members): an English kinship term ("grandmother", "first cousin once removed", "half-brother", "wife", "father-in-law", "stepson"), the shortest path (each step: what that person is to the one before) and the common ancestors; null when not connected.',
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
