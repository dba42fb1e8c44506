import * as t from 'io-ts';
import { named, NOTES_MAX, Nullable, Text, Uuid, withSchema } from '../kernel/codec.js';
import type { SourceInput } from './commands/source-commands.js';
import type { RepositoryInput } from './commands/repository-commands.js';
import { MAX_RECORDED_EVENTS, MAX_REPOSITORY_LINKS } from './source-fields.js';

// The request bodies of sources and citations (snake_case JSON of API.md) and what each becomes as a
// command's input: decoded by the HTTP routes and by a proposal's apply (core/proposals/operations.ts).

const RecordedEvents = named('RecordedEvents', t.intersection([t.type({ events: Text(500) }), t.partial({ date: Text(200), place: Text(1000) })]));
const RepositoryLink = named('RepositoryLink', t.intersection([t.type({ repository_id: Uuid }), t.partial({ call_number: Text(500) })]));
const SourceFields = t.partial({
  author: Text(1000), publication: Text(2000), notes: Text(NOTES_MAX), abbreviation: Text(1000), agency: Text(1000), data_notes: Text(NOTES_MAX),
  recorded_events: withSchema(t.array(RecordedEvents), { maxItems: MAX_RECORDED_EVENTS }),
  repositories: withSchema(t.array(RepositoryLink), { maxItems: MAX_REPOSITORY_LINKS }),
});
export const SourceCreate = named('SourceCreate', t.intersection([t.type({ title: Text(1000) }), SourceFields]));
export const SourceUpdate = named('SourceUpdate', t.intersection([t.partial({ title: Text(1000) }), SourceFields]));
const Confidence = Nullable(withSchema(t.Int, { minimum: 0, maximum: 3 }));
export const CitationCreate = named('CitationCreate', t.intersection([
  t.type({ source_id: Uuid }),
  t.partial({ person_id: Uuid, event_id: Uuid, name_id: Uuid, relationship_id: Uuid, page: Text(1000), detail: Text(NOTES_MAX), entry_date: Text(100), notes: Text(NOTES_MAX), confidence: Confidence }),
]));
export const CitationUpdate = named('CitationUpdate', t.partial({ page: Text(1000), detail: Text(NOTES_MAX), entry_date: Text(100), notes: Text(NOTES_MAX), confidence: Confidence }));

export const sourceInput = (b: t.TypeOf<typeof SourceFields> & { title?: string }): SourceInput => ({
  ...(b.title === undefined ? {} : { title: b.title }),
  ...(b.author === undefined ? {} : { author: b.author }),
  ...(b.publication === undefined ? {} : { publication: b.publication }),
  ...(b.notes === undefined ? {} : { notes: b.notes }),
  ...(b.abbreviation === undefined ? {} : { abbreviation: b.abbreviation }),
  ...(b.agency === undefined ? {} : { agency: b.agency }),
  ...(b.data_notes === undefined ? {} : { dataNotes: b.data_notes }),
  ...(b.recorded_events === undefined ? {} : { recordedEvents: b.recorded_events.map((e) => ({ events: e.events, date: e.date ?? '', place: e.place ?? '' })) }),
  ...(b.repositories === undefined ? {} : { repositories: b.repositories.map((r) => ({ repositoryId: r.repository_id, callNumber: r.call_number ?? '' })) }),
});

const RepositoryFields = t.partial({ address: Text(2000), notes: Text(NOTES_MAX) });
export const RepositoryCreate = named('RepositoryCreate', t.intersection([t.type({ name: Text(1000) }), RepositoryFields]));
export const RepositoryUpdate = named('RepositoryUpdate', t.intersection([t.partial({ name: Text(1000) }), RepositoryFields]));

export const repositoryInput = (b: t.TypeOf<typeof RepositoryFields> & { name?: string }): RepositoryInput => ({
  ...(b.name === undefined ? {} : { name: b.name }),
  ...(b.address === undefined ? {} : { address: b.address }),
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
  ...(body.entry_date === undefined ? {} : { entryDate: body.entry_date }),
  ...(body.notes === undefined ? {} : { notes: body.notes }),
  ...(body.confidence === undefined ? {} : { confidence: body.confidence }),
});

export const citationUpdateInput = (body: t.TypeOf<typeof CitationUpdate>) => ({
  ...(body.page === undefined ? {} : { page: body.page }),
  ...(body.detail === undefined ? {} : { detail: body.detail }),
  ...(body.entry_date === undefined ? {} : { entryDate: body.entry_date }),
  ...(body.notes === undefined ? {} : { notes: body.notes }),
  ...(body.confidence === undefined ? {} : { confidence: body.confidence }),
});
