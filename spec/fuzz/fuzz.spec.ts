import { expect } from 'chai';
import { FUZZ_SEND_TIMEOUT_MS, startFuzzService, type FuzzService } from './service.js';
import { runFuzz } from './fuzzer.js';
import { failureLine, formatReport, watchWarnings } from './report.js';
import { SHAPES } from './shapes.js';

// Every operation of the OpenAPI document, driven with hostile input as each kind of caller: a
// fixed seed so a failure replays (`npm run fuzz -- --seed S --only I`); FUZZ_SEED tries another.
// Besides, one slot a round for each shape of issue 23 (value-count bombs, link bombs, hostile
// provider answers, object-key refs in proposals), and two waves of stalled readers beside them.
// Issue 30's headers ride on the requests (If-Match, If-None-Match, Origin, preflights), and their
// rules are the run's too (fuzzer.ts headerFinding: CORS, CSRF, a 412 or 304 only where it tells nothing).
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261122);
const REQUESTS = 1000;

describe('fuzz: 1,000 hostile requests over every documented operation', function () {
  this.timeout(180_000);
  const tag = `spec${SEED}`;
  let svc: FuzzService;
  before(async () => {
    svc = await startFuzzService(tag);
  });
  after(async () => svc?.close());

  // No clock decides an outcome here (timeBounds: false): how fast the service answers is the
  // benches' to measure and `npm run fuzz`'s to report (its 3 s bound); this suite's timeout is the only bound.
  it('answers each with a status below 500 (the assistant: 502/504 for its provider), frees the stalled readers\' places, and reaches every operation and shape', async () => {
    const warnings = watchWarnings();
    const report = await runFuzz({
      baseUrl: svc.baseUrl, requests: REQUESTS, seed: SEED, tag, mailbox: () => svc.mails, provider: svc.provider, sendTimeoutMs: FUZZ_SEND_TIMEOUT_MS, timeBounds: false,
      corsOrigins: svc.corsOrigins,
    });
    console.log(formatReport(report).replace(/^/gm, '      '));
    for (const w of warnings.stop()) console.log(`        process warning during the run: ${w}`);
    expect(report.unexercised, 'operations the run never reached').to.deep.equal([]);
    expect(SHAPES.filter((s) => ![...report.shapes.keys()].some((k) => k.startsWith(`${s}:`))), 'shapes of issue 23 the run never sent').to.deep.equal([]);
    expect(report.providerCalls, 'requests the fake provider received').to.be.above(0);
    const sent = [...report.headerKinds.keys()];
    expect(['if-match:', 'if-none-match:', 'origin:listed', 'origin:foreign', 'preflight:'].filter((k) => !sent.some((s) => s.startsWith(k))), 'kinds of issue 30\'s headers the run never sent').to.deep.equal([]);
    expect(report.stalls.filter((s) => s.atMs !== undefined), 'waves of stalled readers probed').to.have.length(2);
    expect(report.failures.map(failureLine), 'requests answered >= 500 or not at all, and stalled readers that kept their places').to.deep.equal([]);
  });
});
