import type { Token } from 'stream-json/core/parser.js';

/** Bounds on any one value read from a backup: no single string, number, key or record may grow memory without limit. */
export const VALUE_LIMITS = { string: 16 * 1024 * 1024, key: 256, number: 64, depth: 64, chars: 64 * 1024 * 1024 } as const;

/** A broken backup, in words; thrown inside the readers and turned into a fault at their edge. */
export class ArchiveFaultError extends Error {}

type Frame = { readonly container: Record<string, unknown> | unknown[]; key: string | null };

/**
 * Builds one JSON value from streamed tokens (keys, strings and numbers in chunks), within
 * VALUE_LIMITS. `__proto__` is a plain key, as in JSON.parse.
 */
export const valueAssembler = () => {
  const stack: Frame[] = [];
  let text: string[] = [];
  let textLength = 0;
  let textLimit = 0;
  let chars = 0;
  let result: { readonly value: unknown } | null = null;

  const place = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      result = { value };
      return;
    }
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
    stack.push({ container, key: null });
  };
  const startText = (limit: number): void => {
    text = [];
    textLength = 0;
    textLimit = limit;
  };
  const endText = (): string => {
    const s = text.join('');
    text = [];
    return s;
  };

  return {
    /** Consumes one token; answers the finished value once the last token of it came. */
    push(token: Token): { readonly value: unknown } | null {
      switch (token.name) {
        case 'startObject': open({}); return null;
        case 'startArray': open([]); return null;
        case 'endObject':
        case 'endArray': place(stack.pop()!.container); break;
        case 'startKey': startText(VALUE_LIMITS.key); return null;
        case 'startString': startText(VALUE_LIMITS.string); return null;
        case 'startNumber': startText(VALUE_LIMITS.number); return null;
        case 'stringChunk':
        case 'numberChunk':
          textLength += token.value.length;
          chars += token.value.length;
          if (textLength > textLimit) throw new ArchiveFaultError(`a text or number is longer than ${textLimit} characters`);
          if (chars > VALUE_LIMITS.chars) throw new ArchiveFaultError(`a record is larger than ${VALUE_LIMITS.chars} characters`);
          text.push(token.value);
          return null;
        case 'endKey': stack[stack.length - 1]!.key = endText(); return null;
        case 'endString': place(endText()); break;
        case 'endNumber': place(Number(endText())); break;
        case 'nullValue': place(null); break;
        case 'trueValue': place(true); break;
        case 'falseValue': place(false); break;
        default: return null;
      }
      const done = result;
      result = null;
      if (done !== null) chars = 0;
      return done;
    },
  };
};
