import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { ObservedRequest } from './app.js';
import type { Gate } from '../gate.js';

// Prometheus metrics, on a listener of their own (METRICS_PORT), never on the API port. Each service
// has its own registry, so several services in one process (the specs) count apart. Label values
// are bounded: route templates, methods, statuses, fixed outcome names; never ids or raw paths.

/** Connections of the database pool: in use, idle, and requests waiting for one. */
export type PoolUse = { readonly used: number; readonly free: number; readonly pending: number; readonly max: number };

export type PurgeOutcome = 'ran' | 'skipped' | 'failed';
export type ImportOutcome = 'imported' | 'rejected' | 'failed';

export type ServiceMetrics = {
  readonly registry: Registry;
  readonly observeRequest: (r: ObservedRequest) => void;
  readonly gedcomImport: (outcome: ImportOutcome) => void;
  /** One purge run; `removed` counts what it deleted for good, by kind (persons, trees, rate-limit windows...). */
  readonly purgeRun: (outcome: PurgeOutcome, removed?: Readonly<Record<string, number>>) => void;
  /** The embedded PostgreSQL was restarted by its supervisor. */
  readonly embeddedDbRestart: () => void;
  /**
   * A statement meant for the read replica was answered by the primary: `unavailable` (the replica
   * failed moments ago and is left alone for a while) or `failed` (it failed this statement).
   */
  readonly replicaFallback: (reason: 'unavailable' | 'failed') => void;
  /** A statement the read replica answered. */
  readonly replicaRead: () => void;
  /**
   * A conditional change (If-Match) ended: `rolledBack` of its tries were rolled back because what its
   * precondition names changed between the check and the commit; `moved`: every try was, and it was answered 412.
   */
  readonly conditionalChange: (rolledBack: number, moved: boolean) => void;
  /** Where pool use is read at each scrape; without one, no pool samples are reported. */
  readonly poolSource: (read: () => PoolUse | null) => void;
  /** A gate (adapters/gate.ts) whose slots, holders and waiters are reported at each scrape, labelled `gate="<name>"`. */
  readonly gateSource: (name: string, gate: GateUse) => void;
};

/** What a scrape reads of a gate. */
export type GateUse = Pick<Gate, 'slots' | 'held' | 'waiting'>;

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] as const;

type RequestCount = { readonly labels: { readonly method: string; readonly route: string; readonly status: string }; count: number; sum: number; readonly buckets: number[] };
type Sample = { readonly labels: Readonly<Record<string, string | number>>; readonly value: number; readonly metricName?: string; readonly sharedLabels?: RequestCount['labels'] };

/**
 * http_requests_total (a counter) and http_request_duration_seconds (a histogram), by method, route
 * template and status, written out at a scrape exactly as prom-client's Counter and Histogram write
 * them, but counted per request as plain numbers of one entry per label set: prom-client hashes the
 * labels object at every inc and observe, which was about a fortieth of a search's CPU in the service
 * (issue 27). Registered in `registry` as two metrics of its own.
 */
const requestMetrics = (registry: Registry): { readonly observe: (r: ObservedRequest) => void } => {
  const counts = new Map<string, RequestCount>();
  const entries = () => [...counts.values()];
  const counter = {
    name: 'http_requests_total', help: 'HTTP requests by route template and status.', type: 'counter', aggregator: 'sum',
    get: async () => ({ name: counter.name, help: counter.help, type: counter.type, aggregator: counter.aggregator, values: entries().map((e): Sample => ({ labels: e.labels, value: e.count })) }),
  };
  // The histogram's samples as prom-client's getForPromString makes them (the label set shared, `le` its own), and `get` splays them as its does.
  const samples = (): Sample[] => entries().flatMap((e) => {
    let acc = 0;
    const name = histogram.name;
    return [
      ...DURATION_BUCKETS.map((le, i): Sample => ({ labels: { le }, value: (acc += e.buckets[i]!), metricName: `${name}_bucket`, sharedLabels: e.labels })),
      { labels: { le: '+Inf' }, value: e.count, metricName: `${name}_bucket`, sharedLabels: e.labels },
      { labels: {}, value: e.sum, metricName: `${name}_sum`, sharedLabels: e.labels },
      { labels: {}, value: e.count, metricName: `${name}_count`, sharedLabels: e.labels },
    ];
  });
  const histogram = {
    name: 'http_request_duration_seconds', help: 'Time from the request to the end of its response, by route template and status.', type: 'histogram', aggregator: 'sum',
    getForPromString: async () => ({ name: histogram.name, help: histogram.help, type: histogram.type, aggregator: histogram.aggregator, values: samples() }),
    get: async () => ({
      name: histogram.name, help: histogram.help, type: histogram.type, aggregator: histogram.aggregator,
      values: samples().map(({ sharedLabels, ...v }) => ({ ...v, labels: { ...v.labels, ...sharedLabels } })),
    }),
  };
  // prom-client's registry takes any object of this shape (its own metrics are two of them).
  registry.registerMetric(counter as unknown as Parameters<Registry['registerMetric']>[0]);
  registry.registerMetric(histogram as unknown as Parameters<Registry['registerMetric']>[0]);
  return {
    observe: (r) => {
      const key = `${r.method} ${r.status} ${r.route}`;
      let e = counts.get(key);
      if (e === undefined) counts.set(key, (e = { labels: { method: r.method, route: r.route, status: String(r.status) }, count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) }));
      e.count += 1;
      e.sum += r.seconds;
      const at = DURATION_BUCKETS.findIndex((le) => r.seconds <= le);
      if (at >= 0) e.buckets[at]! += 1;
    },
  };
};

