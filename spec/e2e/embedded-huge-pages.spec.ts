import { expect } from 'chai';
import { accessSync, constants, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedSharedBuffersMb, hugePagesFor, hugePool, startEmbeddedPostgres, usableMemoryBytes } from '../../bootstrap/embedded-postgres.js';

// The embedded server's shared memory on huge pages (bootstrap/embedded-postgres.ts
// hugePageReservation): where this process may grow the system's pool (root on Linux, the pool's
// size writable), the pages are added before the server starts and given back when it stops.

const NR_HUGEPAGES = '/proc/sys/vm/nr_hugepages';
const poolSize = (): number => Number(readFileSync(NR_HUGEPAGES, 'utf8').trim());

/** Whether this process may grow the pool: Linux, root, `/proc/sys/vm/nr_hugepages` writable (not a read-only /proc/sys), 2 MB pages. */
const mayGrowPool = (): boolean => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    accessSync(NR_HUGEPAGES, constants.W_OK);
  } catch {
    return false;
  }
  // The server's pages must fit twice in the memory processes may still take (hugePageReservation).
  const pool = hugePool(readFileSync('/proc/meminfo', 'utf8'));
  return pool !== null && pool.memAvailableKb >= 2 * hugePagesFor(embeddedSharedBuffersMb(usableMemoryBytes())) * 2048;
};

const MEMINFO = (total: number, free: number, reserved: number, sizeKb = 2048): string =>
  `MemTotal:       24683548 kB\nMemAvailable:   22322660 kB\nHugePages_Total:     ${total}\nHugePages_Free:      ${free}\nHugePages_Rsvd:      ${reserved}\nHugePages_Surp:        0\nHugepagesize:       ${sizeKb} kB\n`;

/** Starts a throwaway embedded server (`hugePages` as given), and answers its huge_pages_status and the pool's size while it ran and after it stopped. */
const run = async (hugePages: boolean): Promise<{ status: string; during: number; after: number; lines: string[] }> => {
  const root = await mkdtemp(path.join(tmpdir(), 'genealogy-huge-'));
  await chmod(root, 0o755); // run as root, the cluster belongs to the postgres user, which must reach it
  const lines: string[] = [];
  try {
    const cluster = await startEmbeddedPostgres(path.join(root, 'postgres'), { persistent: false, hugePages, log: (l) => lines.push(l) });
    let status = '';
    let during = 0;
    try {
      const db = new pg.Client({ connectionString: cluster.url('postgres') });
      await db.connect();
      try {
        status = (await db.query<{ huge_pages_status: string }>('show huge_pages_status')).rows[0]!.huge_pages_status;
        during = poolSize();
      } finally {
        await db.end();
      }
    } finally {
      await cluster.stop();
    }
    return { status, during, after: poolSize(), lines };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
};

describe('embedded PostgreSQL huge pages', function () {
  this.timeout(180_000);

  it('asks for a little more than the shared memory of its shared buffers (1,079 MB, 540 pages, at 1,024 MB)', () => {
    expect(hugePagesFor(1024)).to.equal(576);
    expect(hugePagesFor(1024) * 2).to.be.above(1079);
    expect(hugePagesFor(128)).to.equal(96);
  });

  it('reads the pool from /proc/meminfo: its size, and the free pages no mapping has reserved', () => {
    expect(hugePool(MEMINFO(620, 591, 511))).to.deep.equal({ total: 620, available: 80, memAvailableKb: 22322660 });
    expect(hugePool(MEMINFO(0, 0, 0))).to.deep.equal({ total: 0, available: 0, memAvailableKb: 22322660 });
    // Pages of another size, or no pool at all: nothing to grow.
    expect(hugePool(MEMINFO(10, 10, 0, 1048576))).to.equal(null);
    expect(hugePool('MemTotal:       24683548 kB\nMemAvailable:   22322660 kB\n')).to.equal(null);
  });

  it('puts the shared memory on huge pages added for it, and gives them back when it stops', async function () {
    if (!mayGrowPool()) this.skip();
    const before = poolSize();
    const needed = hugePagesFor(embeddedSharedBuffersMb(usableMemoryBytes()));
    const available = hugePool(readFileSync('/proc/meminfo', 'utf8'))!.available;
    const r = await run(true);
    const seen = `pool ${before} (${available} available, ${needed} needed) -> ${r.during} -> ${r.after}; ${r.lines.filter((l) => l.startsWith('huge pages')).join('; ')}`;
    // Whatever happened, what was added is back in the system once the server stops.
    expect(r.after, seen).to.equal(before);
    if (available >= needed) {
      expect(r.status, seen).to.equal('on');
      return;
    }
    // Too few free: the pool was grown (the system may give fewer pages than asked).
    const added = /^huge pages: (\d+) of (\d+) added/.exec(r.lines.find((l) => l.startsWith('huge pages: ')) ?? '');
    expect(added, seen).to.not.equal(null);
    if (Number(added![1]) >= Number(added![2])) {
      // All of them: the server runs on them, and holds them while it runs.
      expect(r.status, seen).to.equal('on');
      expect(r.during, seen).to.be.above(before);
    } else {
      // Fewer than the whole segment: all given back at once, the server on ordinary pages.
      expect(r.status, seen).to.equal('off');
      expect(r.during, seen).to.equal(before);
    }
  });

  it('leaves the pool alone when not asked: the server runs on the pages the system has', async function () {
    if (!mayGrowPool()) this.skip();
    const before = poolSize();
    const available = hugePool(readFileSync('/proc/meminfo', 'utf8'))!.available;
    const r = await run(false);
    expect(r.during).to.equal(before);
    expect(r.after).to.equal(before);
    // With no free huge pages, PostgreSQL runs on ordinary ones.
    if (available === 0) expect(r.status).to.equal('off');
  });
});
