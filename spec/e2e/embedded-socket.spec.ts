import { expect } from 'chai';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { socketDirOf, startEmbeddedPostgres } from '../../bootstrap/embedded-postgres.js';

// The embedded PostgreSQL is reached over TCP on 127.0.0.1 (`url`), and also listens on a Unix socket in
// its cluster's folder for a client on this host that names it (`socketUrl`; bootstrap/embedded-postgres.ts,
// socketDirOf, says why the service does not); a folder whose socket path would not fit in a socket
// address (or Windows) has none.

/** How the connection of `url` reaches the server: over a Unix socket (client_addr is null) or TCP. */
const overOf = async (url: string): Promise<string> => {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ over: string }>(`select coalesce(host(client_addr), 'socket') as over from pg_stat_activity where pid = pg_backend_pid()`);
    return rows[0]!.over;
  } finally {
    await db.end();
  }
};

describe('embedded PostgreSQL over TCP, and its Unix socket', function () {
  this.timeout(120_000);
  let root: string;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'genealogy-socket-'));
    await chmod(root, 0o755); // run as root, the cluster belongs to the postgres user, which must reach it
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('puts the socket in the cluster’s folder when its path fits in a socket address (103 bytes, as macOS takes), else none; none on Windows', () => {
    expect(socketDirOf('/var/lib/genealogy/postgres', 5432)).to.equal('/var/lib/genealogy/postgres');
    expect(socketDirOf('relative/postgres', 5432)).to.equal(path.resolve('relative/postgres'));
    const fits = `/${'a'.repeat(103 - '/'.length - '/.s.PGSQL.5432'.length)}`;
    expect(socketDirOf(fits, 5432)).to.equal(fits);
    expect(socketDirOf(`${fits}b`, 5432)).to.equal(null);
    expect(socketDirOf(`${fits}b`.slice(0, -1), 54321)).to.equal(null); // a longer port number too
    expect(socketDirOf('/srv/"quoted"/postgres', 5432)).to.equal(null);
    expect(socketDirOf('/var/lib/genealogy/postgres', 5432, 'win32')).to.equal(null);
  });

  it('answers url over TCP and socketUrl over the socket', async () => {
    const dir = path.join(root, 'with space, and comma', 'postgres');
    await mkdir(path.dirname(dir), { recursive: true });
    await chmod(path.dirname(dir), 0o755);
    const cluster = await startEmbeddedPostgres(dir, { persistent: false });
    try {
      expect(new URL(cluster.url('postgres')).hostname).to.equal('127.0.0.1');
      expect(await overOf(cluster.url('postgres'))).to.equal('127.0.0.1');
      const socket = cluster.socketUrl('postgres');
      expect(socket).to.not.equal(null);
      expect(decodeURIComponent(new URL(socket!).hostname)).to.equal(dir);
      expect(await overOf(socket!)).to.equal('socket');
    } finally {
      await cluster.stop();
    }
  });

  it('has no socketUrl when the socket would not fit, and url over TCP all the same', async () => {
    const dir = path.join(root, 'x'.repeat(100), 'postgres');
    await mkdir(path.dirname(dir), { recursive: true });
    await chmod(path.dirname(dir), 0o755);
    expect(socketDirOf(dir, 65535)).to.equal(null);
    const cluster = await startEmbeddedPostgres(dir, { persistent: false });
    try {
      expect(cluster.socketUrl('postgres')).to.equal(null);
      expect(await overOf(cluster.url('postgres'))).to.equal('127.0.0.1');
    } finally {
      await cluster.stop();
    }
  });
});
