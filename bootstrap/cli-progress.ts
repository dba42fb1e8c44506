import { grouped, perSecond } from './cli-output.js';

// The CLI's progress on stderr: on a terminal one line redrawn in place, elsewhere (a log, a pipe)
// a plain line every few seconds. The line itself is a pure function of a snapshot.

export type ProgressSnapshot = {
  /** What is running: 'import', 'preview', 'export'. */
  readonly task: string;
  readonly records: number;
  readonly persons: number;
  /** Bytes of the file read so far, and its size (0: unknown, no ETA). */
  readonly bytes: number;
  readonly totalBytes: number;
  readonly elapsedMs: number;
  /** Since the stage began: records restart with each pass, so their rate is the stage's. */
  readonly stageMs?: number;
};

const clock = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
};

/**
 * The time left, from the share of the file read so far, or null while nothing is read or once all
 * of it is (the writing after the last byte has no measure of its own).
 */
export const etaMs = (s: Pick<ProgressSnapshot, 'bytes' | 'totalBytes' | 'elapsedMs'>): number | null =>
  s.totalBytes <= 0 || s.bytes <= 0 || s.bytes >= s.totalBytes ? null : (s.elapsedMs * (s.totalBytes - s.bytes)) / s.bytes;

/** `import pass 2/2: 12,000 records read, 9,500 persons written, 4,100 records/s, 74%, ETA 0:07 (0:21)` */
export const progressLine = (s: ProgressSnapshot): string => {
  const parts: string[] = [];
  if (s.records > 0) parts.push(`${grouped(s.records)} records read`);
  if (s.persons > 0 || s.totalBytes <= 0) parts.push(`${grouped(s.persons)} persons written`);
  // The rate of whatever moves: records while reading, persons when only they are counted (export), else bytes.
  if (s.records > 0) parts.push(`${grouped(perSecond(s.records, s.stageMs ?? s.elapsedMs))} records/s`);
  else if (s.persons > 0 || s.totalBytes <= 0) parts.push(`${grouped(perSecond(s.persons, s.elapsedMs))} persons/s`);
  else parts.push(`${(perSecond(s.bytes, s.elapsedMs) / 1e6).toFixed(1)} MB/s`);
  if (s.totalBytes > 0) {
    parts.push(`${Math.min(100, Math.floor((100 * s.bytes) / s.totalBytes))}%`);
    const eta = etaMs(s);
    parts.push(eta === null ? (s.bytes >= s.totalBytes ? 'file read' : 'ETA --') : `ETA ${clock(eta)}`);
  }
  return `${s.task}: ${parts.join(', ')} (${clock(s.elapsedMs)})`;
};

/** What to write for a snapshot: a terminal gets the line redrawn in place, cut to its width so it cannot wrap. */
export const renderProgress = (line: string, tty: boolean, columns: number | undefined): string =>
  tty ? `\r${columns !== undefined && columns > 1 ? line.slice(0, columns - 1) : line}\x1b[K` : `${line}\n`;

export type ProgressSink = { readonly isTTY?: boolean; readonly columns?: number; readonly write: (text: string) => unknown };

export type Progress = {
  readonly records: (n: number) => void;
  readonly persons: (n: number) => void;
  readonly bytes: (n: number) => void;
  /** The file's size once known (0: none, no ETA). */
  readonly total: (bytes: number) => void;
  /** A new stage of the task (`import pass 2/2`) with its own count of records: drawn at once. */
  readonly stage: (task: string, records?: number) => void;
  /** The last state, always written; a terminal's line is ended so that what follows starts clean. */
  readonly done: () => void;
};

/** Terminal redraws at most every 100 ms; plain lines every `plainEveryMs` (default 5 s). */
export const createProgress = (
  firstTask: string,
  firstTotal: number,
  sink: ProgressSink,
  options: { readonly now?: () => number; readonly plainEveryMs?: number } = {},
): Progress => {
  const now = options.now ?? Date.now;
  const tty = sink.isTTY === true;
  const every = tty ? 100 : (options.plainEveryMs ?? 5000);
  const started = now();
  let last = started;
  let stageStarted = started;
  const state = { records: 0, persons: 0, bytes: 0 };
  let task = firstTask;
  let totalBytes = firstTotal;
  const draw = (): void => {
    const at = now();
    last = at;
    sink.write(renderProgress(progressLine({ task, totalBytes, ...state, elapsedMs: at - started, stageMs: at - stageStarted }), tty, sink.columns));
  };
  const tick = (): void => {
    if (now() - last >= every) draw();
  };
  return {
    records: (n) => {
      state.records = n;
      tick();
    },
    persons: (n) => {
      state.persons = n;
      tick();
    },
    bytes: (n) => {
      state.bytes = n;
      tick();
    },
    total: (bytes) => {
      totalBytes = bytes;
    },
    stage: (next, records = 0) => {
      if (next === task) return;
      task = next;
      stageStarted = now();
      state.records = records;
      draw();
    },
    done: () => {
      draw();
      if (tty) sink.write('\n');
    },
  };
};
