import { expect } from 'chai';
import { Counter, Histogram, Registry, type OpenMetricsContentType } from 'prom-client';
import { createMetrics } from '../../adapters/http/metrics.js';

// Issue 27: the request counter and duration histogram are counted as plain numbers per label set
// (adapters/http/metrics.ts requestMetrics), not by prom-client's Counter and Histogram, which hash
// the labels at every request. A scrape must read exactly as theirs did.

describe('the request metrics as prom-client writes them', () => {
  it('scrape the same text as a prom-client Counter and Histogram fed the same requests', async () => {
    const ours = createMetrics();
    const theirs = new Registry();
    const labelNames = ['method', 'route', 'status'];
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by route template and status.', labelNames, registers: [theirs] });
    const durations = new Histogram({
      name: 'http_request_duration_seconds', help: 'Time from the request to the end of its response, by route template and status.', labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers: [theirs],
    });
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const routes = ['/api/v1/trees/{id}', '/api/v1/persons/{id}', 'unmatched', '/healthz', '/api/v1/trees/{id}/persons'];
    for (let i = 0; i < 2000; i++) {
      const r = { method: rnd() < 0.8 ? 'GET' : 'POST', route: routes[Math.floor(rnd() * routes.length)]!, status: [200, 201, 404, 500][Math.floor(rnd() * 4)]!, seconds: rnd() < 0.02 ? 40 + rnd() : rnd() ** 4 * 3 };
      ours.observeRequest(r);
      const labels = { method: r.method, route: r.route, status: String(r.status) };
      requests.inc(labels);
      durations.observe(labels, r.seconds);
    }
    const text = await ours.registry.metrics();
    const expected = await theirs.metrics();
    // Ours holds the service's other metrics too; the two request metrics come first, as registered.
    expect(text.startsWith(expected.trimEnd())).to.equal(true, `${text.slice(0, 600)}\n---\n${expected.slice(0, 600)}`);
    expect(text).to.include('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"}');
    // OpenMetrics reads alike; JSON (which the service does not serve) has the same samples.
    const openMetrics = (r: Registry) => (r as unknown as Registry<OpenMetricsContentType>).setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
    openMetrics(ours.registry);
    openMetrics(theirs);
    expect((await ours.registry.metrics()).startsWith((await theirs.metrics()).replace(/\n# EOF\n$/, ''))).to.equal(true);
    type Json = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
    const samples = (json: Json) => json.filter((m) => m.name.startsWith('http_request')).map((m) => ({
      name: m.name, type: m.type, help: m.help,
      values: (m.values as { labels: object; value: number; metricName?: string }[]).map((v) => ({ labels: v.labels, value: v.value, metricName: v.metricName })),
    }));
    expect(samples(await ours.registry.getMetricsAsJSON())).to.deep.equal(samples(await theirs.getMetricsAsJSON()));
  });
});
