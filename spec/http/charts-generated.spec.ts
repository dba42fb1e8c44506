import { expect } from 'chai';
import pg from 'pg';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import { nestChart, type ChartNode } from '../../core/charts/nest.js';
import type { LineageDirection } from '../../core/charts/ports.js';
import { backfillLifeFacts } from '../../core/people/keep-life-facts.js';
import type { Person } from '../../core/people/model.js';
import type { VisibilityMap } from '../../core/privacy/engine.js';
import { visibilityOfRows } from '../../core/privacy/person-visibility.js';
import { generateTree, type GeneratedTree } from '../bench/generate-tree.js';

// Charts on a generated tree (the bench's generator, small: eight generations, living, private and
// public persons, explicit is_living, alternate names, baptisms and burials), with some persons and
// edges deleted, lines that rejoin and a few cycles, deleted and private roots, for a member, a signed-in non-member and an anonymous reader, checked against
// what they are made of, read another way: the lineage walked here over the live rows, each
// person's visibility from the engine, the nesting by the pure rules (core/charts/nest.ts, specified
// in spec/core/charts-nest.spec.ts), and every box exactly what a person read of that person gives
// the same reader (without `names`). And each chart takes one statement of its own, whatever its
// size: two with the session's.

const PERSONS = 2000;
const SEED = 20261124;

type Reader = { readonly name: string; readonly prefix: string; readonly member: boolean; readonly token: () => string | undefined };

