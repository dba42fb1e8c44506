import * as t from 'io-ts';
import { listDuplicates } from '../../../core/duplicates/queries/find-duplicates.js';
import { dismissDuplicate } from '../../../core/duplicates/commands/dismiss-duplicate.js';
import { MAX_PAIRS, type FoundPair } from '../../../core/duplicates/finder.js';
import { named } from '../openapi/json-schema.js';
import { budgetReclaimer } from '../../archive/reclaim.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, Uuid } from '../wire.js';
import { noContent, reply, type LazyDeps } from './deps.js';

const DuplicatePairRead = named('DuplicatePair', t.type({
  person_ids: t.tuple([Uuid, Uuid]),
  score: t.keyof({ high: null, medium: null }),
  /** The evidence weighed, in words. */
  reasons: t.array(t.string),
}));

/** A full collection once the reads are let go, when the service's RSS has passed 400 MB (see reclaim.ts). */
const collectAbove = (): void => budgetReclaimer()(0);

const DismissBody = named('DuplicateDismiss', t.strict({ person_ids: t.tuple([Uuid, Uuid]) }));

export const duplicateRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'listDuplicates', method: 'get', path: '/trees/{id}/duplicates', tag: 'duplicates', auth: 'user',
    summary: `Likely duplicate persons of the tree (members), high before medium, best first, at most ${MAX_PAIRS} pairs: names (alternate names, spelling variants, given names in another order, maiden and married names), birth and death years and places, parents' and partners' names. Never a parent and child, partners, siblings born on different dates, or a dismissed pair. \`person_ids\` are in id order.`,
    params: IdParams,
    success: { status: 200, description: 'The pairs.', body: t.array(DuplicatePairRead) },
    errors: [],
    handle: async ({ actor, params }) =>
      reply(200, (pairs: readonly FoundPair[]) => pairs.map((p) => ({ person_ids: [...p.personIds], score: p.level, reasons: [...p.reasons] })))(
        await listDuplicates({ ...deps(), reclaim: collectAbove })(actor, params.id),
      ),
  }),
  route({
    operationId: 'dismissDuplicate', method: 'post', path: '/trees/{id}/duplicates/dismiss', tag: 'duplicates', auth: 'user',
    summary: 'Remember that two persons of the tree are not one (editor): the pair never comes back in the duplicate list or the recommendations, even after either person is edited. Both must be persons of this tree (422 otherwise).',
    params: IdParams, body: DismissBody,
    success: { status: 204, description: 'Dismissed (also when it already was).' },
    errors: [],
    handle: async ({ actor, params, body }) => noContent(await dismissDuplicate(deps())(actor, params.id, body.person_ids[0], body.person_ids[1])),
  }),
];
