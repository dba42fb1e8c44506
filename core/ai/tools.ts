import type { Actor } from '../kernel/actor.js';
import type { JsonValue } from '../kernel/audit.js';
import { unstorableTextPath } from '../kernel/decode.js';
import { E } from '../kernel/either.js';
import type { Id } from '../kernel/ids.js';
import { isUuid } from '../kernel/ids.js';
import { dateDisplay } from '../people/date.js';
import { getPerson } from '../people/queries/get-person.js';
import { listPersonEvents } from '../people/queries/list-person-events.js';
import { listPersonRelationships } from '../people/queries/list-person-relationships.js';
import { listPersons } from '../people/queries/list-persons.js';
import type { PersonView } from '../people/vitals.js';
import { decodeProposalInput } from '../proposals/bodies.js';
import { proposeChanges } from '../proposals/commands/propose-changes.js';
import type { ToolDefinition } from './ports.js';

// The three tools the assistant offers the model (API.md: names and arguments are fixed). Reads go
// through the same queries as the API, for the calling user; the only write is a pending proposal.

export const assistantTools: readonly ToolDefinition[] = [
  {
    name: 'search_persons',
    description: 'Find persons of this family tree by name (fuzzy). Returns ids and vitals.',
    parameters: { type: 'object', properties: { query: { type: 'string', maxLength: 200 } }, required: ['query'], additionalProperties: false },
  },
  {
    name: 'get_person',
    description: 'One person with their names, events and relationships.',
    parameters: { type: 'object', properties: { person_id: { type: 'string', format: 'uuid' } }, required: ['person_id'], additionalProperties: false },
  },
  {
    name: 'propose_changes',
    description: 'Propose changes for a human editor to review. Nothing changes until an editor applies the proposal. ' +
      'operations: [{ op: "create"|"update"|"delete"|"merge", entity: "person"|"name"|"event"|"relationship"|"source"|"citation", id?, ref?, data? }]; ' +
      'data uses the fields of the API body of that entity; a later operation names a record created earlier as "$ref". ' +
      'op "merge" (entity "person") merges two records of one person: id is the person kept, data { other_id } the duplicate merged into it.',
    parameters: {
      type: 'object',
      properties: { summary: { type: 'string', maxLength: 2000 }, operations: { type: 'array', items: { type: 'object' } } },
      required: ['summary', 'operations'],
      additionalProperties: false,
    },
  },
];

/**
 * What the tools take: what the queries they read through and the proposal they store take (each
 * names its stores), so the tools touch no other. A model's arguments are held to the rules a
 * client's body is: text the database cannot store (core/kernel/decode.ts) and the proposal's codecs
 * (core/proposals/bodies.ts).
 */
export type ToolDeps = Parameters<typeof listPersons>[0] & Parameters<typeof getPerson>[0] & Parameters<typeof listPersonEvents>[0]
  & Parameters<typeof listPersonRelationships>[0] & Parameters<typeof proposeChanges>[0];

const vitals = (v: PersonView): Record<string, JsonValue> =>
  v.visibility === 'redacted'
    ? { id: v.person.id, name: v.displayName, redacted: true }
    : {
        id: v.person.id, name: v.displayName, sex: v.person.sex, is_living: v.person.isLiving,
        birth: v.birth === null ? null : { date: dateDisplay(v.birth.date), place: v.birth.place },
        death: v.death === null ? null : { date: dateDisplay(v.death.date), place: v.death.place },
      };

/** What a tool call answers the model (JSON), and the proposal it stored, if any. */
export type ToolOutcome = { readonly content: JsonValue; readonly proposalId?: Id };

const failed = (message: string): ToolOutcome => ({ content: { error: message } });

export const runTool = async (deps: ToolDeps, actor: Actor, treeId: Id, name: string, rawArguments: string): Promise<ToolOutcome> => {
  let args: unknown;
  try {
    args = JSON.parse(rawArguments);
  } catch {
    return failed('The arguments are not JSON.');
  }
  const unstorable = unstorableTextPath(args);
  if (unstorable !== null) return failed(`${unstorable === '' ? 'arguments' : unstorable.slice(0, 200)}: must be Unicode text without the character U+0000`);
  const field = (k: string): unknown => (typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[k] : undefined);
  switch (name) {
    case 'search_persons': {
      const query = field('query');
      if (typeof query !== 'string' || query.trim() === '' || query.length > 200) return failed('query: a name of 1 to 200 characters');
      const found = await listPersons(deps)(actor, treeId, { q: query, limit: 20 });
      return E.isLeft(found) ? failed('The search was refused.') : { content: found.right.views.map(vitals) };
    }
    case 'get_person': {
      const id = field('person_id');
      if (typeof id !== 'string' || !isUuid(id)) return failed('person_id: a person id');
      const person = await getPerson(deps)(actor, id);
      if (E.isLeft(person) || person.right.person.treeId !== treeId) return failed('No such person in this tree.');
      const events = await listPersonEvents(deps)(actor, id);
      const relationships = await listPersonRelationships(deps)(actor, id);
      const v = person.right;
      return {
        content: {
          ...vitals(v),
          names: v.visibility === 'full' ? (v.names ?? []).map((n) => ({ id: n.id, type: n.nameType, given_name: n.givenName, surname: n.surname, primary: n.isPrimary })) : [],
          events: E.isLeft(events) ? [] : events.right.map((e) => ({ id: e.event.id, type: e.event.type, date: dateDisplay(e.event.date), place: e.place })),
          relationships: E.isLeft(relationships) ? [] : relationships.right.map((r) => ({ id: r.id, type: r.type, person_a_id: r.personAId, person_b_id: r.personBId, qualifier: r.qualifier, role: r.role })),
        },
      };
    }
    case 'propose_changes': {
      const input = decodeProposalInput(args);
      if (E.isLeft(input)) {
        const e = input.left;
        return { content: { error: e._tag === 'InvalidInput' ? e.detail : 'refused', errors: e._tag === 'InvalidInput' ? (e.errors ?? []).map((f) => ({ path: f.path, message: f.message })) : [] } };
      }
      const stored = await proposeChanges(deps)(actor, treeId, input.right, 'assistant');
      if (E.isLeft(stored)) {
        const e = stored.left;
        return { content: { error: e._tag === 'InvalidInput' ? e.detail : 'refused', errors: e._tag === 'InvalidInput' ? (e.errors ?? []).map((f) => ({ path: f.path, message: f.message })) : [] } };
      }
      return { content: { proposal_id: stored.right.id, status: 'pending' }, proposalId: stored.right.id };
    }
    default:
      return failed(`There is no tool ${name.slice(0, 100)}.`);
  }
};
