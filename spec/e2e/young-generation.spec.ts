import { execFile } from 'node:child_process';
import { expect } from 'chai';
import { scriptNodeFlags } from '../support/start-command.js';

// The young generation of the service's process (issue 27: a 1,000,000-person GEDCOM import within
// 512 MB). Node 24's V8 lets it grow to 128 MB (two semi-spaces of 64 MB), Node 20's to 32 MB: on Node
// 24 the import's resident set peaked at 546-553 MB, at 491 MB with the bound `npm start` sets. The
// bound is a command-line flag (V8 reads it when the heap is made; `v8.setFlagsFromString` later does
// not move it), so it is checked here as `npm start` and `npm run worker` pass it, on the running Node.

/** The new space's size after making several hundred MB of short-lived objects, some kept a while (what makes V8 grow it). */
const PROBE = `
const v8 = require('node:v8');
const keep = [];
let x = [];
for (let i = 0; i < 2e7; i++) { x.push({ a: i, b: 'x' + (i % 1000) }); if (x.length > 5000) { if (i % 100000 < 5001) keep.push(x); x = []; } }
const s = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
process.stdout.write(String(s.space_size));
`;

const newSpaceBytes = (flags: readonly string[]): Promise<number> =>
  new Promise((resolve, reject) =>
    execFile(process.execPath, [...flags, '-e', PROBE], { timeout: 60_000 }, (err, stdout) => (err === null ? resolve(Number(stdout)) : reject(err))));

describe('the young generation of the started service (npm start, npm run worker)', function () {
  this.timeout(120_000);

  for (const script of ['start', 'worker'] as const) {
    it(`${script}: at most 32 MB of new space under allocation, on ${process.version}`, async () => {
      const flags = scriptNodeFlags(script);
      // The probe makes V8 grow the new space as far as it may (so that a bound shows): with room for
      // 128 MB it passes 32 MB, whatever the machine's default.
      expect(await newSpaceBytes(['--max-semi-space-size=64'])).to.be.above(32 * 2 ** 20);
      expect(await newSpaceBytes(flags)).to.be.at.most(32 * 2 ** 20);
    });
  }
});
