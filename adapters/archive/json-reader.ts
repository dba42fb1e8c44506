import type { Token } from 'stream-json/core/parser.js';
import { recordOrder, type ArchiveHeader, type ArchiveItem, type RecordKind } from '../../core/accounts/archive.js';
import { arrayKeys, decodeRecord, decodeWith, HeaderCodec, headerFrom, TreeCodec, treeFrom } from './account-json.js';
import { ArchiveFaultError, valueAssembler, VALUE_LIMITS, type ValueBudget } from './json-values.js';

const kindOfArray = new Map<string, RecordKind>(recordOrder.map((k) => [arrayKeys[k], k]));
// Only the fields the codecs read are built; any other key's value is read through and counted, not kept.
const headerKeys = new Set(Object.keys(HeaderCodec.props));
const treeKeys = new Set(Object.keys(TreeCodec.props));

type State =
  | 'start' | 'top' | 'trees' | 'tree' | 'records' | 'rest' | 'end';

/**
 * Reads account.json token by token (push), never holding more than one record: the header keys
 * until `"trees"`, then each tree's own fields until its first record array, then records one by
 * one, each decoded as it completes. Emits the header once, then items; throws ArchiveFaultError
 * for anything that is not the format (the caller turns it into a 422 with the reason).
 */
export const accountJsonReader = (emit: { readonly header: (h: ArchiveHeader) => void; readonly item: (i: ArchiveItem) => void }, budget: ValueBudget) => {
  let state: State = 'start';
  const values = valueAssembler(budget);
  let inValue = false;
  let onValue: (v: unknown) => void = () => undefined;
  let key: string[] | null = null;
  let header: Record<string, unknown> = {};
  let tree: Record<string, unknown> = {};
  let treeEmitted = false;
  let nextArray = 0;
  let kind: RecordKind = 'person';

  const fault = (reason: string): never => {
    throw new ArchiveFaultError(reason);
  };
  const readValue = (token: Token, then: (v: unknown) => void, keep = true): void => {
    inValue = true;
    onValue = then;
    values.keep(keep);
    consume(token);
  };
  const skipValue = (token: Token): void => readValue(token, () => undefined, false);
  const emitTree = (): void => {
    if (treeEmitted) return;
    const decoded = decodeWith(TreeCodec, tree, 'a tree');
    if (typeof decoded === 'string') fault(decoded);
    else emit.item({ kind: 'tree', tree: treeFrom(decoded) });
    treeEmitted = true;
    tree = {};
  };
  const keyed = (token: Token, then: (k: string) => void): boolean => {
    if (token.name === 'startKey') {
      key = [];
      return true;
    }
    if (token.name === 'stringChunk' && key !== null) {
      key.push(token.value);
      if (key.join('').length > VALUE_LIMITS.key) fault('a key is too long');
      return true;
    }
    if (token.name === 'endKey' && key !== null) {
      const k = key.join('');
      key = null;
      then(k);
      return true;
    }
    return false;
  };
  const set = (target: Record<string, unknown>, k: string) => (v: unknown) => {
    Object.defineProperty(target, k, { value: v, enumerable: true, writable: true, configurable: true });
  };

  let pendingKey: string | null = null;

  const consume = (token: Token): void => {
    if (inValue) {
      const done = values.push(token);
      if (done !== null) {
        inValue = false;
        onValue(done.value);
      }
      return;
    }
    switch (state) {
      case 'start':
        if (token.name !== 'startObject') fault('account.json is not a JSON object');
        state = 'top';
        return;
      case 'top':
        if (keyed(token, (k) => (pendingKey = k))) return;
        if (token.name === 'endObject') fault('account.json holds no "trees"');
        if (pendingKey === 'trees') {
          if (token.name !== 'startArray') fault('"trees" is not an array');
          const decoded = decodeWith(HeaderCodec, header, 'the header of account.json');
          if (typeof decoded === 'string') fault(decoded);
          else emit.header(headerFrom(decoded));
          header = {};
          pendingKey = null;
          state = 'trees';
          return;
        }
        if (pendingKey === null) fault('account.json is malformed');
        if (headerKeys.has(pendingKey!)) readValue(token, set(header, pendingKey!));
        else skipValue(token);
        pendingKey = null;
        return;
      case 'trees':
        if (token.name === 'endArray') {
          state = 'rest';
          return;
        }
        if (token.name !== 'startObject') fault('a tree is not a JSON object');
        tree = {};
        treeEmitted = false;
        nextArray = 0;
        state = 'tree';
        return;
      case 'tree':
        if (keyed(token, (k) => (pendingKey = k))) return;
        if (token.name === 'endObject') {
          emitTree();
          state = 'trees';
          return;
        }
        if (pendingKey === null) fault('a tree is malformed');
        {
          const k = pendingKey!;
          pendingKey = null;
          const arrayKind = kindOfArray.get(k);
          if (arrayKind !== undefined) {
            emitTree();
            const at = recordOrder.indexOf(arrayKind);
            if (at < nextArray) fault(`"${k}" comes after records it must precede`);
            nextArray = at + 1;
            kind = arrayKind;
            if (token.name !== 'startArray') fault(`"${k}" is not an array`);
            state = 'records';
            return;
          }
          if (treeEmitted) fault(`the tree field "${k.slice(0, 50)}" comes after the tree's records`);
          if (treeKeys.has(k)) readValue(token, set(tree, k));
          else skipValue(token);
        }
        return;
      case 'records':
        if (token.name === 'endArray') {
          state = 'tree';
          return;
        }
        readValue(token, (v) => {
          const decoded = decodeRecord(kind, v);
          if (typeof decoded === 'string') fault(decoded);
          else emit.item(decoded);
        });
        return;
      case 'rest':
        if (keyed(token, () => undefined)) return;
        if (token.name === 'endObject') {
          state = 'end';
          return;
        }
        skipValue(token);
        return;
      case 'end':
        fault('account.json goes on after its end');
    }
  };
  return {
    consume,
    /** Whether the whole document was read. */
    finished: () => state === 'end',
  };
};
