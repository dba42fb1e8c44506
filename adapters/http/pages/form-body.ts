import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';

// application/x-www-form-urlencoded, read strictly: what a browser sends decodes; anything else
// (a broken escape, bytes that are not UTF-8, U+0000, a field given twice) is the client's fault.

export type Fields = ReadonlyMap<string, string>;

export type FormRead =
  | { readonly kind: 'ok'; readonly fields: Fields }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'unsupported' };

const utf8 = new TextDecoder('utf-8', { fatal: true });

const decodeComponent = (s: string): string | null => {
  try {
    const v = decodeURIComponent(s.replaceAll('+', ' '));
    return v.includes('\0') ? null : v;
  } catch {
    return null;
  }
};

/** Parses `a=1&b=2` (a query string or a form body); null when it is malformed. */
export const parseUrlEncoded = (text: string): Fields | null => {
  const fields = new Map<string, string>();
  if (text === '') return fields;
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = decodeComponent(eq < 0 ? piece : piece.slice(0, eq));
    const value = decodeComponent(eq < 0 ? '' : piece.slice(eq + 1));
    if (name === null || value === null || fields.has(name)) return null;
    fields.set(name, value);
  }
  return fields;
};

/**
 * The body, or 'too_large' as soon as it passes `limitBytes`: the rest is left unread (not destroyed,
 * so the answer still goes out; the caller closes the connection after it).
 */
const readUpTo = (req: IncomingMessage, limitBytes: number): Promise<Buffer | 'too_large' | 'aborted'> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (result: Buffer | 'too_large' | 'aborted') => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) chunks.push(chunk);
      else {
        req.pause();
        stop('too_large');
      }
    };
    const onEnd = () => stop(Buffer.concat(chunks));
    const onError = () => stop('aborted');
    // 'close' before 'end': the client went away mid-body.
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onError);
  });

/** Reads the request body as a form of at most `limitBytes`, never throwing for what the client sent. */
export const readForm = async (ctx: Context, limitBytes: number): Promise<FormRead> => {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  const charset = (ctx.request.charset || 'utf-8').toLowerCase();
  if (ctx.request.type !== 'application/x-www-form-urlencoded' || (encoding !== '' && encoding !== 'identity') || (charset !== 'utf-8' && charset !== 'utf8'))
    return { kind: 'unsupported' };
  const declared = Number(ctx.get('Content-Length') || '0');
  if (declared > limitBytes) return { kind: 'too_large' };
  const body = await readUpTo(ctx.req, limitBytes);
  if (body === 'too_large') return { kind: 'too_large' };
  if (body === 'aborted') return { kind: 'malformed' };
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { kind: 'malformed' };
  }
  const fields = parseUrlEncoded(text);
  return fields === null ? { kind: 'malformed' } : { kind: 'ok', fields };
};
