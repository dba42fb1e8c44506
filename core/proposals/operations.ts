import type * as t from 'io-ts';
import type { Actor } from '../kernel/actor.js';
import type { AuditEntry } from '../kernel/audit.js';
import type { Clock } from '../kernel/clock.js';
import { decodePart } from '../kernel/decode.js';
import { E, fail, type Result } from '../kernel/either.js';
import { invalidInput, notFound } from '../kernel/errors.js';
import { isUuid, type Id } from '../kernel/ids.js';
import type { CommandDeps } from '../deps.js';
import type { Stores } from '../stores.js';
import { createPerson } from '../people/commands/create-person.js';
import { updatePerson } from '../people/commands/update-person.js';
import { deletePerson } from '../people/commands/delete-person.js';
import { createName, deleteName, updateName } from '../people/commands/name-commands.js';
import { createEvent, deleteEvent, updateEvent } from '../people/commands/event-commands.js';
import { createRelationship, deleteRelationship, updateRelationship } from '../people/commands/relationship-commands.js';
import { mergePersons, type MergeStores } from '../merge/commands/merge-persons.js';
import { createSource, deleteSource, updateSource } from '../sources/commands/source-commands.js';
import { createCitation, deleteCitation, updateCitation } from '../sources/commands/citation-commands.js';
import { eventInput, nameInput, personInput, relationshipInput, relationshipUpdateInput, type EventCreate } from '../people/bodies.js';
import { citationInput, citationUpdateInput, sourceInput, type SourceCreate } from '../sources/bodies.js';
import { dataCodec, type MergeData, type NameCreate } from './bodies.js';
import type { OperationEntity, ProposalOperation } from './model.js';

/**
 * The stores an operation may touch: those of the commands below (a person's update rewrites its
 * vitals in bulk; a merge moves every record of the other person) and the records an update or delete
 * names, looked up to check their tree.
 */
export type OperationStores =
  | 'trees' | 'memberships' | 'audit' | 'persons' | 'names' | 'events' | 'places' | 'relationships' | 'deletions' | 'bulk' | 'sources' | 'citations' | 'repositories'
  | MergeStores;

/**
 * The stores of the apply's transaction as a unit of work: every command an operation runs joins
 * that transaction (so the operation and the proposal's progress commit or roll back together), and
 * each audit entry it writes carries the proposal's id.
 */
const joined = (clock: Clock, tx: Pick<Stores, OperationStores>, proposalId: Id): CommandDeps<OperationStores> => {
  const tag = (e: AuditEntry): AuditEntry => ({ ...e, details: { ...e.details, proposal_id: proposalId } });
  const stores: Pick<Stores, OperationStores> = {
    ...tx,
    audit: { ...tx.audit, record: (e) => tx.audit.record(tag(e)), recordMany: (es) => tx.audit.recordMany(es.map(tag)) },
  };
  return { storage: { uow: { run: (work) => work(stores) } }, clock };
};

/** The record an update or delete names, when it is in the tree; else null (so is an id that is no id, as a stored row may hold). */
const inTree = async (tx: Pick<Stores, OperationStores>, entity: OperationEntity, id: Id, treeId: Id): Promise<{ readonly treeId: Id; readonly personId?: Id | null } | null> => {
  if (!isUuid(id)) return null;
  const record =
    entity === 'person' ? await tx.persons.byId(id)
      : entity === 'name' ? await tx.names.byId(id)
        : entity === 'event' ? await tx.events.byId(id)
          : entity === 'relationship' ? await tx.relationships.byId(id)
            : entity === 'source' ? await tx.sources.byId(id)
              : await tx.citations.byId(id);
  return record !== null && record.treeId === treeId ? record : null;
};

/**
 * Runs one operation of proposal `proposalId`, its `"$ref"`s already resolved, through the normal
 * command of its entity, as `actor`, in `tx` (the apply's transaction). `data` is decoded here, as
 * the entity's POST or PATCH body (./bodies.ts). A record named by `id` (or by a name's `person_id`)
 * that is not in `treeId` is not found. Answers the id of the record it created, changed or removed.
 */
