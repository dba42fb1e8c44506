import type { FuzzReport, Outcome } from './fuzzer.js';

export const statusLine = (r: FuzzReport): string =>
  [...r.counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}: ${n}`).join(', ');

export const describeOutcome = (o: Outcome): string =>
  [
    `#${o.index} ${o.operationId} as ${o.caller} [${o.mutation}] -> ${o.status === 0 ? 'no answer' : o.status} in ${o.ms} ms${o.error ? ` (${o.error})` : ''}`,
    `    ${o.method} ${o.path}`,
    `    body: ${o.body}`,
    ...(o.headers ? [`    headers: ${o.headers}`] : []),
    ...(o.detail ? [`    answer: ${o.detail}`] : []),
    `    replay: npm run fuzz -- --seed ${o.seed} --only ${o.index}`,
  ].join('\n');

/** One line per failure, for an assertion message. */
export const failureLine = (o: Outcome): string =>
  `#${o.index} ${o.operationId} as ${o.caller} [${o.mutation.slice(0, 120)}] -> ${o.status === 0 ? `no answer (${o.error ?? ''})` : o.status} in ${o.ms} ms: ${o.method} ${o.path.slice(0, 120)}`;

/** Failures grouped by operation and mutation (without the field), the first of each shown whole. */
export const failureGroups = (failures: readonly Outcome[]): Map<string, Outcome[]> => {
  const groups = new Map<string, Outcome[]>();
  for (const f of failures) {
    const why = f.status >= 500 ? String(f.status) : f.status === 0 ? 'no answer' : 'slow';
    const key = `${f.operationId} ${f.mutation.replace(/@[^+]*/g, '')} -> ${why}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return groups;
};

export const formatReport = (r: FuzzReport, slowest = 5): string => {
  const lines = [
    `fuzz: seed ${r.seed}, ${r.requests} requests (+${r.setupRequests} to seed the world) in ${r.seconds.toFixed(1)} s`,
    `  statuses: ${statusLine(r)}`,
    `  slowest: ${r.slowest.slice(0, slowest).map((o) => `${o.ms} ms ${o.operationId} [${o.mutation}] #${o.index}`).join('; ')}`,
  ];
  if (r.unexercised.length > 0) lines.push(`  operations never reached: ${r.unexercised.join(', ')}`);
  const groups = failureGroups(r.failures);
  if (groups.size > 0) {
    lines.push(`  FAILURES: ${r.failures.length} requests (5xx, no answer, or slower than the bound) in ${groups.size} kinds:`);
    for (const [key, list] of groups) lines.push(`  - ${key} (x${list.length})`, ...list.slice(0, 2).map((o) => `    ${describeOutcome(o).replaceAll('\n', '\n    ')}`));
  }
  return lines.join('\n');
};
