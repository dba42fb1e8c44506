import * as t from 'io-ts';
import type { JsonValue } from '../../core/kernel/audit.js';
import { operationEntities, operationKinds } from '../../core/proposals/model.js';
import { dataBoundsProblem, MAX_DATA_CHARS, MAX_DATA_DEPTH, MAX_OPERATIONS } from '../../core/proposals/rules.js';
import { named, withSchema } from './openapi/json-schema.js';
import { Text } from './wire.js';

// The wire shape of a proposal's operations, shared by the proposals routes, the assistant's
// propose_changes (through them) and the account backup's proposal records.

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
