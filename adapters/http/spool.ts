import { mkdir, mkdtemp, open as openFile, rm, type FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { gate, type Gate } from '../gate.js';

/**
 * A streamed answer whose producer holds something scarce while it runs (the GEDCOM export holds a
 * pooled connection and one REPEATABLE READ snapshot), decoupled from the client: once the client
 * pulls the first bytes, the producer runs at its own pace, and the client reads as fast or as
 * slowly as it likes. What the client has not read yet is held in memory up to `memoryBytes`
 * (MEMORY_BYTES), then, from the first piece that would pass that on, in a temporary file under
 * `dir`: a client that keeps up costs no file (writing and reading back an export's 39 MB was
 * 0.1-0.3 s of the service's CPU: issue 27), a client that stalls holds at most that memory and a file,
 * never the database. A client that goes away stops the producer (its iterator is returned, which
 * ends the snapshot) and the file is removed. The producer's failure cuts the answer short, as it
 * would unspooled. Nothing runs and no file exists before the first pull, so an answer that is
 * refused before it is sent (429) costs nothing. The source hands each piece over: it never writes
 * into a piece again once it has yielded it (utf8-chunks.ts), so the spool holds pieces as they are.
 */
export const spooled = (source: AsyncIterable<Uint8Array>, dir: string, gate: Gate = producers, memoryBytes = MEMORY_BYTES): AsyncIterable<Uint8Array> => ({
  [Symbol.asyncIterator]: () => spool(source, dir, gate, memoryBytes),
});

/** What a spool holds in memory for a client that has not read it yet, before it writes to a file. */
export const MEMORY_BYTES = 2 * 1024 * 1024;

/**
 * Spooled producers running at once in this process, one per two cores: an export runs as fast as
 * the database and a core allow, so twenty at once starved every other request of CPU (a search
 * that takes 30 ms took 5 s). The others wait for a slot, first come first served (their clients
 * have the status and wait for the first bytes; SEND_TIMEOUT_MS does not run while nothing waits to
 * be sent). Exports take as long in all as in parallel; the first ones finish sooner.
 */
export const ONE_PER_TWO_CORES = Math.max(1, Math.floor(availableParallelism() / 2));
export const producers = gate(ONE_PER_TWO_CORES);

const READ_BYTES = 64 * 1024;

/**
 * The spool as a plain iterator rather than a generator: a generator's `return()` waits behind a
 * pending `next()`, so a client that went away while its export waited for a slot would have the
 * export run in full before it stopped. Here `return()` wakes a waiting `next()` (done) at once.
 */
const spool = (source: AsyncIterable<Uint8Array>, dir: string, slots: Gate, memoryBytes: number): AsyncIterator<Uint8Array> => {
  let folder: string | null = null;
  let writer: FileHandle | null = null;
  let reader: FileHandle | null = null;
  /** Pieces not read yet, in order, before any that went to the file. */
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let written = 0;
  let readAt = 0;
  let done = false;
  let failure: unknown = null;
  let stopped = false;
  let entered = false;
  let wake: (() => void) | null = null;
  let producing: Promise<void> | null = null;
  let reading: Promise<unknown> = Promise.resolve();
  let opened: Promise<void> | null = null;
  let closed: Promise<void> | null = null;
  const buffer = Buffer.alloc(READ_BYTES);
  const signal = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };
  const open = (): Promise<void> =>
    (opened ??= (async () => {
      await mkdir(dir, { recursive: true });
      folder = await mkdtemp(path.join(dir, 'spool-'));
      const file = path.join(folder, 'body');
      writer = await openFile(file, 'w+', 0o600);
      reader = await openFile(file, 'r');
    })());
  const produce = async (): Promise<void> => {
    const leave = await slots.enter();
    if (stopped) {
      // The client went away while this waited for a slot: the source never starts.
      leave();
      return;
    }
    entered = true;
    const it = source[Symbol.asyncIterator]();
    try {
      for (;;) {
        if (stopped) break;
        const next = await it.next();
        if (next.done) break;
        // Held while what is held stays within memoryBytes and nothing went to the file yet (the order).
        if (opened === null && heldBytes + next.value.length <= memoryBytes) {
          // As it is: the source hands each piece over and never writes into it again (utf8-chunks.ts).
          held.push(next.value);
          heldBytes += next.value.length;
          signal();
          continue;
        }
        await open();
        let at = 0;
        while (at < next.value.length) {
          const { bytesWritten } = await writer!.write(next.value, at, next.value.length - at, written);
          at += bytesWritten;
          written += bytesWritten;
        }
        signal();
      }
    } catch (err) {
      failure = err;
    } finally {
      if (stopped) await it.return?.().catch(() => undefined);
      leave();
      done = true;
      signal();
    }
  };
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      stopped = true;
      signal();
      held.length = 0;
      // A producer still waiting for a slot is not waited for: it will see `stopped` and never start.
      if (entered) await producing;
      await opened?.catch(() => undefined);
      await reading.catch(() => undefined);
      await reader?.close().catch(() => undefined);
      await writer?.close().catch(() => undefined);
      if (folder !== null) await rm(folder, { recursive: true, force: true });
    })());
  const end = { done: true, value: undefined } as const;
  return {
    next: async () => {
      if (stopped) return end;
      producing ??= produce();
      for (;;) {
        if (stopped) return end;
        const piece = held.shift();
        if (piece !== undefined) {
          heldBytes -= piece.length;
          return { done: false, value: piece };
        }
        if (readAt < written) {
          const read = reader!.read(buffer, 0, Math.min(READ_BYTES, written - readAt), readAt);
          reading = read;
          const { bytesRead } = await read;
          readAt += bytesRead;
          // A copy: the client's socket may still hold the bytes when the buffer is read into again.
          return { done: false, value: Buffer.from(buffer.subarray(0, bytesRead)) };
        }
        if (done) {
          await close();
          if (failure !== null) throw failure;
          return end;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (held.length > 0 || readAt < written || done || stopped) signal();
        });
      }
    },
    return: async () => {
      await close();
      return end;
    },
  };
};
