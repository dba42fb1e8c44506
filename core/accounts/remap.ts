import { randomBytes } from 'node:crypto';
import type { JsonValue } from '../kernel/audit.js';
import type { Id } from '../kernel/ids.js';
import type { ProposalOperation } from '../proposals/model.js';

/** Maps a record's id in the backup to its id in the restored tree. */
export type IdMap = (oldId: Id) => Id;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A fresh mapping for one restored tree. The new id is a function of the old one (no table of a
 * million pairs held in memory): a UUID v7 that keeps the old id's 48-bit time, so the restored
 * records sort as the originals did, with its 74 random bits XORed with a mask drawn for this tree
 * alone. Within a tree that is one-to-one, so two records never meet on one id; the same backup
 * restored twice, or two trees of one backup, get other masks and so other ids.
 */
export const freshIdMap = (): IdMap => {
  const mask = randomBytes(16);
  return (oldId) => {
    const hex = oldId.replaceAll('-', '').toLowerCase();
    let out = '';
    for (let i = 0; i < 16; i++) {
      // The version nibble and the variant bits stay the old id's: the map stays one-to-one
      // whatever ids a backup holds (a v7 id stays a v7 id).
      const byte = (parseInt(hex.slice(i * 2, i * 2 + 2), 16) || 0) ^ (i < 6 ? 0 : i === 6 ? mask[i]! & 0x0f : i === 8 ? mask[i]! & 0x3f : mask[i]!);
      out += HEX[byte]!;
      if (i === 3 || i === 5 || i === 7 || i === 9) out += '-';
    }
    return out;
  };
};

const isReferenceKey = (key: string): boolean => key === 'id' || key.endsWith('_id');

/** `value` with every reference field (`id`, `*_id`) that names a record of the backup remapped. */
const remapJson = (value: JsonValue, known: (id: string) => boolean, map: IdMap, key = ''): JsonValue => {
  if (typeof value === 'string') return isReferenceKey(key) && known(value) ? map(value) : value;
  if (Array.isArray(value)) return value.map((v) => remapJson(v, known, map, key));
  // fromEntries defines each key as the object's own: a key "__proto__" stays data, not a prototype.
  // Recursion is safe: a proposal's data is bounded in depth before it gets here.
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remapJson(v, known, map, k)]));
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
