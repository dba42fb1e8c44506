import type * as t from 'io-ts';
import { E, fail, type Result } from '../../core/kernel/either.js';
import { invalidInput, notFound } from '../../core/kernel/errors.js';
import { isUuid, type Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import type { OperationRunner } from '../../core/proposals/deps.js';
import type { OperationEntity, ProposalOperation } from '../../core/proposals/model.js';
import { createPerson } from '../../core/people/commands/create-person.js';
import { updatePerson } from '../../core/people/commands/update-person.js';
import { deletePerson } from '../../core/people/commands/delete-person.js';
import { createName, deleteName, updateName } from '../../core/people/commands/name-commands.js';
import { createEvent, deleteEvent, updateEvent } from '../../core/people/commands/event-commands.js';
import { createRelationship, deleteRelationship, updateRelationship } from '../../core/people/commands/relationship-commands.js';
import { mergePersons } from '../../core/merge/commands/merge-persons.js';
import { createSource, deleteSource, updateSource } from '../../core/sources/commands/source-commands.js';
import { createCitation, deleteCitation, updateCitation } from '../../core/sources/commands/citation-commands.js';
import type { Clock } from '../../core/kernel/clock.js';
import { decodePart } from './app.js';
import { PersonCreate, PersonUpdate, personInput } from './routes/persons.js';
import { NameWrite, nameInput } from './routes/names.js';
import { EventCreate, EventUpdate, eventInput } from './routes/events.js';
import { RelationshipCreate, RelationshipUpdate, relationshipInput, relationshipUpdateInput } from './routes/relationships.js';
import { CitationCreate, CitationUpdate, SourceCreate, SourceUpdate, citationInput, citationUpdateInput, sourceInput } from './routes/sources.js';
import { Uuid } from './wire.js';
import * as io from 'io-ts';

// A proposal's operation is the API call it stands for: `data` is the entity's POST (create) or
// PATCH (update) body, decoded by the same codec, then the same command runs.

/** A name's create names its person: the NameCreate body plus `person_id`. */
const NameCreate = io.intersection([io.type({ person_id: Uuid }), NameWrite]);

const MergeShape = io.type({ other_id: Uuid });
/** A merge's data: the body of POST /persons/{id}/merge and nothing else (a stray field would be silently lost). */
const MergeData = new io.Type<t.TypeOf<typeof MergeShape>, unknown, unknown>(
  'MergeData',
  MergeShape.is,
  (u, c) => (typeof u === 'object' && u !== null && Object.keys(u).some((k) => k !== 'other_id') ? io.failure(u, c, 'a merge takes only other_id') : MergeShape.validate(u, c)),
  MergeShape.encode,
);

/** The codec of an operation's `data`, or null for a delete (which takes none). */
export const dataCodec = (entity: OperationEntity, op: ProposalOperation['op']): t.Mixed | null => {
  if (op === 'delete') return null;
  if (op === 'merge') return MergeData;
  const create = op === 'create';
  switch (entity) {
    case 'person': return create ? PersonCreate : PersonUpdate;
    case 'name': return create ? NameCreate : NameWrite;
    case 'event': return create ? EventCreate : EventUpdate;
    case 'relationship': return create ? RelationshipCreate : RelationshipUpdate;
    case 'source': return create ? SourceCreate : SourceUpdate;
    case 'citation': return create ? CitationCreate : CitationUpdate;
  }
};

/** The field errors of an operation's `data`, with paths under `prefix` (`operations[2].data`). */
export const dataErrors = (o: ProposalOperation, prefix: string): { path: string; message: string }[] => {
  const codec = dataCodec(o.entity, o.op);
  if (codec === null) return [];
  // A "$ref" stands for an id until the apply resolves it: a placeholder uuid decodes in its place.
  const data = Object.fromEntries(Object.entries(o.data ?? {}).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('$') ? '00000000-0000-4000-8000-000000000000' : v]));
  const decoded = decodePart(codec, data, prefix);
  return decoded.ok ? [] : decoded.errors.map((e) => ({ path: e.path === prefix ? prefix : `${prefix}.${e.path}`, message: e.message }));
};

