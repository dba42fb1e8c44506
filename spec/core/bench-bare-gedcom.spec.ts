import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import pg from 'pg';
import { BARE_TABLES, exportRows, importBody, startBareGedcom, treeRows } from '../bench/bare-gedcom.js';
import type { BareProcess } from '../bench/bare-process.js';
import { writeGedcomFile } from '../bench/generate-gedcom.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// The GEDCOM bench's floor (spec/bench/bare-gedcom.ts) is only a floor if it writes and reads what
// the service did: every row of the imported tree, under new ids whose references still match, with
// the same triggers (the name postings) run.

describe('the GEDCOM bench\'s bare baseline writes and reads the rows the service imported', function () {
  this.timeout(120_000);
  let svc: TestService;
  let bare: BareProcess;
  let db: pg.Client;
  let dir: string;
  let token: string;
  const newTree = async (name: string): Promise<string> => {
    const res = await fetch(`${svc.baseUrl}/api/v1/trees`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    expect(res.status).to.equal(201);
    return ((await res.json()) as { id: string }).id;
  };
  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, `bare-${randomBytes(3).toString('hex')}@example.com`)).token;
    db = new pg.Client({ connectionString: svc.databaseUrl! });
    await db.connect();
    bare = await startBareGedcom(svc.databaseUrl!);
    dir = await mkdtemp(path.join(tmpdir(), 'bare-gedcom-'));
  });
  after(async () => {
    await bare?.stop();
    await db?.end();
    await svc?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  let from = '';
  before(async () => {
    from = await newTree('imported');
    const file = path.join(dir, 'small.ged');
    await writeGedcomFile(file, { persons: 60, seed: 7 });
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'small.ged');
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${from}/gedcom/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).to.equal(200);
    await rm(file);
  });

  it('reads every row of the tree\'s eight tables, one COPY text line each', async () => {
    const rows = await treeRows(db, from);
    for (const t of ['persons', 'names', 'events', 'relationships', 'sources', 'citations', 'places']) expect(rows.byTable[t], t).to.be.greaterThan(0);
    const res = await fetch(`${bare.url}/export/${from}`);
    expect(res.status).to.equal(200);
    const text = await res.text();
    expect(text.split('\n').filter((l) => l !== '').length).to.equal(rows.total);
    expect(text).to.include(from);
  });

  it('writes them again under new ids, references matched, the names searchable', async () => {
    const into = await newTree('bare copy');
    const parts = await exportRows(db, from, into, dir);
    expect(parts.map((p) => p.table)).to.deep.equal([...BARE_TABLES]);
    const res = await fetch(`${bare.url}/import`, { method: 'POST', body: importBody(parts) as unknown as BodyInit, duplex: 'half' } as RequestInit);
    expect(res.status).to.equal(200);
    const source = await treeRows(db, from);
    expect(((await res.json()) as { rows: number }).rows).to.equal(source.total);
    expect((await treeRows(db, into)).byTable).to.deep.equal(source.byTable);
    const q = async (sql: string): Promise<number> => (await db.query<{ n: number }>(sql, [into])).rows[0]!.n;
    expect(await q(`select count(*)::int as n from names n join persons p on p.id = n.person_id and p.tree_id = $1 where n.tree_id = $1`)).to.equal(source.byTable['names']);
    expect(await q(`select count(*)::int as n from events e join persons p on p.id = e.person_id and p.tree_id = $1 where e.tree_id = $1`))
      .to.equal(await q(`select count(*)::int as n from events where tree_id = $1 and person_id is not null`));
    expect(await q(`select count(*)::int as n from citations c join sources s on s.id = c.source_id and s.tree_id = $1 where c.tree_id = $1`)).to.equal(source.byTable['citations']);
    expect(await q(`select count(*)::int as n from persons where tree_id = $1 and id::text like 'f%'`)).to.equal(source.byTable['persons']);
    expect(await q(`select count(distinct p.person_id)::int as n from name_postings p join persons x on x.id = p.person_id where x.tree_id = $1`))
      .to.equal(await q(`select count(distinct person_id)::int as n from names where tree_id = $1 and (given_name <> '' or surname <> '')`));
  });

  it('refuses a body whose section header is not one, and writes nothing of it', async () => {
    const into = await newTree('refused');
    const res = await fetch(`${bare.url}/import`, {
      method: 'POST', duplex: 'half',
      body: Readable.from([Buffer.from(`users 1 id\nx`)]) as unknown as BodyInit,
    } as RequestInit);
    expect(res.status).to.equal(400);
    expect(((await res.json()) as { error: string }).error).to.match(/not <table> <bytes> <columns>/);
    expect((await treeRows(db, into)).total).to.equal(0);
  });
});
