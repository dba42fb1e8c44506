import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { send } from './http.js';
import { multipartBody } from './multipart.js';
import { api, type Account, type World } from './world.js';

// Stalled readers (issue 23): raw sockets that ask for a streamed answer (a GEDCOM export, an
// account export, a person list without limit, a media file) and never read past its first chunk,
// while the fuzzer's other requests run. The service cuts such a reader off once it has accepted no
// bytes for SEND_TIMEOUT_MS and runs at most STREAMS_PER_USER streamed answers per account at once
// (429 too_many_streams): the other requests must still be answered, below the bound, never 5xx.

export type StalledReader = {
  readonly who: string;
  readonly route: string;
  readonly path: string;
  readonly opened: number;
  /** The status of the answer's first line; null until a first chunk came. */
  status: number | null;
  /** Bytes read before the reader stopped reading (its first chunk). */
  received: number;
  firstChunkMs: number | null;
  error?: string;
  socket: Socket;
};

export type StallOutcome = {
  readonly wave: number;
  readonly who: string;
  readonly route: string;
  readonly status: number | null;
  readonly received: number;
  readonly firstChunkMs: number | null;
  /** A probe: how long after the wave opened it was answered. */
  readonly atMs?: number;
  readonly error?: string;
  /** A reason it counts as a failure: a 5xx, or no first chunk within the bound. */
  readonly failure?: string;
};

/** Bytes that do not compress, just under the fuzz service's 1 MiB upload limit. */
const BIG_MEDIA_BYTES = 1024 * 1024 - 4096;
/**
 * Big media files a wave uploads to the main tree: a paused reader's socket buffers on loopback take
 * some 4 MB, so an export must be larger than that for its reader to stall (a single media file fits).
 */
const BIG_MEDIA_FILES = 6;

/** Uploads a media file of BIG_MEDIA_BYTES to the main tree (as its owner); its id, or null. */
export const uploadBigMedia = async (w: World): Promise<string | null> => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const upload = multipartBody([{ name: 'file', filename: 'big.png', contentType: 'image/png', data: Buffer.concat([png, randomBytes(BIG_MEDIA_BYTES)]) }, { name: 'title', data: 'stalled' }]);
  const r = await api(w, w.accounts.owner, 'POST', `/trees/${w.mainTree}/media`, undefined, upload);
  return r.status === 201 && typeof r.json?.id === 'string' ? (r.json.id as string) : null;
};

/** Opens a socket that sends one GET and stops reading after the first chunk of the answer. */
const openReader = (w: World, who: string, account: Account | null, route: string, path: string): StalledReader => {
  const url = new URL(w.baseUrl);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  const reader: StalledReader = { who, route, path, opened: Date.now(), status: null, received: 0, firstChunkMs: null, socket };
  socket.on('error', (e) => {
    reader.error ??= e.message;
  });
  socket.once('data', (chunk: Buffer) => {
    socket.pause();
    reader.received = chunk.length;
    reader.firstChunkMs = Date.now() - reader.opened;
    const m = /^HTTP\/1\.1 (\d{3})/.exec(chunk.subarray(0, 32).toString('latin1'));
    reader.status = m ? Number(m[1]) : 0;
  });
  const auth = account === null ? '' : `Authorization: Bearer ${account.token}\r\n`;
  socket.write(`GET ${w.basePath}${path} HTTP/1.1\r\nHost: ${url.host}\r\n${auth}Accept: */*\r\nConnection: keep-alive\r\n\r\n`);
  return reader;
};

export type Wave = {
  readonly number: number;
  readonly opened: number;
  readonly readers: readonly StalledReader[];
  /** The main tree the wave stalls on: the probe exports it again. */
  readonly tree: string;
  /** The big media files uploaded for it: removed once it is probed (later exports stay small). */
  readonly media: readonly string[];
  /** When to probe next (the first: once the readers have stalled past SEND_TIMEOUT_MS). */
  nextProbe: number;
  /** Past this, a probe answered 429 is a failure: the service kept a stalled reader's place (Infinity: probe until it is free). */
  readonly deadline: number;
  /** How long a probe waits for its answer (Infinity: until it comes). */
  readonly probeTimeoutMs: number;
  probed: boolean;
};

/** The export the viewer's readers stall on: a GEDZIP with the tree's media, several MB. */
const gedzipExport = (tree: string): string => `/trees/${tree}/gedcom/export?version=7.0&media=true`;