describe('HTTP charts on a generated tree: each box is the person read, the shape the lineage nested, in one statement', function () {
  this.timeout(240_000);
  let svc: TestService;
  let db: pg.Client;
  let tree: GeneratedTree;
  let owner = '';
  let stranger = '';
  const statements: string[] = [];
  const call = rawCaller(() => svc.baseUrl);
  /** Live parent_child edges between live persons: up (child to parents) and down (parent to children). */
  const edges = { up: new Map<string, string[]>(), down: new Map<string, string[]>() };
  const rows = new Map<string, Person>();
  const extra: [string, string][] = [];

  before(async () => {
    svc = await startTestService({ storageOn: (url) => createPostgresStorage(url, { debugQueries: (sql) => void statements.push(sql) }) });
    db = new pg.Client({ connectionString: svc.databaseUrl! });
    await db.connect();
    tree = await generateTree(db, { persons: PERSONS, seed: SEED });
    await db.query(`update trees set visibility = 'public' where id = $1`, [tree.treeId]);
    // Deleted persons and edges in the middle of lines: the charts go around neither.
    await db.query(`update persons set deleted_at = now() where id in (select id from persons where tree_id = $1 order by id offset 40 limit 1000) and (hashtext(id::text) % 23) = 0`, [tree.treeId]);
    await db.query(`update relationships set deleted_at = now() where tree_id = $1 and type = 'parent_child' and (hashtext(id::text) % 29) = 0`, [tree.treeId]);
    // Lines that rejoin (a great-grandparent also a parent: pedigree collapse) and, in bad data,
    // cycles (a youngest person the parent of a founder).
    const gens = tree.counts.perGeneration;
    const at = (g: number, i: number) => tree.persons[gens.slice(0, g).reduce((a, b) => a + b, 0) + (i % gens[g]!)]!.id;
    const rejoin = await db.query<{ a: string; b: string }>(
      `select distinct on (r1.person_b_id) r3.person_a_id as a, r1.person_b_id as b
         from relationships r1 join relationships r2 on r2.person_b_id = r1.person_a_id and r2.type = 'parent_child'
           join relationships r3 on r3.person_b_id = r2.person_a_id and r3.type = 'parent_child'
         where r1.tree_id = $1 and r1.type = 'parent_child' and r1.person_b_id = any($2::uuid[])
         order by r1.person_b_id, r3.person_a_id`,
      [tree.treeId, Array.from({ length: 40 }, (_, i) => at(gens.length - 1, i * 13))]);
    extra.push(...rejoin.rows.map((r): [string, string] => [r.a, r.b]));
    for (let i = 0; i < 4; i++) extra.push([at(gens.length - 1, i * 17), at(0, i * 3)]);
    for (const [a, b] of extra)
      await db.query(
        `insert into relationships (id, tree_id, type, person_a_id, person_b_id, qualifier, notes, created_at, updated_at)
         values (gen_random_uuid(), $1, 'parent_child', $2, $3, 'biological', '', now(), now()) on conflict do nothing`, [tree.treeId, a, b]);
    await backfillLifeFacts(svc.storage);
    const o = await registerUser(svc, 'owner@example.org');
    owner = o.token;
    stranger = (await registerUser(svc, 'stranger@example.org')).token;
    await db.query(`insert into memberships (tree_id, user_id, role, created_at) values ($1, $2, 'viewer', now())`, [tree.treeId, o.id]);
    const persons = await svc.storage.persons.listByTree(tree.treeId, {});
    for (const p of persons) rows.set(p.id, p);
    const live = await db.query<{ a: string; b: string }>(
      `select person_a_id as a, person_b_id as b from relationships where tree_id = $1 and type = 'parent_child' and deleted_at is null`, [tree.treeId]);
    for (const { a, b } of live.rows) {
      if (!rows.has(a) || !rows.has(b)) continue;
      edges.up.set(b, [...(edges.up.get(b) ?? []), a]);
      edges.down.set(a, [...(edges.down.get(a) ?? []), b]);
    }
  });

  after(async () => {
    await db?.end();
    await svc?.close();
  });

  /** The persons reached within `generations`, each once at their shallowest depth, with their next ones. */
  const lineage = (rootId: string, direction: LineageDirection, generations: number) => {
    const seen = new Set([rootId]);
    let level = [rootId];
    for (let depth = 1; depth < generations && level.length > 0; depth++) {
      level = [...new Set(level.flatMap((id) => edges[direction].get(id) ?? []))].filter((id) => !seen.has(id));
      for (const id of level) seen.add(id);
    }
    return [...seen].map((id) => ({ person: rows.get(id)!, next: edges[direction].get(id) ?? [] }));
  };

  const personReads = new Map<string, { status: number; body: Record<string, unknown> }>();
  /** What a person read gives this reader, without the names a chart box does not carry. */
  const personRead = async (r: Reader, id: string) => {
    const key = `${r.name}/${id}`;
    let read = personReads.get(key);
    if (read === undefined) {
      const res = await call('GET', `${r.prefix}/persons/${id}`, r.token());
      const { names: _names, ...body } = (res.body ?? {}) as Record<string, unknown>;
      personReads.set(key, (read = { status: res.status, body }));
    }
    return read;
  };

  const wire = async (r: Reader, n: ChartNode<Person>, key: 'parents' | 'children'): Promise<unknown> => {
    const read = await personRead(r, n.person.id);
    expect(read.status, `the person read of ${n.person.id}, shown in a chart to ${r.name}`).to.equal(200);
    if (n.ref) return { person: read.body, ref: true };
    const next = [];
    for (const c of n.next) next.push(await wire(r, c, key));
    return { person: read.body, ref: false, [key]: next, ...(n.truncated ? { truncated: true } : {}) };
  };

  const readers: readonly Reader[] = [
    { name: 'a member', prefix: '', member: true, token: () => owner },
    { name: 'a signed-in non-member', prefix: '', member: false, token: () => stranger },
    { name: 'an anonymous reader (public surface)', prefix: '/public', member: false, token: () => undefined },
  ];
  const generation = (g: number) => {
    const gens = tree.counts.perGeneration;
    const start = gens.slice(0, g).reduce((a, b) => a + b, 0);
    return tree.persons.slice(start, start + gens[g]!).map((p) => p.id);
  };
  const every = <A>(xs: readonly A[], n: number) => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / n)) === 0).slice(0, n);

  for (const r of readers) {
    it(`${r.name}: pedigrees and descendant charts as the lineage, the engine, the nesting and the person reads make them`, async () => {
      const gens = tree.counts.perGeneration.length;
      const odd = await db.query<{ id: string }>(
        `(select id from persons where tree_id = $1 and deleted_at is not null order by id limit 2) union all (select id from persons where tree_id = $1 and privacy = 'private' order by id limit 2)`, [tree.treeId]);
      const cases: [LineageDirection, string][] = [
        ...odd.rows.flatMap(({ id }): [LineageDirection, string][] => [['up', id], ['down', id]]),
        // Across the extra edges: rejoining lines up and down, and the cycles.
        ...every(extra, 16).flatMap(([a, b]): [LineageDirection, string][] => [['up', b], ['down', a]]),
        ...every(generation(gens - 1), 14).map((id): [LineageDirection, string] => ['up', id]),
        ...every(generation(gens - 3), 4).map((id): [LineageDirection, string] => ['up', id]),
        ...every(generation(2), 5).map((id): [LineageDirection, string] => ['down', id]),
        ...every(generation(1), 2).map((id): [LineageDirection, string] => ['down', id]),
      ];
      const now = new Date();
      const visibility: VisibilityMap = r.member ? { of: (id) => (id !== null && rows.has(id) ? 'full' : 'hidden') } : visibilityOfRows([...rows.values()], now);
      const seen = { charts: 0, redacted: 0, hidden: 0, refs: 0, missingRoots: 0 };
      for (const [direction, rootId] of cases) {
        for (const generations of [10, 3]) {
          const kind = direction === 'up' ? 'pedigree' : 'descendants';
          const key = direction === 'up' ? 'parents' : 'children';
          await new Promise((resolve) => setTimeout(resolve, 5));
          statements.length = 0;
          const res = await call('GET', `${r.prefix}/persons/${rootId}/${kind}?generations=${generations}`, r.token());
          const sent = [...statements];
          const expected = rows.has(rootId) ? nestChart(rootId, lineage(rootId, direction, generations), generations, visibility, direction) : null;
          const what = `${kind} of ${rootId}, ${generations} generations, for ${r.name}`;
          if (expected === null) {
            expect(res.status, `${what}: ${res.text}`).to.equal(404);
            expect((await personRead(r, rootId)).status, `${what}: the person read`).to.equal(404);
            seen.missingRoots++;
            continue;
          }
          expect(res.status, `${what}: ${res.text}`).to.equal(200);
          expect(res.body, what).to.deep.equal(await wire(r, expected, key));
          // One statement of the chart's own; the session's besides for a signed-in reader.
          expect(sent.filter((s) => s.includes('with recursive root')), `${what}:\n${sent.join('\n')}`).to.have.length(1);
          expect(sent.length, `${what}:\n${sent.join('\n')}`).to.be.at.most(r.token() === undefined ? 1 : 2);
          seen.charts++;
          seen.refs += (res.text.match(/"ref":true/g) ?? []).length;
          seen.redacted += (res.text.match(/"redacted":true/g) ?? []).length;
          seen.hidden += lineage(rootId, direction, generations).filter((st) => visibility.of(st.person.id) === 'hidden').length;
        }
      }
      // The cases reach what they are meant to: many charts, with references (pedigree collapse or
      // cousins) and, for a non-member, redacted boxes and persons left out.
      expect(seen.charts, JSON.stringify(seen)).to.be.at.least(40);
      expect(seen.refs, JSON.stringify(seen)).to.be.at.least(10);
      expect(seen.missingRoots, JSON.stringify(seen)).to.be.at.least(r.member ? 4 : 8);
      if (!r.member) expect(seen.redacted, JSON.stringify(seen)).to.be.at.least(10);
      if (!r.member) expect(seen.hidden, JSON.stringify(seen)).to.be.at.least(1);
    });
  }
});
