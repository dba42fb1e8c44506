import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { mergePersons } from '../../../core/merge/commands/merge-persons.js';
import { previewMerge, type MergePreview } from '../../../core/merge/queries/preview-merge.js';
import { getPerson } from '../../../core/people/queries/get-person.js';
import type { LifeEvent } from '../../../core/people/model.js';
import { named } from '../openapi/json-schema.js';
import { route, type AnyRoute } from '../route.js';
import { IdParams, Nullable, Uuid } from '../wire.js';
import {
  EventRead, NameRead, PersonRead, QualifierCodec, RelationshipRead, SexCodec, eventWire, nameWire, personWire, relationshipWire,
} from '../wire-records.js';
import { reply, type LazyDeps } from './deps.js';

const MergeBody = named('MergeRequest', t.type({ other_id: Uuid }));
const MergeQuery = t.type({ other_id: Uuid });

const MergePreviewRead = named('MergePreview', t.type({
  /** The kept person and the other as they are now. */
  person: PersonRead,
  other: PersonRead,
  /** Moved records as they will be (on the kept person); duplicates as they are (they go with the other person). */
  names: t.type({ moved: t.array(NameRead), duplicates: t.array(NameRead) }),
  /** The other's events, and the events of their partnerships that duplicate the kept person's. */
  events: t.type({ moved: t.array(EventRead), duplicates: t.array(EventRead) }),
  relationships: t.type({
    moved: t.array(RelationshipRead),
    dropped: t.array(named('MergeDroppedRelationship', t.type({ relationship: RelationshipRead, reason: t.keyof({ self: null, duplicate: null }) }))),
    conflicts: t.array(named('MergeConflict', t.type({
      relationship_id: Uuid, kept_relationship_id: Uuid, field: t.literal('qualifier'), kept: Nullable(QualifierCodec), other: Nullable(QualifierCodec),
    }))),
  }),
  /** How many citations and media items of the other's are re-targeted to the kept person or the kept twin of a duplicate. */
  citations: t.number,
  media: t.number,
  /** Unset fields of the kept person that take the other's value. */
  fills: t.partial({ sex: SexCodec, is_living: t.boolean }),
  /** The kept person's notes after the merge. */
  notes: t.string,
}));

const previewWire = (p: MergePreview) => {
  const event = (e: LifeEvent) => eventWire(p.events.get(e.id) ?? { event: e, place: null, coordinates: null });
  const { plan } = p;
  return {
    person: personWire(p.kept),
    other: personWire(p.other),
    names: { moved: plan.names.moved.map(nameWire), duplicates: plan.names.duplicates.map((d) => nameWire(d.record)) },
    events: {
      moved: [...plan.events.moved, ...plan.partnershipEvents.moved].map(event),
      duplicates: [...plan.events.duplicates, ...plan.partnershipEvents.duplicates].map((d) => event(d.record)),
    },
    relationships: {
      moved: plan.relationships.moved.map(relationshipWire),
      dropped: plan.relationships.dropped.map((d) => ({ relationship: relationshipWire(d.relationship), reason: d.reason })),
      conflicts: plan.relationships.conflicts.map((c) => ({
        relationship_id: c.relationshipId, kept_relationship_id: c.keptRelationshipId, field: 'qualifier' as const, kept: c.kept, other: c.other,
      })),
    },
    citations: plan.citations.length,
    media: plan.media.length,
    fills: { ...(plan.fills.sex === undefined ? {} : { sex: plan.fills.sex }), ...(plan.fills.isLiving === undefined ? {} : { is_living: plan.fills.isLiving }) },
    notes: plan.kept.notes,
  };
};

export const mergeRoutes = (deps: LazyDeps): readonly AnyRoute[] => [
  route({
    operationId: 'previewMerge', method: 'get', path: '/persons/{id}/merge-preview', tag: 'persons', auth: 'user',
    summary: 'Preview merging another person into this one (editor)',
    description: 'What `POST /persons/{id}/merge` with this `other_id` would do now, from the same checks and the same plan, without writing anything: '
      + '`person` (the kept one) and `other` as they are; the names and events that move (as they will be, on the kept person) and the '
      + '`duplicates` that stay with the other person and go with them; the relationships that move, those `dropped` (`self`: an edge between '
      + 'the two; `duplicate`: an edge the kept person already has) and the `conflicts`, where such a duplicate `parent_child` edge has another '
      + 'qualifier (the kept edge keeps its own); how many `citations` and `media` items are re-targeted; `fills`, the unset fields of the kept '
      + 'person that take the other\'s value; and the kept person\'s `notes` after the merge. '
      + 'Needs the editor role (403 `forbidden` otherwise); a missing or deleted kept person is 404; an `other_id` that is this person, or '
      + 'not a live person of the same tree, is 422 `invalid_input` at `other_id`.',
    params: IdParams, query: MergeQuery,
    success: { status: 200, description: 'The merge plan.', body: MergePreviewRead },
    errors: [],
    handle: async ({ actor, params, query }) => reply(200, previewWire)(await previewMerge(deps())(actor, params.id, query.other_id)),
  }),
  route({
    operationId: 'mergePersons', method: 'post', path: '/persons/{id}/merge', tag: 'persons', auth: 'user',
    summary: 'Merge another person into this one (editor)',
    description: 'Merges the person `other_id` into this person, the kept one, in one step. The other\'s names (as alternates, never primary), events and '
      + 'relationships move to the kept person, with the citations and media attached to them (re-targeted to the kept person, or to the kept '
      + 'twin of a duplicate); the other\'s notes are appended and their identifiers added; `sex` and `is_living` fill the kept person\'s where '
      + 'unset, and a `private` setting of the other\'s carries over. Names and events equal to the kept person\'s, edges between the two and '
      + 'edges the kept person already has stay with the other person (`GET /persons/{id}/merge-preview` shows all of it first). '
      + 'The other person is then soft-deleted with `merged_into` set to this person, and a "this is me" or home person pointing at them moves '
      + 'here. Restoring the other person (`POST /persons/{id}/restore`) undoes the merge.\n\n'
      + 'Needs the editor role (403 `forbidden` otherwise); a missing or deleted kept person is 404; an `other_id` that is this person, or not '
      + 'a live person of the same tree, is 422 `invalid_input` at `other_id`. When the other person is deleted or merged by a concurrent request, '
      + 'the answer is 409 `person_changed` and nothing is merged. Answers the kept person as `GET /persons/{id}` reads it; one audit entry.',
    params: IdParams, body: MergeBody,
    success: { status: 200, description: 'The kept person.', body: PersonRead },
    errors: [409],
    handle: async ({ actor, params, body }) => {
      const merged = await mergePersons(deps())(actor, params.id, body.other_id);
      return E.isLeft(merged) ? merged : reply(200, personWire)(await getPerson(deps())(actor, params.id));
    },
  }),
];