type Deps = { readonly storage: Storage; readonly clock: Clock; readonly searchThreshold: number };

/** The record an update or delete names, when it is in the tree; else not found (so is an id that is no id, as a stored row may hold). */
const inTree = async (storage: Storage, entity: OperationEntity, id: Id, treeId: Id): Promise<{ readonly treeId: Id; readonly personId?: Id | null } | null> => {
  if (!isUuid(id)) return null;
  const record =
    entity === 'person' ? await storage.persons.byId(id)
      : entity === 'name' ? await storage.names.byId(id)
        : entity === 'event' ? await storage.events.byId(id)
          : entity === 'relationship' ? await storage.relationships.byId(id)
            : entity === 'source' ? await storage.sources.byId(id)
              : await storage.citations.byId(id);
  return record !== null && record.treeId === treeId ? record : null;
};

/** The operation runner the apply uses (core/proposals/ports.ts), over the normal commands. */
export const proposalOperationRunner =
  (base: Omit<Deps, 'storage'>): OperationRunner =>
  async (storage, actor, treeId, o): Promise<Result<{ readonly id: Id }>> => {
    const deps: Deps = { ...base, storage };
    const codec = dataCodec(o.entity, o.op);
    let body: never = undefined as never;
    if (codec !== null) {
      const decoded = decodePart(codec, o.data ?? {}, 'data');
      if (!decoded.ok) return fail(invalidInput('invalid_input', 'The operation\'s data is not valid.', decoded.errors));
      body = decoded.value as never;
    }
    const id = (r: Result<{ readonly id: Id }>) => (E.isLeft(r) ? r : E.right({ id: r.right.id }));
    const done = (recordId: Id) => (r: Result<unknown>) => (E.isLeft(r) ? r : E.right({ id: recordId }));
    if (o.op === 'create') {
      switch (o.entity) {
        case 'person': return id(await createPerson(deps)(actor, treeId, personInput(body)));
        case 'name': {
          const b = body as t.TypeOf<typeof NameCreate>;
          if ((await inTree(storage, 'person', b.person_id, treeId)) === null) return fail(notFound('person', b.person_id));
          return id(await createName(deps)(actor, b.person_id, nameInput(b)));
        }
        case 'event': return id(await createEvent(deps)(actor, treeId, { ...eventInput(body), type: (body as t.TypeOf<typeof EventCreate>).type }));
        case 'relationship': return id(await createRelationship(deps)(actor, treeId, relationshipInput(body)));
        case 'source': return id(await createSource(deps)(actor, treeId, { ...sourceInput(body), title: (body as t.TypeOf<typeof SourceCreate>).title }));
        case 'citation': return id(await createCitation(deps)(actor, treeId, citationInput(body)));
      }
    }
    const recordId = o.id ?? '';
    const record = await inTree(storage, o.entity, recordId, treeId);
    if (record === null) return fail(notFound(o.entity, recordId));
    if (o.op === 'update') {
      switch (o.entity) {
        case 'person': return done(recordId)(await updatePerson(deps)(actor, recordId, personInput(body)));
        case 'name': return done(recordId)(await updateName(deps)(actor, record.personId!, recordId, nameInput(body)));
        case 'event': return done(recordId)(await updateEvent(deps)(actor, recordId, eventInput(body)));
        case 'relationship': return done(recordId)(await updateRelationship(deps)(actor, recordId, relationshipUpdateInput(body)));
        case 'source': return done(recordId)(await updateSource(deps)(actor, recordId, sourceInput(body)));
        case 'citation': return done(recordId)(await updateCitation(deps)(actor, recordId, citationUpdateInput(body)));
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
