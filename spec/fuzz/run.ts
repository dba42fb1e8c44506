// npm run fuzz -- --requests 100000 --seed 7 [--only 12,40] [--slow-ms 3000] [--log outcomes.jsonl]
// Starts a throwaway PostgreSQL (or uses DATABASE_URL's server), the composed service and its fake
// provider, runs the fuzzer (stalled readers beside it unless --only), prints counts per status, per
// shape of issue 23, the slowest requests and every failure; exits 1 on a failure.
import { parseArgs } from 'node:util';
import { appendFileSync, writeFileSync } from 'node:fs';
import { mochaGlobalSetup, mochaGlobalTeardown } from '../support/global-setup.js';
import { FUZZ_SEND_TIMEOUT_MS, startFuzzService } from './service.js';
import { runFuzz } from './fuzzer.js';
import { formatReport, statusLine, watchWarnings } from './report.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    only: { type: 'string' },
    'slow-ms': { type: 'string', default: '3000' },
    log: { type: 'string' },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
if (!Number.isSafeInteger(requests) || requests < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: npm run fuzz -- --requests N --seed S [--only I,J] [--slow-ms MS]');
  process.exit(2);
}

if (values.log) writeFileSync(values.log, '');
await mochaGlobalSetup();
const tag = `s${seed}-${Date.now().toString(36)}`;
const svc = await startFuzzService(tag);
let failed = true;
try {
  const started = Date.now();
  const warnings = watchWarnings();
  const report = await runFuzz({
    baseUrl: svc.baseUrl,
    requests,
    seed,
    tag,
    mailbox: () => svc.mails,
    provider: svc.provider,
    sendTimeoutMs: FUZZ_SEND_TIMEOUT_MS,
    corsOrigins: svc.corsOrigins,
    slowMs: Number(values['slow-ms']),
    ...(values.log ? { onOutcome: (o: object) => appendFileSync(values.log as string, `${JSON.stringify(o)}\n`) } : {}),
    ...(values.only ? { only: values.only.split(',').map(Number) } : {}),
    onProgress: (done) => {
      if (done % 1000 === 0) console.log(`  ${done} requests, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    },
  });
  console.log(formatReport(report, 10));
  console.log(`statuses: ${statusLine(report)}`);
  for (const w of warnings.stop()) console.log(`process warning during the run: ${w}`);
  failed = report.failures.length > 0;
} finally {
  await svc.close();
  await mochaGlobalTeardown();
}
process.exit(failed ? 1 : 0);
