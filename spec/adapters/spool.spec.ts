import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { gate, inTurn, LeftTheQueue, TooManyAtOnce } from '../../adapters/gate.js';
import { spooled } from '../../adapters/http/spool.js';

// The spool between a producer that holds something scarce (the GEDCOM export's snapshot) and a
// client that may read slowly or not at all (adapters/http/spool.ts).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('spooled answers', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spool-spec-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('passes every byte through in order and leaves no file behind', async () => {
    async function* source() {
      for (let i = 0; i < 300; i++) yield Buffer.alloc(10_000, i % 251);
    }
    const got: Buffer[] = [];
    for await (const c of spooled(source(), dir, gate(1))) got.push(Buffer.from(c));
    const all = Buffer.concat(got);
    expect(all.length).to.equal(3_000_000);
    for (let i = 0; i < 300; i++) expect(all[i * 10_000]).to.equal(i % 251);
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it('holds what the client has not read in memory up to its budget: a client that keeps up costs no file', async () => {
    // A producer that makes each piece once the client has the one before (a client that keeps up),
    // and looks for a spool file each time.
    let taken: () => void = () => undefined;
    let files = 0;
    async function* source() {
      for (let i = 0; i < 50; i++) {
        files = Math.max(files, (await readdir(dir)).length);
        yield Buffer.alloc(256 * 1024, i);
        await new Promise<void>((resolve) => (taken = resolve));
      }
    }
    const got: Buffer[] = [];
    for await (const c of spooled(source(), dir, gate(1), 2 * 256 * 1024)) {
      got.push(Buffer.from(c));
      taken();
    }
    expect(got.map((c) => [c.length, c[0], c.at(-1)])).to.deep.equal(Array.from({ length: 50 }, (_, i) => [256 * 1024, i, i]));
    expect(files, 'a spool file while the client kept up').to.equal(0);
  });

  it('a client that stalls past the memory budget: the rest goes to a file, every byte still in order', async () => {
    let finished!: () => void;
    const producerFinished = new Promise<void>((resolve) => (finished = resolve));
    async function* source() {
      try {
        for (let i = 0; i < 40; i++) yield Buffer.alloc(100_000, i);
      } finally {
        finished();
      }
    }
    const it = spooled(source(), dir, gate(1), 250_000)[Symbol.asyncIterator]();
    const got: Buffer[] = [Buffer.from((await it.next()).value as Uint8Array)];
    await producerFinished;
    expect(await readdir(dir), 'the spool file of what did not fit').to.have.length(1);
    for (let r = await it.next(); r.done !== true; r = await it.next()) got.push(Buffer.from(r.value));
    const all = Buffer.concat(got);
    expect(all.length).to.equal(4_000_000);
    for (let i = 0; i < 40; i++) expect([all[i * 100_000], all[i * 100_000 + 99_999]], `piece ${i}`).to.deep.equal([i, i]);
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it('runs the producer to its end while the client does not read, so what it holds is released at once', async () => {
    let finished!: () => void;
    const producerFinished = new Promise<void>((resolve) => (finished = resolve));
    async function* source() {
      try {
        for (let i = 0; i < 100; i++) yield Buffer.alloc(64 * 1024, 1);
      } finally {
        finished();
      }
    }
    const it = spooled(source(), dir, gate(1))[Symbol.asyncIterator]();
    await it.next();
    // The client reads nothing more; the producer is not waiting on it: it finishes (an event; a
    // producer that waited for the client would never finish, and the suite's timeout fails it).
    await producerFinished;
    await it.return?.();
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it('a client that goes away stops the producer (its iterator is returned) and removes the file', async () => {
    let returned = false;
    let produced = 0;
    async function* source() {
      try {
        for (;;) {
          produced += 1;
          yield Buffer.alloc(1000, 2);
          await sleep(5);
        }
      } finally {
        returned = true;
      }
    }
    const it = spooled(source(), dir, gate(1))[Symbol.asyncIterator]();
    await it.next();
    await it.return?.();
    expect(returned).to.equal(true);
    const at = produced;
    await sleep(50);
    expect(produced).to.equal(at);
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it("the producer's failure cuts the answer short", async () => {
    async function* source() {
      yield Buffer.from('first');
      throw new Error('the database went away');
    }
    const got: string[] = [];
    let failure: unknown = null;
    try {
      for await (const c of spooled(source(), dir, gate(1))) got.push(Buffer.from(c).toString());
    } catch (err) {
      failure = err;
    }
    expect(got.join('')).to.equal('first');
    expect((failure as Error).message).to.equal('the database went away');
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it('producers wait for a slot; one whose client left before its turn never starts', async () => {
    const slots = gate(1);
    const started: string[] = [];
    const release = new Map<string, () => void>();
    const source = (name: string) => (async function* () {
      started.push(name);
      await new Promise<void>((r) => release.set(name, r));
      yield Buffer.from(name);
    })();
    const waitFor = async (n: number) => {
      while (started.length < n) await sleep(5);
      await sleep(30); // and no further one starts meanwhile
    };
    const its = ['a', 'b', 'c'].map((n) => spooled(source(n), dir, slots)[Symbol.asyncIterator]());
    const firsts = its.map((it) => it.next());
    await waitFor(1);
    expect(started, 'one producer at a time').to.have.length(1);
    const first = started[0]!;
    // The client of one of the two waiting goes away before its turn.
    const waiting = ['a', 'b', 'c'].filter((n) => n !== first);
    const leaver = waiting[1]!;
    const stayer = waiting[0]!;
    const leaverAt = ['a', 'b', 'c'].indexOf(leaver);
    void firsts[leaverAt]!.catch(() => undefined);
    const left = its[leaverAt]!.return?.();
    release.get(first)!();
    expect(Buffer.from((await firsts[['a', 'b', 'c'].indexOf(first)]!).value).toString()).to.equal(first);
    await waitFor(2);
    expect(started).to.deep.equal([first, stayer]);
    release.get(stayer)!();
    expect(Buffer.from((await firsts[['a', 'b', 'c'].indexOf(stayer)]!).value).toString()).to.equal(stayer);
    await left;
    for (const it of its) await it.return?.();
    await sleep(30);
    expect(started, 'the one whose client left never started').to.deep.equal([first, stayer]);
  });

  it('a gate: a waiter whose signal aborts leaves the line (LeftTheQueue, its work never runs); one already handed the slot keeps it', async () => {
    const slots = gate(1);
    const holder = await slots.enter();
    const ran: string[] = [];
    const [a, b, c] = [new AbortController(), new AbortController(), new AbortController()];
    const works = [['a', a], ['b', b], ['c', c]].map(([name, signal]) =>
      inTurn(slots, async () => { ran.push(name as string); }, (signal as AbortController).signal).then(() => 'ran', (e: unknown) => (e instanceof LeftTheQueue ? 'left' : String(e))));
    await sleep(10);
    expect(slots.waiting()).to.equal(3);
    b.abort();
    expect(await works[1]).to.equal('left');
    expect(slots.waiting()).to.equal(2);
    holder();
    expect(await works[0]).to.equal('ran');
    expect(await works[2]).to.equal('ran');
    expect(ran).to.deep.equal(['a', 'c']);
    // Aborted before it asks: refused at once, the slot untouched; aborted once it holds the slot: nothing changes.
    const late = new AbortController();
    late.abort();
    let refused: unknown;
    await slots.enter(late.signal).catch((e: unknown) => { refused = e; });
    expect(refused).to.be.instanceOf(LeftTheQueue);
    const kept = new AbortController();
    const leave = await slots.enter(kept.signal);
    kept.abort();
    expect(slots.waiting()).to.equal(0);
    const next = slots.enter();
    await sleep(10);
    expect(slots.waiting(), 'the slot is still held').to.equal(1);
    leave();
    (await next)();
  });

  it('a gate with a share per caller: past it a caller is refused at once (TooManyAtOnce); a slot left, or a wait given up, counts no more', async () => {
    const slots = gate(1, { limit: 2, code: 'too_many', detail: 'two at most' });
    const first = await slots.enter(undefined, 'ann');
    const gone = new AbortController();
    const second = slots.enter(gone.signal, 'ann').then(() => 'entered', (e: unknown) => (e instanceof LeftTheQueue ? 'left' : String(e)));
    // Ann holds one slot and waits for another: a third is refused, nothing queued; Bob still waits his turn.
    let refused: unknown;
    await slots.enter(undefined, 'ann').catch((e: unknown) => { refused = e; });
    expect(refused).to.be.instanceOf(TooManyAtOnce);
    expect((refused as TooManyAtOnce).code).to.equal('too_many');
    expect(slots.waiting()).to.equal(1);
    const bob = slots.enter(undefined, 'bob');
    expect(slots.waiting()).to.equal(2);
    // Ann gives up her wait: she may ask again (one held, one waiting).
    gone.abort();
    expect(await second).to.equal('left');
    const third = slots.enter(undefined, 'ann');
    expect(slots.waiting()).to.equal(2);
    // Her slot left: Bob is next, then her third; with both of hers done she is counted at zero.
    first();
    (await bob)();
    (await third)();
    const one = await slots.enter(undefined, 'ann');
    const two = slots.enter(undefined, 'ann');
    expect(slots.waiting(), 'her second waits, not refused').to.equal(1);
    one();
    (await two)();
    // Without a caller's name the share does not apply.
    const held = await slots.enter();
    const anonymous = [slots.enter(), slots.enter(), slots.enter()];
    expect(slots.waiting()).to.equal(3);
    held();
    for (const a of anonymous) (await a)();
  });
});