/**
 * A wave of stalled readers on the main tree, after BIG_MEDIA_FILES big media files were uploaded
 * to it: three GEDZIP exports as the viewer (the third past STREAMS_PER_USER), the owner's account
 * export (with those files too), a media file and a person list as the editor, and two of the
 * public lists as an anonymous caller (one client address: one caller).
 */
export const openWave = async (w: World, number: number, sendTimeoutMs: number, bounded = true): Promise<Wave> => {
  const tree = w.mainTree;
  const media: string[] = [];
  for (let i = 0; i < BIG_MEDIA_FILES; i++) {
    const id = await uploadBigMedia(w);
    if (id !== null) media.push(id);
  }
  const { viewer, editor, owner } = w.accounts;
  const targets: [string, Account | null, string, string][] = [
    ['viewer', viewer, 'exportGedcom', gedzipExport(tree)],
    ['viewer', viewer, 'exportGedcom', gedzipExport(tree)],
    ['viewer', viewer, 'exportGedcom', gedzipExport(tree)],
    ['owner', owner, 'exportAccount', '/users/me/export'],
    ...(media.length === 0 ? [] : [['editor', editor, 'getMediaContent', `/media/${media[0]}/content`] as [string, Account | null, string, string]]),
    ['editor', editor, 'listPersons', `/trees/${tree}/persons`],
    ['anonymous', null, 'publicPersons', `/public/trees/${tree}/persons`],
    ['anonymous', null, 'publicEvents', `/public/trees/${tree}/events`],
  ];
  const readers: StalledReader[] = [];
  for (const [who, account, route, path] of targets) {
    readers.push(openReader(w, who, account, route, path));
    // In order: the viewer's first two hold its places before the third asks.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The cut comes SEND_TIMEOUT_MS after the buffers fill, checked every quarter of it, and the clock
  // does not run while an export waits for a producer's slot (spool.ts): under the run's load that
  // took up to 6.3 s with a 2 s bound. The probe tries from 1.5 s past the bound, for 14 s in all.
  const opened = Date.now();
  return {
    number, opened, readers, tree, media, nextProbe: opened + sendTimeoutMs + 1500, probed: false,
    deadline: bounded ? opened + 3 * sendTimeoutMs + 8000 : Infinity, probeTimeoutMs: bounded ? 10_000 : Infinity,
  };
};

/**
 * Once the wave's readers have stalled longer than SEND_TIMEOUT_MS, the viewer exports the tree
 * again and reads it whole: not 429, since the service cut its stalled readers off and freed their
 * places. A 429 before the wave's deadline: null, probe again later; at the deadline, a failure (a
 * stalled reader still holds its place).
 */
export const probeWave = async (w: World, wave: Wave): Promise<StallOutcome | null> => {
  const headers = { Accept: '*/*', Authorization: `Bearer ${w.accounts.viewer.token}` };
  const r = await send(w.baseUrl, { method: 'GET', path: `${w.basePath}${gedzipExport(wave.tree)}`, headers }, w.agent, wave.probeTimeoutMs);
  w.setupRequests++;
  if (r.status === 429 && Date.now() < wave.deadline) {
    wave.nextProbe = Date.now() + 500;
    return null;
  }
  wave.probed = true;
  for (const id of wave.media) await api(w, w.accounts.owner, 'DELETE', `/media/${id}`);
  const failure = r.status === 429 ? `the stalled readers still hold their places ${Date.now() - wave.opened} ms after they stalled (429)` : r.status >= 500 || r.status === 0 ? `answered ${r.status || 'nothing'}` : undefined;
  return {
    wave: wave.number, who: 'viewer', route: 'exportGedcom (probe)', status: r.status, received: r.body.length, firstChunkMs: Math.round(r.ms), atMs: Date.now() - wave.opened,
    ...(r.error === undefined ? {} : { error: r.error }), ...(failure === undefined ? {} : { failure }),
  };
};

/** What each reader of the wave saw; then its socket is destroyed. */
export const closeWave = (wave: Wave, slowMs: number): StallOutcome[] =>
  wave.readers.map((r) => {
    r.socket.destroy();
    const failure =
      r.status === null ? (Date.now() - r.opened > slowMs ? `no answer in ${Date.now() - r.opened} ms` : undefined)
        : r.status >= 500 || r.status === 0 ? `answered ${r.status}`
          : r.firstChunkMs !== null && r.firstChunkMs > slowMs ? `first chunk after ${r.firstChunkMs} ms` : undefined;
    return {
      wave: wave.number, who: r.who, route: r.route, status: r.status, received: r.received, firstChunkMs: r.firstChunkMs,
      ...(r.error === undefined ? {} : { error: r.error }), ...(failure === undefined ? {} : { failure }),
    };
  });
