import { expect } from 'chai';
import type { TestService } from '../support/service.js';
import { startFuzzService } from './service.js';
import { runFuzz } from './fuzzer.js';
import { failureLine, formatReport } from './report.js';

// Every operation of the OpenAPI document, driven with hostile input as each kind of caller: a
// fixed seed so a failure replays (`npm run fuzz -- --seed S --only I`); FUZZ_SEED tries another.
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261122);
const REQUESTS = 1000;

describe('fuzz: 1,000 hostile requests over every documented operation', function () {
  this.timeout(180_000);
  const tag = `spec${SEED}`;
  let svc: TestService;
  before(async () => {
    svc = await startFuzzService(tag);
  });
  after(async () => svc?.close());

  it('answers each with a status below 500, within 3 s, and reaches every operation', async () => {
    const report = await runFuzz({ baseUrl: svc.baseUrl, requests: REQUESTS, seed: SEED, tag, mailbox: () => svc.mails });
    console.log(formatReport(report).replace(/^/gm, '      '));
    expect(report.unexercised, 'operations the run never reached').to.deep.equal([]);
    expect(report.failures.map(failureLine), 'requests answered >= 500, not at all, or slower than 3 s').to.deep.equal([]);
  });
});
