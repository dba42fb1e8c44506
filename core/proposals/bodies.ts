import * as t from 'io-ts';
import { Uuid } from '../kernel/codec.js';
import { decodePart } from '../kernel/decode.js';
import type { FieldError } from '../kernel/errors.js';
import { EventCreate, EventUpdate, NameWrite, PersonCreate, PersonUpdate, RelationshipCreate, RelationshipUpdate } from '../people/bodies.js';
import { CitationCreate, CitationUpdate, SourceCreate, SourceUpdate } from '../sources/bodies.js';
import type { OperationEntity, ProposalOperation } from './model.js';

// A proposal's operation is the API call it stands for: `data` is the entity's POST (create) or
// PATCH (update) body, decoded by the same codec as the route's (core/people/bodies.ts,
// core/sources/bodies.ts), before the same command runs (./operations.ts).

/** A name's create names its person: the NameCreate body plus `person_id`. */
export const NameCreate = t.intersection([t.type({ person_id: Uuid }), NameWrite]);

const MergeShape = t.type({ other_id: Uuid });
/** A merge's data: the body of POST /persons/{id}/merge and nothing else (a stray field would be silently lost). */
export const MergeData = new t.Type<t.TypeOf<typeof MergeShape>, unknown, unknown>(
  'MergeData',
  MergeShape.is,
  (u, c) => (typeof u === 'object' && u !== null && Object.keys(u).some((k) => k !== 'other_id') ? t.failure(u, c, 'a merge takes only other_id') : MergeShape.validate(u, c)),
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
export const dataErrors = (o: ProposalOperation, prefix: string): FieldError[] => {
  const codec = dataCodec(o.entity, o.op);
  if (codec === null) return [];
  // A "$ref" stands for an id until the apply resolves it: a placeholder uuid decodes in its place.
  const data = Object.fromEntries(Object.entries(o.data ?? {}).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('$') ? '00000000-0000-4000-8000-000000000000' : v]));
  const decoded = decodePart(codec, data, prefix);
  return decoded.ok ? [] : decoded.errors.map((e) => ({ path: e.path === prefix ? prefix : `${prefix}.${e.path}`, message: e.message }));
};
