import { expect } from 'chai';
import pino from 'pino';
import { scheduleKeeping, type KeepingPass } from '../../bootstrap/keep-schedule.js';

// The schedule of keeping passes (person cards, person pages): its first pass after `firstMs`, the
// steps of a pass spaced by as long as each took, and, with `serving`, by nine times as long while
// the service answers requests (the kept pages' writer gives way to them).

describe('keeping schedule', function () {
  this.timeout(10_000);

  /** Runs one pass of three steps of `stepMs` each and answers the gaps between the steps' starts (ms). */
  const gaps = async (serving: () => boolean, stepMs: number): Promise<number[]> => {
    const starts: number[] = [];
    let done!: () => void;
    const passed = new Promise<void>((r) => (done = r));
    const pass: KeepingPass = async (o) => {
      for (let i = 0; i < 3; i++) {
        starts.push(performance.now());
        await new Promise((r) => setTimeout(r, stepMs));
        await o.pause(stepMs);
      }
      done();
      return { done: 3, trees: 1, left: 0 };
    };
    const schedule = scheduleKeeping('things', pass, () => [], pino({ level: 'silent' }), { passMs: 3_600_000, againMs: 3_600_000, wantedMs: 3_600_000, wantedEveryMs: 1, firstMs: 0, serving });
    await passed;
    await schedule.stop();
    return starts.slice(1).map((t, i) => t - starts[i]!);
  };

  it('spaces the steps of a pass by as long as each took', async () => {
    for (const gap of await gaps(() => false, 30)) expect(gap).to.be.within(55, 250);
  });

  it('while the service is serving, by nine times as long', async () => {
    for (const gap of await gaps(() => true, 30)) expect(gap).to.be.within(290, 2000);
  });

  it('runs the trees reads asked for between passes, each once', async () => {
    const asked = [['t1', 't2'], ['t2'], []];
    const seen: (readonly string[] | undefined)[] = [];
    const pass: KeepingPass = async (o) => {
      seen.push(o.trees);
      return { done: 0, trees: o.trees?.length ?? 0, left: 0 };
    };
    const schedule = scheduleKeeping('things', pass, () => asked.shift() ?? [], pino({ level: 'silent' }), { passMs: 3_600_000, againMs: 3_600_000, wantedMs: 20, wantedEveryMs: 3_600_000, firstMs: 3_600_000 });
    await new Promise((r) => setTimeout(r, 200));
    await schedule.stop();
    // t2 asked again within wantedEveryMs is not run again.
    expect(seen).to.deep.equal([['t1', 't2']]);
  });
});
