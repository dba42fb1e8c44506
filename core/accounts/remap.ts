import { createHmac, randomBytes } from 'node:crypto';
import type { JsonValue } from '../shared/audit.js';
import type { Id } from '../shared/ids.js';
import type { ProposalOperation } from '../proposals/model.js';

/** Maps a record's id in the backup to its id in the restored tree. */
export type IdMap = (oldId: Id) => Id;

/**
 * A fresh mapping for one restored tree. The new id is a function of the old one (no table of a
 * million pairs held in memory): a UUID v7 that keeps the old id's 48-bit time, so the restored
 * records sort as the originals did, with 74 bits from an HMAC under a key drawn for this tree alone,
 * so the same backup restored twice, or two trees of one backup, never share an id.
 */
export const freshIdMap = (): IdMap => {
  const key = randomBytes(32);
  return (oldId) => {
    const hex = oldId.replaceAll('-', '').toLowerCase();
    const mac = createHmac('sha256', key).update(hex).digest();
    const b = Buffer.alloc(16);
    Buffer.from(hex.slice(0, 12), 'hex').copy(b, 0);
    mac.copy(b, 6, 0, 10);
    b[6] = 0x70 | (b[6]! & 0x0f);
    b[8] = 0x80 | (b[8]! & 0x3f);
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
};

const isReferenceKey = (key: string): boolean => key === 'id' || key.endsWith('_id');

/** `value` with every reference field (`id`, `*_id`) that names a record of the backup remapped. */
const remapJson = (value: JsonValue, known: (id: string) => boolean, map: IdMap, key = ''): JsonValue => {
  if (typeof value === 'string') return isReferenceKey(key) && known(value) ? map(value) : value;
  if (Array.isArray(value)) return value.map((v) => remapJson(v, known, map, key));
  if (value !== null && typeof value === 'object') {
    const out: { [k: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) out[k] = remapJson(v, known, map, k);
    return out;
  }
  return value;
};

/**
 * A proposal's operations with every id of a restored record remapped: `id` of updates and deletes,
 * and `*_id` fields of the data. Ids the backup does not hold (a record deleted since) stay as they
 * were: they name nothing in the new tree, so applying such an operation fails as it would have.
 */
export const remapOperations = (ops: readonly ProposalOperation[], known: (id: string) => boolean, map: IdMap): ProposalOperation[] =>
  ops.map((op) => ({
    ...op,
    ...(op.id !== undefined && known(op.id) ? { id: map(op.id) } : {}),
    ...(op.data !== undefined ? { data: remapJson(op.data, known, map) as { readonly [k: string]: JsonValue } } : {}),
  }));
