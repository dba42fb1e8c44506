import type { FuzzReport, Outcome } from './fuzzer.js';

export const statusLine = (r: FuzzReport): string =>
  [...r.counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}: ${n}`).join(', ');

export const describeOutcome = (o: Outcome): string =>
  [
    `#${o.index} ${o.operationId} as ${o.caller} [${o.mutation}] -> ${o.status === 0 ? 'no answer' : o.status} in ${o.ms} ms${o.error ? ` (${o.error})` : ''}${o.unexpected ? `: ${o.unexpected}` : ''}`,
    `    ${o.method} ${o.path}`,
    `    body: ${o.body}`,
    ...(o.headers ? [`    headers: ${o.headers}`] : []),
    ...(o.detail ? [`    answer: ${o.detail}`] : []),
    o.index < 0 ? '    replay: npm run fuzz -- --seed S (a whole run: stalled readers run beside its requests)' : `    replay: npm run fuzz -- --seed ${o.seed} --only ${o.index}`,
  ].join('\n');

/** One line per failure, for an assertion message. */
export const failureLine = (o: Outcome): string =>
  `#${o.index} ${o.operationId} as ${o.caller} [${o.mutation.slice(0, 120)}] -> ${o.status === 0 ? `no answer (${o.error ?? ''})` : o.status} in ${o.ms} ms${o.unexpected ? ` (${o.unexpected})` : ''}: ${o.method} ${o.path.slice(0, 120)}`;

/** Failures grouped by operation and mutation (without the field), the first of each shown whole. */
export const failureGroups = (failures: readonly Outcome[]): Map<string, Outcome[]> => {
  const groups = new Map<string, Outcome[]>();
  for (const f of failures) {
    const why = f.unexpected ? `unexpected: ${f.unexpected.replace(/\d+/g, 'N')}` : f.status >= 500 ? String(f.status) : f.status === 0 ? 'no answer' : 'slow';
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
  if (r.shapes.size > 0) {
    lines.push(`  shapes (issue 23), ${r.providerCalls} provider calls:`);
    const byShape = [...r.shapes.entries()].sort(([a], [b]) => a.localeCompare(b));
    for (const [shape, statuses] of byShape) lines.push(`    ${shape}: ${[...statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s} x${n}`).join(', ')}`);
  }
  if (r.headerKinds.size > 0) {
    lines.push('  headers (issue 30: preconditions, origins, preflights):');
    const byKind = [...r.headerKinds.entries()].sort(([a], [b]) => a.localeCompare(b));
    for (const [kind, statuses] of byKind) lines.push(`    ${kind}: ${[...statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s} x${n}`).join(', ')}`);
  }
  if (r.stalls.length > 0) {
    const seen = new Map<string, number>();
    for (const s of r.stalls.filter((x) => x.atMs === undefined)) seen.set(`${s.route} as ${s.who}: ${s.status ?? 'no answer'}`, (seen.get(`${s.route} as ${s.who}: ${s.status ?? 'no answer'}`) ?? 0) + 1);
    const probes = r.stalls.filter((x) => x.atMs !== undefined).map((x) => `wave ${x.wave}: ${x.status} at ${x.atMs} ms`);
    lines.push(`  stalled readers: ${[...seen.entries()].map(([k, n]) => `${k} x${n}`).join('; ')}; probes (the viewer exports again): ${probes.join(', ')}`);
  }
  if (r.unexercised.length > 0) lines.push(`  operations never reached: ${r.unexercised.join(', ')}`);
  const groups = failureGroups(r.failures);
  if (groups.size > 0) {
    lines.push(`  FAILURES: ${r.failures.length} requests (5xx, no answer, or slower than the bound) in ${groups.size} kinds:`);
    for (const [key, list] of groups) lines.push(`  - ${key} (x${list.length})`, ...list.slice(0, 2).map((o) => `    ${describeOutcome(o).replaceAll('\n', '\n    ')}`));
  }
  return lines.join('\n');
};

/**
 * The process warnings emitted while a run goes (the service runs in this process): a file handle
 * closed by the garbage collector is a descriptor a request left open. Printed, not failed on.
 */
export const watchWarnings = (): { readonly stop: () => string[] } => {
  const seen = new Map<string, number>();
  const on = (w: Error) => {
    const key = `${w.name}: ${w.message.replace(/\d+/g, 'N')}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  };
  process.on('warning', on);
  return {
    stop: () => {
      process.off('warning', on);
      return [...seen.entries()].map(([k, n]) => `${k} (x${n})`);
    },
  };
};
