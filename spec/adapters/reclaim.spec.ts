import { expect } from 'chai';
import { budgetReclaimer, CHECK_BYTES, collect } from '../../adapters/archive/reclaim.js';

// When a GEDCOM import or export asks for a full collection (adapters/archive/reclaim.ts): past the
// RSS budget, every so many bytes, and once the heap has grown by the headroom past what the last
// collection left (the resident set alone let a 1,000,000-person import's heap reach 600 MB). The
// collection is a counter here, so the spec sees the reclaimer's decisions, not V8's own collections.

const MB = 1024 * 1024;
const NEVER = 2 ** 50;

/** About `mb` MB of live arrays. */
const allocate = (mb: number): number[][] => Array.from({ length: mb * 16 }, () => new Array<number>(8 * 1024).fill(1.5));

describe('GEDCOM reclaimer (budgetReclaimer)', () => {
  it('collects once the heap has grown by the headroom since it began, then only after as much growth again', () => {
    let runs = 0;
    // The heap it begins with holds no garbage: in a run of 852 specs, V8 collecting earlier garbage
    // while the 128 MB below were allocated once left less growth than the headroom (no collection).
    expect(collect).to.be.a('function');
    collect!();
    const reclaim = budgetReclaimer(NEVER, NEVER, 32 * MB, () => (runs += 1));
    reclaim(CHECK_BYTES);
    expect(runs, 'no growth, no collection').to.equal(0);
    // Four times the headroom: a collection of V8's own meanwhile may free garbage that was in the
    // heap when the reclaimer began (Node 24 on the CI machine: 48 MB allocated showed less than 32 of growth).
    const held = allocate(128);
    // The memory is looked at once per CHECK_BYTES (256 KiB): not at the next 64 KiB, at the next CHECK_BYTES.
    reclaim(64 * 1024);
    expect(runs, 'between two looks at the memory').to.equal(0);
    reclaim(CHECK_BYTES - 64 * 1024);
    expect(runs, '128 MB more heap than the headroom of 32').to.equal(1);
    // What the collection left (here all of it: the counter frees nothing) is the new base.
    reclaim(CHECK_BYTES);
    expect(runs).to.equal(1);
    expect(held.length).to.equal(128 * 16);
  });

  it('collects every `every` bytes, and past the RSS budget', () => {
    let runs = 0;
    const reclaim = budgetReclaimer(1 * MB, NEVER, NEVER, () => (runs += 1));
    reclaim(512 * 1024);
    expect(runs).to.equal(0);
    reclaim(512 * 1024);
    expect(runs).to.equal(1);
    reclaim(512 * 1024);
    expect(runs).to.equal(1);
    let over = 0;
    // A budget the process is already past: a collection on the first call; then the budget moves
    // above the resident set the collection left, so not on every call.
    const overBudget = budgetReclaimer(NEVER, 1 * MB, NEVER, () => (over += 1));
    overBudget(0);
    for (let i = 0; i < 10; i++) overBudget(0);
    expect(over, 'a resident set above the budget, unchanged: one collection').to.equal(1);
    // A second collection (here by bytes) that leaves the resident set where it was keeps the limit
    // above it: the calls after it do not collect again (they did, every other call, before).
    let twice = 0;
    const byBytes = budgetReclaimer(1 * MB, 1 * MB, NEVER, () => (twice += 1));
    byBytes(0);
    byBytes(1 * MB);
    expect(twice).to.equal(2);
    for (let i = 0; i < 10; i++) byBytes(0);
    expect(twice).to.equal(2);
  });

  it('does nothing where the runtime gives no collection', () => {
    const reclaim = budgetReclaimer(1, 1, 1, null);
    expect(() => reclaim(1 << 20)).not.to.throw();
  });
});
