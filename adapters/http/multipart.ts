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

/** A file part received whole into a temporary file, with what was counted on the way. */
export type SpooledFile = {
  readonly field: string;
  readonly fileName: string | null;
  readonly declaredType: string | null;
  readonly size: number;
  readonly sha256: string;
  readonly head: Uint8Array;
  /** Streams the received bytes from the start, as often as needed. */
  readonly open: () => AsyncIterable<Uint8Array>;
};

export type SpoolResult =
  | { readonly kind: 'ok'; readonly fields: Record<string, string>; readonly file: SpooledFile | null; readonly dispose: () => Promise<void> }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'malformed'; readonly detail: string };

/**
 * Receives a multipart/form-data request: text fields into memory (small, limited), the one file
 * part `fileField` streamed to a temporary file under `dir`, counting bytes and SHA-256 as it goes,
 * never holding it in memory. Past `maxBytes` it stops writing, removes the partial file, reads and
 * discards the rest of the request (so the client sees the answer) and answers `too_large`.
 */
export const spoolMultipart = async (req: IncomingMessage, o: { readonly fileField: string; readonly maxBytes: number; readonly dir: string }): Promise<SpoolResult> => {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > o.maxBytes + 64 * 1024) {
    req.resume();
    return { kind: 'too_large' };
  }
  await mkdir(o.dir, { recursive: true });
  const tmp = path.join(o.dir, `upload-${randomBytes(12).toString('hex')}`);
  const dispose = (): Promise<void> => rm(tmp, { force: true });
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { files: 1, fields: 50, fieldSize: 1024 * 1024, fileSize: o.maxBytes + 1, parts: 60 } });
  } catch (err) {
    req.resume();
    return { kind: 'malformed', detail: (err as Error).message };
  }
  const fields: Record<string, string> = {};
  let file: SpooledFile | null = null;
  let writing: Promise<void> | null = null;
  let problem: string | null = null;
  let tooLarge = false;

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) problem ??= `field ${name} is too long`;
    else fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== o.fileField || writing !== null) {
      problem ??= name !== o.fileField ? `unexpected file part "${name}"` : 'only one file may be sent';
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
        open: () => createReadStream(tmp),
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
  if (problem !== null) {
    await dispose();
    return { kind: 'malformed', detail: problem };
  }
  return { kind: 'ok', fields, file, dispose };
};
