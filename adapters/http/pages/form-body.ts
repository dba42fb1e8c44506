import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { Context } from 'koa';

// application/x-www-form-urlencoded (what the pages' forms send), and for clients that post by hand
// multipart/form-data text fields or a JSON object of strings; read strictly: anything else (a
// broken escape, bytes that are not UTF-8, U+0000, a field given twice, a file part) is the client's
// fault.

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

/** The text fields of a multipart body held whole; null when it is malformed or carries a file. */
const parseMultipart = (contentType: string, body: Buffer): Promise<Fields | null> =>
  new Promise((resolve) => {
    const fields = new Map<string, string>();
    let bad = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 0, fields: 16, fieldSize: body.length + 1 } });
    } catch {
      return resolve(null);
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated || fields.has(name) || value.includes('\0')) bad = true;
      else fields.set(name, value);
    });
    parser.on('file', (_name, stream) => {
      bad = true;
      stream.resume();
    });
    for (const limit of ['filesLimit', 'fieldsLimit', 'partsLimit']) parser.on(limit, () => (bad = true));
    parser.on('error', () => resolve(null));
    parser.on('close', () => resolve(bad ? null : fields));
    parser.end(body);
  });

/** A JSON object whose values are all strings; null for anything else. */
const parseJsonFields = (text: string): Fields | null => {
  try {
    const v: unknown = JSON.parse(text);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    const entries = Object.entries(v);
    return entries.every(([, x]) => typeof x === 'string' && !x.includes('\0')) ? new Map(entries as [string, string][]) : null;
  } catch {
    return null;
  }
};

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json']);

/** Reads the request body as a form of at most `limitBytes`, never throwing for what the client sent. */
export const readForm = async (ctx: Context, limitBytes: number): Promise<FormRead> => {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  const charset = (ctx.request.charset || 'utf-8').toLowerCase();
  const type = ctx.request.type;
  if (!FORM_TYPES.has(type) || (encoding !== '' && encoding !== 'identity') || (charset !== 'utf-8' && charset !== 'utf8'))
    return { kind: 'unsupported' };
  const declared = Number(ctx.get('Content-Length') || '0');
  if (declared > limitBytes) return { kind: 'too_large' };
  const body = await readUpTo(ctx.req, limitBytes);
  if (body === 'too_large') return { kind: 'too_large' };
  if (body === 'aborted') return { kind: 'malformed' };
  if (type === 'multipart/form-data') {
    const fields = await parseMultipart(ctx.get('Content-Type'), body);
    return fields === null ? { kind: 'malformed' } : { kind: 'ok', fields };
  }
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { kind: 'malformed' };
  }
  const fields = type === 'application/json' ? parseJsonFields(text) : parseUrlEncoded(text);
  return fields === null ? { kind: 'malformed' } : { kind: 'ok', fields };
};
