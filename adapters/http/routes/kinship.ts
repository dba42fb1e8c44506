import * as t from 'io-ts';
import { findRelationship, type RelationshipFinding } from '../../../core/kinship/queries/find-relationship.js';
import { recommend, recommendationKinds, type Recommendation } from '../../../core/kinship/queries/recommend.js';
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

const RecommendationRead = named('Recommendation', t.type({
  kind: t.keyof(Object.fromEntries(recommendationKinds.map((k) => [k, null])) as Record<(typeof recommendationKinds)[number], null>),
  person_ids: t.array(Uuid), score: t.number, reasons: t.array(t.string),
  operations: t.array(withSchema(t.UnknownRecord, { type: 'object', additionalProperties: true })),
}));

export const kinshipRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'listRecommendations', method: 'get', path: '/trees/{id}/recommendations', tag: 'recommender', auth: 'user',
    summary: "Candidates for a person (members), best first: possible duplicates (the GEDCOM duplicate scoring), parents and children (surname, a plausible generation gap, a shared birth place) and partners (parents of one child with no partnership), among people not yet connected to them; each with reasons and operations ready to send as a proposal. The service's own ranking (no provider re-ranks it yet).",
    params: IdParams, query: t.type({ person_id: Uuid }),
    success: { status: 200, description: 'The recommendations.', body: t.array(RecommendationRead) },
    errors: [401, 403, 404, 422],
    handle: async ({ actor, params, query }) =>
      reply(200, (rs: readonly Recommendation[]) => rs.map((r) => ({ kind: r.kind, person_ids: [...r.personIds], score: r.score, reasons: [...r.reasons], operations: [...r.operations] })))(
        await recommend(deps())(actor, params.id, query.person_id)),
  }),
  route({
    operationId: 'findRelationship', method: 'get', path: '/trees/{id}/relationship', tag: 'recommender', auth: 'user',
    summary: 'What `to` is to `from` (members): an English kinship term ("grandmother", "first cousin once removed", "half-brother", "wife", "father-in-law", "stepson"), the shortest path (each step: what that person is to the one before) and the common ancestors; null when not connected.',
    params: IdParams, query: t.type({ from: Uuid, to: Uuid }),
    success: { status: 200, description: 'The relationship.', body: KinshipRead },
    errors: [401, 403, 404, 422],
    handle: async ({ actor, params, query }) =>
      reply(200, (r: RelationshipFinding) => ({
        relationship: r.relationship,
        path: r.path.map((p) => ({ person_id: p.personId, step: p.step })),
        common_ancestor_ids: [...r.commonAncestorIds],
      }))(await findRelationship(deps())(actor, params.id, query.from, query.to)),
  }),
];
