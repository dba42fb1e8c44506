import type { FieldError } from '../shared/errors.js';
import type { ProposalOperation } from './model.js';

/** Most operations one proposal holds; a whole family's worth, far below what a review can read. */
export const MAX_OPERATIONS = 1000;
export const MAX_SUMMARY_LENGTH = 2000;

const REF = /^[A-Za-z0-9_-]{1,64}$/;

/** A `"$ref"` value naming a record created earlier in the same proposal, or null. */
export const refOf = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith('$') && REF.test(value.slice(1)) ? value.slice(1) : null;

/**
 * The rules of a list of operations that the wire codec cannot state: an update, delete or merge names its
 * record (`id`), a create does not; a merge is of a person; a `ref` is unique and only on a create; every `"$ref"` (in `id`
 * or a `*_id` field of `data`) names the ref of an earlier create. Paths are `operations[i]...`.
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
