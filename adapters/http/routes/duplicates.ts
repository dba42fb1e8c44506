import * as t from 'io-ts';
import { listDuplicates } from '../../../core/duplicates/queries/find-duplicates.js';
import { dismissDuplicate } from '../../../core/duplicates/commands/dismiss-duplicate.js';
import { MAX_PAIRS, type FoundPair } from '../../../core/duplicates/finder.js';
import { named } from '../openapi/json-schema.js';
import { budgetReclaimer } from '../../archive/reclaim.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, Uuid } from '../wire.js';
import { analysing, noContent, reply, type LazyDeps } from './deps.js';

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
    summary: 'List likely duplicate persons of the tree (members)',
    description: [
      `Any member of the tree (owner, editor or viewer); a non-member is 403, whatever the tree's visibility. Finds pairs of live persons who are likely one person: \`score\` \`high\` before \`medium\`, best first, at most ${MAX_PAIRS.toLocaleString('en-US')} pairs, in one answer (no paging). \`person_ids\` are in id order; \`reasons\` says in words what was weighed.`,
      '',
      "A pair is weighed on every name against every name (alternate names, spelling variants, given names in another order, the same given names under another surname explained by a partner or a married or maiden name), birth and death years (more than two apart: never the same person) and places, an exact birth day, parents' names (disagreeing parents: never `high`) and partners' names. Never proposed: persons of different recorded sexes, a parent and child, partners, siblings born on different dates, and a pair dismissed with `POST /trees/{id}/duplicates/dismiss`. Merge a pair with `POST /persons/{id}/merge`.",
      '',
      'The finder reads the whole tree: the service runs a few tree-wide analyses at once (this one and GEDCOM previews, one per two cores), and the others wait their turn, so on a large tree the answer may take some seconds more while others run. A request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).',
    ].join('\n'),
    params: IdParams,
    success: { status: 200, description: 'The pairs.', body: t.array(DuplicatePairRead) },
    errors: [429],
    handle: async ({ actor, params, clientGone }) =>
      reply(200, (pairs: readonly FoundPair[]) => pairs.map((p) => ({ person_ids: [...p.personIds], score: p.level, reasons: [...p.reasons] })))(
        await listDuplicates({ ...analysing(deps(), { actor, clientGone }), reclaim: collectAbove })(actor, params.id),
      ),
  }),
  route({
    operationId: 'dismissDuplicate', method: 'post', path: '/trees/{id}/duplicates/dismiss', tag: 'duplicates', auth: 'user',
    summary: 'Dismiss a pair of persons as not duplicates (editor)',
    description: [
      'Editors and owners of the tree; a viewer or a non-member is 403. Remembers for good that the two persons in `person_ids` are not one: the pair never comes back in `GET /trees/{id}/duplicates` or in the recommendations, whatever either person later becomes. Both must be persons of this tree, live or deleted, in either order. Dismissing a dismissed pair again changes nothing and answers 204 too.',
      '',
      '- 422 `invalid_input`: the same person twice, or an id that is not a person of this tree.',
    ].join('\n'),
    params: IdParams, body: DismissBody,
    success: { status: 204, description: 'Dismissed (also when it already was).' },
    errors: [],
    handle: async ({ actor, params, body }) => noContent(await dismissDuplicate(deps())(actor, params.id, body.person_ids[0], body.person_ids[1])),
  }),
];
