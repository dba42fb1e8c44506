import * as t from 'io-ts';
import { named, NOTES_MAX, Nullable, Text, Uuid, withSchema } from '../kernel/codec.js';
import type { SourceInput } from './commands/source-commands.js';

// The request bodies of sources and citations (snake_case JSON of API.md) and what each becomes as a
// command's input: decoded by the HTTP routes and by a proposal's apply (core/proposals/operations.ts).

const SourceFields = t.partial({ author: Text(1000), publication: Text(2000), notes: Text(NOTES_MAX) });
export const SourceCreate = named('SourceCreate', t.intersection([t.type({ title: Text(1000) }), SourceFields]));
export const SourceUpdate = named('SourceUpdate', t.intersection([t.partial({ title: Text(1000) }), SourceFields]));
const Confidence = Nullable(withSchema(t.Int, { minimum: 0, maximum: 3 }));
export const CitationCreate = named('CitationCreate', t.intersection([
  t.type({ source_id: Uuid }),
  t.partial({ person_id: Uuid, event_id: Uuid, name_id: Uuid, relationship_id: Uuid, page: Text(1000), detail: Text(NOTES_MAX), confidence: Confidence }),
]));
export const CitationUpdate = named('CitationUpdate', t.partial({ page: Text(1000), detail: Text(NOTES_MAX), confidence: Confidence }));

export const sourceInput = (b: t.TypeOf<typeof SourceFields> & { title?: string }): SourceInput => ({
  ...(b.title === undefined ? {} : { title: b.title }),
  ...(b.author === undefined ? {} : { author: b.author }),
  ...(b.publication === undefined ? {} : { publication: b.publication }),
  ...(b.notes === undefined ? {} : { notes: b.notes }),
});

export const citationInput = (body: t.TypeOf<typeof CitationCreate>) => ({
  sourceId: body.source_id,
  ...(body.person_id === undefined ? {} : { personId: body.person_id }),
  ...(body.event_id === undefined ? {} : { eventId: body.event_id }),
  ...(body.name_id === undefined ? {} : { nameId: body.name_id }),
  ...(body.relationship_id === undefined ? {} : { relationshipId: body.relationship_id }),
  ...(body.page === undefined ? {} : { page: body.page }),
  ...(body.detail === undefined ? {} : { detail: body.detail }),
  ...(body.confidence === undefined ? {} : { confidence: body.confidence }),
});

export const citationUpdateInput = (body: t.TypeOf<typeof CitationUpdate>) => ({
  ...(body.page === undefined ? {} : { page: body.page }),
  ...(body.detail === undefined ? {} : { detail: body.detail }),
  ...(body.confidence === undefined ? {} : { confidence: body.confidence }),
});
