import type { FieldError } from '../kernel/errors.js';
import type { ProposalOperation } from './model.js';

/** Most operations one proposal holds; a whole family's worth, far below what a review can read. */
export const MAX_OPERATIONS = 1000;
export const MAX_SUMMARY_LENGTH = 2000;
/**
 * Levels an operation's `data` nests, itself the first: an entity's body needs 3 (a person's
 * `birth.date`), so 8 leaves room without letting a body nested thousands deep through.
 */
export const MAX_DATA_DEPTH = 8;
/** Characters of JSON one operation's `data` takes at most: a 100,000-character note, escaped, fits. */
export const MAX_DATA_CHARS = 256 * 1024;

const REF = /^[A-Za-z0-9_-]{1,64}$/;

/** A `"$ref"` value naming a record created earlier in the same proposal, or null. */
export const refOf = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith('$') && REF.test(value.slice(1)) ? value.slice(1) : null;

/**
 * Why one operation's `data` is out of bounds (nested deeper than MAX_DATA_DEPTH, or longer than
 * MAX_DATA_CHARS as JSON text), or null. Walks with its own stack and stops at the first bound
 * passed, so a value nested past any limit cannot overflow the call stack here or later.
 */
export const dataBoundsProblem = (data: unknown): string | null => {
  const stack: { readonly value: unknown; readonly depth: number }[] = [{ value: data, depth: 1 }];
  let chars = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (Array.isArray(value) || (typeof value === 'object' && value !== null)) {
      if (depth > MAX_DATA_DEPTH) return `nested deeper than ${MAX_DATA_DEPTH} levels`;
      const entries = Array.isArray(value) ? value.map((v) => [null, v] as const) : Object.entries(value);
      // Brackets and the commas between items; each key with its quotes and colon.
      chars += 2 + Math.max(0, entries.length - 1);
      for (const [k, v] of entries) {
        if (k !== null) chars += JSON.stringify(k).length + 1;
        stack.push({ value: v, depth: depth + 1 });
      }
    } else {
      chars += value === undefined ? 4 : JSON.stringify(value).length;
    }
    if (chars > MAX_DATA_CHARS) return `longer than ${MAX_DATA_CHARS} characters of JSON`;
  }
  return null;
};

/**
 * The rules of a list of operations that the wire codec cannot state: an update, delete or merge names its
 * record (`id`), a create does not; a merge is of a person; a `ref` is unique and only on a create; every `"$ref"` (in `id`
 * or a `*_id` field of `data`) names the ref of an earlier create; `data` stays within its bounds. Paths
 * are `operations[i]...`. Refs are names, held in a Set: "constructor" or "__proto__" is a ref like any other.
 */
export const operationErrors = (operations: readonly ProposalOperation[]): FieldError[] => {
  const errors: FieldError[] = [];
  if (operations.length === 0) errors.push({ path: 'operations', message: 'at least one operation' });
  if (operations.length > MAX_OPERATIONS) errors.push({ path: 'operations', message: `at most ${MAX_OPERATIONS} operations` });
  const defined = new Set<string>();
  operations.forEach((o, i) => {
    const at = `operations[${i}]`;
    if (o.op === 'create' && o.id !== undefined) errors.push({ path: `${at}.id`, message: 'a create names no id (use ref)' });
    if (o.op !== 'create' && o.id === undefined) errors.push({ path: `${at}.id`, message: `an ${o.op} names the record's id` });
    if (o.op === 'merge' && o.entity !== 'person') errors.push({ path: `${at}.entity`, message: 'only persons merge' });
    if (o.op === 'delete' && o.data !== undefined) errors.push({ path: `${at}.data`, message: 'a delete takes no data' });
    if (o.op !== 'delete' && o.data === undefined) errors.push({ path: `${at}.data`, message: `a ${o.op} needs data` });
    const unbounded = o.data === undefined ? null : dataBoundsProblem(o.data);
    if (unbounded !== null) errors.push({ path: `${at}.data`, message: unbounded });
    const refsUsed = [o.id, ...Object.entries(o.data ?? {}).filter(([k]) => k === 'id' || k.endsWith('_id')).map(([, v]) => v)];
    for (const v of refsUsed) {
      if (typeof v !== 'string' || !v.startsWith('$')) continue;
      const ref = refOf(v);
      if (ref === null || !defined.has(ref)) errors.push({ path: `${at}${v === o.id ? '.id' : '.data'}`, message: `${v} names no earlier create of this proposal` });
    }
    if (o.ref !== undefined) {
      if (o.op !== 'create') errors.push({ path: `${at}.ref`, message: 'only a create takes a ref' });
      else if (!REF.test(o.ref)) errors.push({ path: `${at}.ref`, message: '1 to 64 letters, digits, _ or -' });
      else if (defined.has(o.ref)) errors.push({ path: `${at}.ref`, message: `ref ${o.ref} is already taken` });
      else defined.add(o.ref);
    }
  });
  return errors.slice(0, 100);
};
