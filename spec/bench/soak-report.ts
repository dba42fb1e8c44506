import { ms } from './harness.js';
import { percentiles, type Recorder } from './load.js';
import { groupOf } from './soak-mix.js';

/** Table rows: all requests, then each caller group followed by its kinds (with their statuses). */
export const latencyRows = (r: Recorder): [string, string][] => {
  const kinds = [...r.byKind.keys()].sort();
  const groups = [...new Set(kinds.map(groupOf))];
  const line = (xs: number[], errors: number) => {
    const p = percentiles(xs);
    return `${String(p.count).padStart(7)} req, ${String(errors).padStart(4)} err, p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, p99 ${ms(p.p99)}, max ${ms(p.max)}`;
  };
  const errorsOf = (select: (k: string) => boolean) => kinds.filter(select).reduce((n, k) => n + r.byKind.get(k)!.errors, 0);
  const inGroup = (g: string) => (k: string) => groupOf(k) === g;
  const kindRow = (k: string): [string, string] => {
    const s = r.byKind.get(k)!;
    return [`  ${k}`, `${line(s.latencies, s.errors)}  [${[...s.statuses].map(([status, n]) => `${status}:${n}`).join(' ')}]`];
  };
  return [
    ['all requests', line(r.latencies(), r.errors)],
    ...groups.flatMap((g): [string, string][] => [[g, line(r.latencies(inGroup(g)), errorsOf(inGroup(g)))], ...kinds.filter(inGroup(g)).map(kindRow)]),
  ];
};

/** The JSON form of a phase. */
export const summary = (r: Recorder) => ({
  completed: r.completed,
  errors: r.errors,
  errorSamples: r.samples,
  latencyMs: percentiles(r.latencies()),
  byKind: Object.fromEntries([...r.byKind].map(([k, s]) => [k, { ...percentiles(s.latencies), errors: s.errors, statuses: Object.fromEntries(s.statuses) }])),
});
