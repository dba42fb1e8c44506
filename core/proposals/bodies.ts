import * as t from 'io-ts';
import type { JsonValue } from '../kernel/audit.js';
import { named, Text, Uuid, withSchema } from '../kernel/codec.js';
import { decodeErrors, decodePart } from '../kernel/decode.js';
import { E, fail, type Result } from '../kernel/either.js';
import { invalidInput, type FieldError } from '../kernel/errors.js';
import { isUuid } from '../kernel/ids.js';
import { EventCreate, EventUpdate, NameWrite, PersonCreate, PersonUpdate, RelationshipCreate, RelationshipUpdate } from '../people/bodies.js';
import { CitationCreate, CitationUpdate, SourceCreate, SourceUpdate } from '../sources/bodies.js';
import type { ProposeInput } from './commands/propose-changes.js';
import { operationEntities, operationKinds, type OperationEntity, type ProposalOperation } from './model.js';
import { dataBoundsProblem, MAX_DATA_CHARS, MAX_DATA_DEPTH, MAX_OPERATIONS, MAX_SUMMARY_LENGTH, refOf } from './rules.js';

// The wire shape of a proposal's operations, shared by the proposals routes, the assistant's
// propose_changes and the account backup's proposal records (adapters/http/proposal-wire.ts
// re-exports it).
//
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

type Data = { readonly [k: string]: JsonValue };
const isRecord = (u: unknown): u is Data => typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * An operation's `data`: a JSON object, bounded in depth and size (core/proposals/rules.ts) before
 * anything walks it recursively (a diff, JSON.stringify on the way to the database). Which fields it
 * holds is the entity's codec's business, checked after.
 */
export const OperationData = withSchema(
  new t.Type<Data, Data, unknown>('ProposalOperationData', isRecord, (u, c) => {
    if (!isRecord(u)) return t.failure(u, c, 'expected an object');
    const problem = dataBoundsProblem(u);
    return problem === null ? t.success(u) : t.failure(u, c, problem);
  }, t.identity),
  {
    type: 'object', additionalProperties: true,
    description: `The entity's POST (create) or PATCH (update) body; a name's create also takes person_id. At most ${MAX_DATA_DEPTH} levels deep and ${MAX_DATA_CHARS} characters of JSON.`,
  },
);

/**
 * `t.array(item)` whose errors name the item's index as `name[i]` (`operations[2].op`): the shared
 * error paths drop bare numeric keys (io-ts numbers intersection members with them too), so the
 * index is joined to the array's own key. More than `max` items are refused before any is decoded.
 */
export const indexedArray = <C extends t.Mixed>(item: C, max: number) =>
  withSchema(new t.ArrayType<C, t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    `Array<${item.name}>`,
    (u): u is t.TypeOf<C>[] => Array.isArray(u) && u.every((x) => item.is(x)),
    (u, c) => {
      if (!Array.isArray(u)) return t.failure(u, c, 'expected an array');
      if (u.length > max) return t.failure(u, c, `at most ${max} items`);
      const parent = c[c.length - 1];
      const errors: t.ValidationError[] = [];
      const out: t.TypeOf<C>[] = [];
      u.forEach((x, i) => {
        const at: t.ContextEntry = { key: `${parent?.key ?? ''}[${i}]`, type: parent?.type ?? item, actual: u };
        const r = item.validate(x, [...c.slice(0, -1), at, { key: String(i), type: item, actual: x }]);
        if (r._tag === 'Left') errors.push(...r.left);
        else out.push(r.right);
      });
      return errors.length > 0 ? t.failures(errors) : t.success(out);
    },
    (a) => a.map((x) => item.encode(x)),
    item,
  ), { maxItems: max });

const keys = <K extends string>(values: readonly K[]) => t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>);

/** One operation of a request: `id` is checked (a uuid or a "$ref") with the entity's data, so that both report together. */
export const OperationCodec = named('ProposalOperation', t.intersection([
  t.type({ op: named('ProposalOperationKind', keys(operationKinds)), entity: named('ProposalEntity', keys(operationEntities)) }),
  t.partial({
    id: Text(65, { description: 'The record of an update or delete: its id, or "$ref" of an earlier create' }),
    ref: Text(64, { description: 'A name for the record this create makes, used later as "$ref"' }),
    data: OperationData,
  }),
]));

export const Operations = indexedArray(OperationCodec, MAX_OPERATIONS);

/** A proposal's body: POST /trees/{id}/proposals, and the assistant's `propose_changes` arguments. */
export const ProposeBody = named('ProposalCreate', t.intersection([t.type({ operations: Operations }), t.partial({ summary: Text(MAX_SUMMARY_LENGTH) })]));

/**
 * What only the entities' codecs can say of the operations: each `data` decodes as that entity's
 * POST or PATCH body, and `id` is a uuid or a "$ref". Paths `operations[i]...`.
 */
export const checkOperations = (operations: readonly ProposalOperation[]): Result<readonly ProposalOperation[]> => {
  const errors: FieldError[] = [];
  operations.forEach((o, i) => {
    if (o.id !== undefined && !isUuid(o.id) && refOf(o.id) === null) errors.push({ path: `operations[${i}].id`, message: 'a record id or "$ref"' });
    errors.push(...dataErrors(o, `operations[${i}].data`));
  });
  return errors.length === 0 ? E.right(operations) : fail(invalidInput('invalid_operations', 'The operations cannot be proposed as they are.', errors.slice(0, 100)));
};

/** Decoded operations as the model holds them (absent fields left out). */
export const asOperations = (raw: readonly t.TypeOf<typeof OperationCodec>[]): ProposalOperation[] =>
  raw.map((o) => ({
    op: o.op, entity: o.entity, ...(o.id === undefined ? {} : { id: o.id }), ...(o.ref === undefined ? {} : { ref: o.ref }),
    ...(o.data === undefined ? {} : { data: o.data as ProposalOperation['data'] }),
  }));

/** A `propose_changes` tool argument, checked exactly as POST /proposals checks its body. */
export const decodeProposalInput = (raw: unknown): Result<ProposeInput> => {
  const decoded = ProposeBody.decode(raw);
  if (decoded._tag === 'Left') return fail(invalidInput('invalid_operations', 'The arguments are not { summary, operations }.', decodeErrors(decoded.left, 'arguments')));
  const checked = checkOperations(asOperations(decoded.right.operations));
  return E.isLeft(checked) ? checked : E.right({ summary: decoded.right.summary ?? '', operations: checked.right });
};