export const createMetrics = (opts: { readonly processMetrics?: boolean } = {}): ServiceMetrics => {
  const registry = new Registry();
  if (opts.processMetrics === true) collectDefaultMetrics({ register: registry });
  const requests = requestMetrics(registry);
  const imports = new Counter({ name: 'gedcom_imports_total', help: 'GEDCOM imports by outcome (imported, rejected: a client error, failed: a fault).', labelNames: ['outcome'], registers: [registry] });
  const purges = new Counter({ name: 'purge_runs_total', help: 'Purge runs by outcome (skipped: another instance held the lock).', labelNames: ['outcome'], registers: [registry] });
  const purged = new Counter({ name: 'purged_records_total', help: 'Records removed for good by the purge, by kind.', labelNames: ['kind'], registers: [registry] });
  const restarts = new Counter({ name: 'embedded_db_restarts_total', help: 'Restarts of the embedded PostgreSQL by its supervisor.', registers: [registry] });
  const fallbacks = new Counter({
    name: 'db_replica_fallbacks_total',
    help: 'Reads meant for the read replica that the primary answered, by reason (unavailable: the replica failed moments ago; failed: it failed this read).',
    labelNames: ['reason'],
    registers: [registry],
  });
  for (const reason of ['unavailable', 'failed']) fallbacks.inc({ reason }, 0);
  const replicaReads = new Counter({ name: 'db_replica_reads_total', help: 'Statements the read replica answered.', registers: [registry] });
  const rollbacks = new Counter({
    name: 'conditional_change_rollbacks_total',
    help: 'Tries of conditional changes (If-Match) rolled back because their tree or record changed between the check and the commit; each is tried again, up to 5 times.',
    registers: [registry],
  });
  const moved = new Counter({ name: 'conditional_changes_moved_total', help: 'Conditional changes answered 412 because every try was rolled back (the tree kept changing).', registers: [registry] });
  for (const outcome of ['imported', 'rejected', 'failed']) imports.inc({ outcome }, 0);
  for (const outcome of ['ran', 'skipped', 'failed']) purges.inc({ outcome }, 0);

  let readPool: () => PoolUse | null = () => null;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (used, free, pending: requests waiting for a connection).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const use = readPool();
      if (use === null) return;
      this.set({ state: 'used' }, use.used);
      this.set({ state: 'free' }, use.free);
      this.set({ state: 'pending' }, use.pending);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the database pool opens.',
    registers: [registry],
    collect() {
      this.reset();
      const use = readPool();
      if (use !== null) this.set(use.max);
    },
  });

  // The gates of work that takes turns in this process (name searches, GEDCOM streams, long writes,
  // tree-wide analyses): a queue that grows says the instance is short of what that work needs.
  const gates = new Map<string, GateUse>();
  const gateGauge = (name: string, help: string, read: (g: GateUse) => number): void => {
    new Gauge({
      name, help, labelNames: ['gate'], registers: [registry],
      collect() {
        this.reset();
        for (const [label, g] of gates) this.set({ gate: label }, read(g));
      },
    });
  };
  gateGauge('gate_slots', 'How many may hold a slot of the gate at once (work that takes turns in this process).', (g) => g.slots);
  gateGauge('gate_held', 'Slots of the gate held now.', (g) => g.held());
  gateGauge('gate_waiting', 'Callers waiting for a slot of the gate now, first come first served.', (g) => g.waiting());

  return {
    registry,
    observeRequest: requests.observe,
    gedcomImport: (outcome) => imports.inc({ outcome }),
    purgeRun: (outcome, removed = {}) => {
      purges.inc({ outcome });
      for (const [kind, n] of Object.entries(removed)) if (n > 0) purged.inc({ kind }, n);
    },
    embeddedDbRestart: () => restarts.inc(),
    replicaFallback: (reason) => fallbacks.inc({ reason }),
    replicaRead: () => replicaReads.inc(),
    conditionalChange: (rolledBack, gaveUp) => {
      if (rolledBack > 0) rollbacks.inc(rolledBack);
      if (gaveUp) moved.inc();
    },
    gateSource: (name, gate) => {
      gates.set(name, gate);
    },
    poolSource: (read) => {
      readPool = read;
    },
  };
};

export type MetricsListener = { readonly port: number; readonly address: AddressInfo; readonly close: () => Promise<void> };

/** Serves GET /metrics (and only that) on `host:port`; port 0 picks a free one. */
export const startMetricsListener = async (metrics: ServiceMetrics, at: { readonly host: string; readonly port: number }): Promise<MetricsListener> => {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n'),
    );
  });
  server.listen(at.port, at.host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    address,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