export const runOperation = async (
  clock: Clock,
  tx: Pick<Stores, OperationStores>,
  proposalId: Id,
  actor: Actor,
  treeId: Id,
  o: ProposalOperation,
): Promise<Result<{ readonly id: Id }>> => {
  const deps = joined(clock, tx, proposalId);
  const codec = dataCodec(o.entity, o.op);
  let body: unknown;
  if (codec !== null) {
    const decoded = decodePart(codec, o.data ?? {}, 'data');
    if (!decoded.ok) return fail(invalidInput('invalid_input', 'The operation\'s data is not valid.', decoded.errors));
    body = decoded.value;
  }
  // `body` is what `dataCodec(o.entity, o.op)` decoded: each branch names that codec's type.
  const id = (r: Result<{ readonly id: Id }>) => (E.isLeft(r) ? r : E.right({ id: r.right.id }));
  const done = (recordId: Id) => (r: Result<unknown>) => (E.isLeft(r) ? r : E.right({ id: recordId }));
  if (o.op === 'create') {
    switch (o.entity) {
      case 'person': return id(await createPerson(deps)(actor, treeId, personInput(body as Parameters<typeof personInput>[0])));
      case 'name': {
        const b = body as t.TypeOf<typeof NameCreate>;
        if ((await inTree(tx, 'person', b.person_id, treeId)) === null) return fail(notFound('person', b.person_id));
        return id(await createName(deps)(actor, b.person_id, nameInput(b)));
      }
      case 'event': {
        const b = body as t.TypeOf<typeof EventCreate>;
        return id(await createEvent(deps)(actor, treeId, { ...eventInput(b), type: b.type }));
      }
      case 'relationship': return id(await createRelationship(deps)(actor, treeId, relationshipInput(body as Parameters<typeof relationshipInput>[0])));
      case 'source': {
        const b = body as t.TypeOf<typeof SourceCreate>;
        return id(await createSource(deps)(actor, treeId, { ...sourceInput(b), title: b.title }));
      }
      case 'citation': return id(await createCitation(deps)(actor, treeId, citationInput(body as Parameters<typeof citationInput>[0])));
    }
  }
  const recordId = o.id ?? '';
  const record = await inTree(tx, o.entity, recordId, treeId);
  if (record === null) return fail(notFound(o.entity, recordId));
  if (o.op === 'update') {
    switch (o.entity) {
      case 'person': return done(recordId)(await updatePerson(deps)(actor, recordId, personInput(body as Parameters<typeof personInput>[0])));
      case 'name': return done(recordId)(await updateName(deps)(actor, record.personId!, recordId, nameInput(body as Parameters<typeof nameInput>[0])));
      case 'event': return done(recordId)(await updateEvent(deps)(actor, recordId, eventInput(body as Parameters<typeof eventInput>[0])));
      case 'relationship': return done(recordId)(await updateRelationship(deps)(actor, recordId, relationshipUpdateInput(body as Parameters<typeof relationshipUpdateInput>[0])));
      case 'source': return done(recordId)(await updateSource(deps)(actor, recordId, sourceInput(body as Parameters<typeof sourceInput>[0])));
      case 'citation': return done(recordId)(await updateCitation(deps)(actor, recordId, citationUpdateInput(body as Parameters<typeof citationUpdateInput>[0])));
    }
  }
  if (o.op === 'merge') return done(recordId)(await mergePersons(deps)(actor, recordId, (body as t.TypeOf<typeof MergeData>).other_id));
  switch (o.entity) {
    case 'person': return done(recordId)(await deletePerson(deps)(actor, recordId, false));
    case 'name': return done(recordId)(await deleteName(deps)(actor, record.personId!, recordId));
    case 'event': return done(recordId)(await deleteEvent(deps)(actor, recordId));
    case 'relationship': return done(recordId)(await deleteRelationship(deps)(actor, recordId));
    case 'source': return done(recordId)(await deleteSource(deps)(actor, recordId));
    case 'citation': return done(recordId)(await deleteCitation(deps)(actor, recordId));
  }
};
