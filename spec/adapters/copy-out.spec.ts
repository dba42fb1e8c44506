import { expect } from 'chai';
import type { MikroORM } from '@mikro-orm/postgresql';
import { initOrm } from '../../adapters/postgres/orm.js';
import { copyOut, copySpace } from '../../adapters/postgres/copy-out.js';
import { freshDatabaseUrl, dropDatabase } from '../support/database.js';

// copyOut (adapters/postgres/copy-out.ts) reads a `COPY ... TO STDOUT`'s messages off the socket
// itself: rows split across the socket's pieces (a message's header or body cut anywhere), a notice
// between rows, a buffer that must grow, and the sink's pieces of whole rows. Each output here is
// several socket pieces long, and compared byte for byte with the text PostgreSQL's COPY writes.

/** `n` rows of an id, a text of 0-299 letters and, every seventh row, a name above ASCII (else null). */
const ROWS = (n: number, first = 'g') =>
  `copy (select ${first}, repeat(chr(65 + g % 26), g % 300), case when g % 7 = 0 then 'Łódź' end from generate_series(1, ${n}) g) to stdout`;
const expected = (n: number): string => {
  let out = '';
  for (let g = 1; g <= n; g++) out += `${g}\t${String.fromCharCode(65 + (g % 26)).repeat(g % 300)}\t${g % 7 === 0 ? 'Łódź' : '\\N'}\n`;
  return out;
};

describe('copyOut: the rows of a COPY as PostgreSQL wrote them (postgres)', function () {
  this.timeout(60_000);
  let url: string;
  let orm: MikroORM;
  before(async () => {
    url = await freshDatabaseUrl();
    orm = await initOrm(url);
    await orm.em.getConnection().execute(`create function noisy(g int) returns int language plpgsql as $$
      begin if g % 5000 = 0 then raise notice 'row %', g; end if; return g; end $$`);
  });
  after(async () => {
    await orm?.close();
    if (url !== undefined) await dropDatabase(new URL(url).pathname.slice(1));
  });

  const inTransaction = async <A>(work: (em: MikroORM['em']) => Promise<A>): Promise<A> => {
    const em = orm.em.fork();
    await em.begin();
    try {
      return await work(em);
    } finally {
      await em.rollback();
    }
  };

  it('answers every row of an output many socket pieces long, the buffer grown from 1 MB', async () => {
    const text = expected(40_000);
    expect(Buffer.byteLength(text)).to.be.greaterThan(4 << 20);
    const space = copySpace();
    const bytes = await inTransaction((em) => copyOut(em, ROWS(40_000), space));
    expect(bytes.toString('utf8')).to.equal(text);
    expect(space.buffer.length).to.be.greaterThan(1 << 20);
    // The next COPY into the same space: its own rows only.
    const again = await inTransaction((em) => copyOut(em, ROWS(3), space));
    expect(again.toString('utf8')).to.equal(expected(3));
  });

  it('passes the notices PostgreSQL sends between the rows', async () => {
    const bytes = await inTransaction((em) => copyOut(em, ROWS(20_000, 'noisy(g)'), copySpace()));
    expect(bytes.toString('utf8')).to.equal(expected(20_000));
  });

  it('hands a sink pieces of whole rows, in order, and answers nothing itself', async () => {
    const pieces: string[] = [];
    const bytes = await inTransaction((em) => copyOut(em, ROWS(40_000), copySpace(), {}, (rows) => pieces.push(rows.toString('utf8'))));
    expect(bytes.length).to.equal(0);
    expect(pieces.length).to.be.greaterThan(2);
    for (const p of pieces) expect(p.endsWith('\n')).to.equal(true);
    expect(pieces.join('')).to.equal(expected(40_000));
  });

  it('answers no rows for an empty output, and fails with the statement\'s error', async () => {
    const empty = await inTransaction((em) => copyOut(em, 'copy (select 1 where false) to stdout', copySpace()));
    expect(empty.length).to.equal(0);
    const failed = await inTransaction((em) => copyOut(em, 'copy (select 1 / (g - 500) from generate_series(1, 1000) g) to stdout', copySpace()).then(() => null, (e: unknown) => e));
    expect(String(failed)).to.match(/division by zero/);
  });
});
