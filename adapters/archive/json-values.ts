import type { Token } from 'stream-json/core/parser.js';

/**
 * Bounds on any one value read from a backup: no single string, number, key or record may grow
 * memory without limit. `values` counts every value and key of one record (or one header field):
 * `[]`, `{}` and `null` cost no characters but do cost memory, so characters alone bound nothing.
 */
export const VALUE_LIMITS = { string: 16 * 1024 * 1024, key: 256, number: 64, depth: 64, chars: 64 * 1024 * 1024, values: 200_000 } as const;

/** A broken backup, in words; thrown inside the readers and turned into a fault at their edge. */
export class ArchiveFaultError extends Error {}

/**
 * The values and keys one archive may hold in all, shared by every value read from it. A backup the
 * service wrote spends 20 or more unpacked bytes a value, so MAX_UPLOAD_BYTES / 4 values (a quarter
 * of what MAX_UPLOAD_BYTES x 4 unpacked bytes could hold at that density) leaves room, while a file of
 * empty arrays, which spends 3 bytes a value, is refused long before it is read to its end.
 */
export type ValueBudget = { left: number; readonly total: number };
export const valueBudget = (maxUploadBytes: number): ValueBudget => {
  const total = Math.max(100_000, Math.floor(maxUploadBytes / 4));
  return { left: total, total };
};

type Frame = { readonly container: Record<string, unknown> | unknown[] | null; key: string | null };

/**
 * Builds one JSON value from streamed tokens (keys, strings and numbers in chunks), within
 * VALUE_LIMITS and the archive's ValueBudget. `__proto__` is a plain key, as in JSON.parse. A value
 * started with `keep: false` is read through (checked and counted) without being built: its result
 * is undefined.
 */
export const valueAssembler = (budget: ValueBudget) => {
  const stack: Frame[] = [];
  let text: string[] = [];
  let textLength = 0;
  let textLimit = 0;
  let chars = 0;
  let values = 0;
  let keep = true;
  let started = false;
  let result: { readonly value: unknown } | null = null;

  const count = (): void => {
    values += 1;
    budget.left -= 1;
    if (values > VALUE_LIMITS.values) throw new ArchiveFaultError(`a record holds more than ${VALUE_LIMITS.values} values`);
    if (budget.left < 0) throw new ArchiveFaultError(`account.json holds more than ${budget.total} values, more than a backup of this size can`);
  };
  const place = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      result = { value: keep ? value : undefined };
      return;
    }
    if (top.container === null) return;
    if (Array.isArray(top.container)) top.container.push(value);
    else {
      const key = top.key!;
      // Plain assignment is the fast path; only `__proto__` would set the prototype instead of a key.
      if (key === '__proto__') Object.defineProperty(top.container, key, { value, enumerable: true, writable: true, configurable: true });
      else top.container[key] = value;
      top.key = null;
    }
  };
  const open = (container: Record<string, unknown> | unknown[]): void => {
    if (stack.length >= VALUE_LIMITS.depth) throw new ArchiveFaultError(`a value nests deeper than ${VALUE_LIMITS.depth} levels`);
    stack.push({ container: keep ? container : null, key: null });
  };
  const startText = (limit: number): void => {
    text = [];
    textLength = 0;
    textLimit = limit;
  };
  const endText = (): string => {
    const s = keep ? text.join('') : '';
    text = [];
    return s;
  };

  return {
    /** Whether the next value is built (true) or only read through (false); set before its first token. */
    keep(build: boolean): void {
      if (!started) keep = build;
    },
    /** Consumes one token; answers the finished value once the last token of it came. */
    push(token: Token): { readonly value: unknown } | null {
      started = true;
      switch (token.name) {
        case 'startObject': count(); open({}); return null;
        case 'startArray': count(); open([]); return null;
        case 'endObject':
        case 'endArray': place(stack.pop()!.container); break;
        case 'startKey': count(); startText(VALUE_LIMITS.key); return null;
        case 'startString': count(); startText(VALUE_LIMITS.string); return null;
        case 'startNumber': count(); startText(VALUE_LIMITS.number); return null;
        case 'stringChunk':
        case 'numberChunk':
          textLength += token.value.length;
          chars += token.value.length;
          if (textLength > textLimit) throw new ArchiveFaultError(`a text or number is longer than ${textLimit} characters`);
          if (chars > VALUE_LIMITS.chars) throw new ArchiveFaultError(`a record is larger than ${VALUE_LIMITS.chars} characters`);
          if (keep) text.push(token.value);
          return null;
        case 'endKey': stack[stack.length - 1]!.key = endText(); return null;
        case 'endString': place(endText()); break;
        case 'endNumber': place(keep ? Number(endText()) : (endText(), 0)); break;
        case 'nullValue': count(); place(null); break;
        case 'trueValue': count(); place(true); break;
        case 'falseValue': count(); place(false); break;
        default: return null;
      }
      const done = result;
      result = null;
      if (done !== null) {
        chars = 0;
        values = 0;
        keep = true;
        started = false;
      }
      return done;
    },
  };
};
