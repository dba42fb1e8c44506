import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { looksLikeZip } from '../adapters/archive/gedzip-reader.js';
import type { SpooledUpload } from '../adapters/archive/gedzip-upload.js';
import { countIndividuals, EXIT, type Outcome } from './cli-output.js';
import type { Progress } from './cli-progress.js';

// The files of bootstrap/cli.ts: the GEDCOM (or GEDZIP) it reads, with its bytes counted for the
// progress bar, and the file an export writes.

/** An expected end of the run: its message and exit code, thrown to unwind to main. */
export type Stop = Error & { readonly outcome: Outcome };
export const isStop = (e: unknown): e is Stop => e instanceof Error && 'outcome' in e;
export const end = (outcome: Outcome): never => {
  throw Object.assign(new Error(outcome.message), { outcome });
};
export const stop = (code: number, message: string): never => end({ code, message });

export const exists = (p: string): Promise<boolean> => stat(p).then(() => true, () => false);

/** The size of a readable file, or a usage error naming it. */
export const fileSize = async (file: string): Promise<number> => {
  const s = await stat(file).catch(() => stop(EXIT.usage, `No such file: ${file}`));
  if (!s.isFile()) stop(EXIT.usage, `Not a file: ${file}`);
  return s.size;
};

async function* counted(bytes: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  let n = 0;
  for await (const chunk of bytes) {
    n += chunk.length;
    onBytes(n);
    yield chunk;
  }
}

const head = async (file: string): Promise<Uint8Array> => {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/**
 * The file as the HTTP routes hand an upload to withGedcomUpload (a .gdz is told by its first
 * bytes). The import and the preview read a GEDCOM file twice (core/gedcom/import-scan.ts), so the
 * bar's bytes run over both passes; a .gdz's GEDCOM is read from inside the zip, uncounted.
 */
export const localUpload = async (file: string, size: number, progress: Progress): Promise<{ readonly upload: SpooledUpload; readonly zipped: boolean }> => {
  const first = await head(file);
  let opened = 0;
  const open = (): AsyncIterable<Uint8Array> => {
    const before = opened++ * size;
    return counted(createReadStream(file), (n) => progress.bytes(before + n));
  };
  return { upload: { head: first, path: file, open }, zipped: looksLikeZip(first) };
};

/** The writer's records as UTF-8 pieces of about 64 KiB, counting the persons and bytes that pass. */
async function* utf8Chunks(lines: AsyncIterable<string>, counts: { persons: number; bytes: number }, onPersons: (n: number) => void): AsyncGenerator<Buffer> {
  let pending: string[] = [];
  let size = 0;
  const flush = (): Buffer => {
    const b = Buffer.from(pending.join(''), 'utf8');
    counts.bytes += b.length;
    pending = [];
    size = 0;
    return b;
  };
  for await (const text of lines) {
    counts.persons += countIndividuals(text);
    onPersons(counts.persons);
    pending.push(text);
    size += text.length;
    if (size >= 64 * 1024) yield flush();
  }
  yield flush();
}

/**
 * Writes the export to `out` (through `zip` for a .gdz), via a file beside it renamed at the end: a
 * failed export leaves no half file behind (and an existing `out` as it was). Answers the persons
 * and the bytes of the file written.
 */
export const writeExport = async (
  out: string, lines: AsyncIterable<string>, progress: Progress, zip?: (gedcom: AsyncIterable<Uint8Array>) => Readable,
): Promise<{ readonly persons: number; readonly bytes: number }> => {
  const target = path.resolve(out);
  const partial = `${target}.${process.pid}.partial`;
  const counts = { persons: 0, bytes: 0 };
  try {
    const gedcom = utf8Chunks(lines, counts, progress.persons);
    await pipeline(zip === undefined ? gedcom : zip(gedcom), createWriteStream(partial));
    await rename(partial, target);
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  }
  return { persons: counts.persons, bytes: (await stat(target)).size };
};
