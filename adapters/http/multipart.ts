import busboy from 'busboy';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/** How many leading bytes of an upload are kept in memory for sniffing. */
const HEAD_BYTES = 512;

/**
 * The bytes of a file, opened when first read: a reader that gives up before reading (an object
 * store that is down fails before it reads) leaves nothing open, and the file's removal after that
 * raises nothing; a read of a removed file fails in the reader's loop, which handles it.
 */
async function* readLazily(file: string): AsyncGenerator<Uint8Array> {
  yield* createReadStream(file);
}

/** A file part received whole into a temporary file, with what was counted on the way. */
export type SpooledFile = {
  readonly field: string;
  readonly fileName: string | null;
  readonly declaredType: string | null;
  readonly size: number;
  readonly sha256: string;
  readonly head: Uint8Array;
  /** Streams the received bytes from the start, as often as needed; the file is opened when first read. */
  readonly open: () => AsyncIterable<Uint8Array>;
  /** The temporary file holding them, for readers that need random access (a zip's directory); removed by `dispose`. */
  readonly path: string;
};

export type SpoolResult =
  | { readonly kind: 'ok'; readonly fields: Record<string, string>; readonly file: SpooledFile | null; readonly dispose: () => Promise<void> }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'field_too_large'; readonly detail: string }
  | { readonly kind: 'malformed'; readonly detail: string };

/** How much text a multipart request may carry besides its file. */
export type FieldLimits = {
  /** Bytes each declared text field may hold; a field not named here may hold `otherFieldBytes`. */
  readonly fieldBytes: Readonly<Record<string, number>>;
  readonly otherFieldBytes: number;
  /** Text fields in all (busboy stops reading more). */
  readonly maxFields: number;
};

/** Longest file name (characters) a file part may carry. */
export const MAX_FILE_NAME = 1000;

/**
 * Receives a multipart/form-data request: text fields into memory (each within its `fieldBytes`,
 * at most `maxFields` of them), the one file part `fileField` streamed to a temporary file under
 * `dir`, counting bytes and SHA-256 as it goes, never holding it in memory. Past `maxBytes` it stops
 * writing, removes the partial file, reads and discards the rest of the request (so the client sees
 * the answer) and answers `too_large`; a text field past its bound answers `field_too_large`.
 */
export const spoolMultipart = async (req: IncomingMessage, o: { readonly fileField: string; readonly maxBytes: number; readonly dir: string } & FieldLimits): Promise<SpoolResult> => {
  const declaredText = Object.values(o.fieldBytes).reduce((a, b) => a + b, 0);
  const fieldLimit = (name: string): number => (Object.hasOwn(o.fieldBytes, name) ? o.fieldBytes[name]! : o.otherFieldBytes);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > o.maxBytes + declaredText + 64 * 1024) {
    req.resume();
    return { kind: 'too_large' };
  }
  await mkdir(o.dir, { recursive: true });
  const tmp = path.join(o.dir, `upload-${randomBytes(12).toString('hex')}`);
  const dispose = (): Promise<void> => rm(tmp, { force: true });
  let parser: busboy.Busboy;
  try {
    // busboy holds one field at a time up to `fieldSize` (the largest bound), then hands it over.
    const fieldSize = Math.max(o.otherFieldBytes, ...Object.values(o.fieldBytes)) + 1;
    parser = busboy({ headers: req.headers, limits: { files: 1, fields: o.maxFields, fieldSize, fileSize: o.maxBytes + 1, parts: o.maxFields + 1 } });
  } catch (err) {
    req.resume();
    return { kind: 'malformed', detail: (err as Error).message };
  }
  const fields: Record<string, string> = {};
  let file: SpooledFile | null = null;
  let writing: Promise<void> | null = null;
  let problem: string | null = null;
  let tooLarge = false;
  let fieldTooLarge: string | null = null;

  parser.on('field', (name, value, info) => {
    const limit = fieldLimit(name);
    if (info.valueTruncated || Buffer.byteLength(value) > limit) fieldTooLarge ??= `The text field "${name}" is larger than the ${limit} bytes this service accepts.`;
    else if (Object.hasOwn(fields, name)) problem ??= `the text field "${name}" was sent twice`;
    else fields[name] = value;
  });
  const tooMany = (): void => {
    problem ??= `at most ${o.maxFields} text fields and one file may be sent`;
  };
  parser.on('fieldsLimit', tooMany);
  parser.on('partsLimit', tooMany);
  parser.on('file', (name, stream, info) => {
    if (name !== o.fileField || writing !== null || [...(info.filename ?? '')].length > MAX_FILE_NAME) {
      problem ??= name !== o.fileField ? `unexpected file part "${name}"` : writing !== null ? 'only one file may be sent' : `the file name is longer than ${MAX_FILE_NAME} characters`;
      stream.resume();
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    const head: Buffer[] = [];
    let headLength = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > o.maxBytes) tooLarge = true;
        hash.update(chunk);
        if (headLength < HEAD_BYTES) {
          const part = chunk.subarray(0, HEAD_BYTES - headLength);
          head.push(part);
          headLength += part.length;
        }
        done(null, chunk);
      },
    });
    // Past the limit busboy truncates the part and discards the rest; the file is thrown away below.
    stream.on('limit', () => {
      tooLarge = true;
    });
    writing = pipeline(stream, counter, createWriteStream(tmp)).then(() => {
      file = {
        field: name,
        fileName: info.filename ?? null,
        declaredType: info.mimeType ?? null,
        size,
        sha256: hash.digest('hex'),
        head: new Uint8Array(Buffer.concat(head)),
        open: () => readLazily(tmp),
        path: tmp,
      };
    });
  });

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
    req.on('aborted', () => reject(new Error('the client aborted the upload')));
  });
  req.pipe(parser);
  try {
    await parsed;
    if (writing !== null) await writing;
  } catch (err) {
    req.unpipe(parser);
    req.resume();
    await (writing as Promise<void> | null)?.catch(() => undefined);
    await dispose();
    return { kind: 'malformed', detail: `The multipart body is malformed: ${(err as Error).message}` };
  }
  if (tooLarge) {
    await dispose();
    return { kind: 'too_large' };
  }
  if (fieldTooLarge !== null) {
    await dispose();
    return { kind: 'field_too_large', detail: fieldTooLarge };
  }
  if (problem !== null) {
    await dispose();
    return { kind: 'malformed', detail: problem };
  }
  return { kind: 'ok', fields, file, dispose };
};
