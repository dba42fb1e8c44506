import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { MAX_DATA_CHARS, MAX_DATA_DEPTH, MAX_OPERATIONS } from '../../core/proposals/rules.js';
import { newId } from '../../core/kernel/ids.js';
import { exportZip, importZip, unzip } from '../support/account-archive.js';
import { expectRefused, rawZip } from '../support/hostile-zip.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 23, deliverable 5: proposals are data, never object keys. A ref or a data key named like an
// Object.prototype member, an apply whose "$ref" names nothing, data nested or sized past the codec's
// bounds, a restored proposal whose operation id is no id: each is answered (200, 422), never a 500,
// and a proposal is never stuck. Each case first proves the allowed caller gets 200 with a plain one.

const pid = (id: string) => ({ params: { path: { id } } });
const ppid = (id: string, p: string) => ({ params: { path: { id, pid: p } } });
/** A JSON text of `depth` objects, each inside the one before. */
const deep = (depth: number): string => `${'{"k":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const paths = (error: unknown): string[] => ((error as { errors?: { path: string }[] } | undefined)?.errors ?? []).map((e) => e.path);

describe('HTTP proposals: hostile refs, ids and data', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: ApiClient;
  let editor: ApiClient;
  let viewer: ApiClient;
  let ownerToken: string;
  let treeId: string;
  let anna: string;

  /** POST of a JSON text as it is (a body JSON.stringify could not write, or should not have to). */
  const postText = async (path: string, text: string): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${svc.baseUrl}/api/v1${path}`, { method: 'POST', headers: { Authorization: `Bearer ${ownerToken}`, 'Content-Type': 'application/json' }, body: text });
    const raw = await res.text();
    return { status: res.status, body: raw === '' ? null : JSON.parse(raw) };
  };
  const propose = async (operations: unknown[]) => {
    const r = await viewer.POST('/trees/{id}/proposals', { ...pid(treeId), body: { operations: operations as never } });
    expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
    return r.data!;
  };
  const apply = (p: string, operations?: unknown[]) =>
    editor.POST('/trees/{id}/proposals/{pid}/apply', { ...ppid(treeId, p), body: operations === undefined ? {} : { operations: operations as never } });
  const displayName = async (id: string) => (await owner.GET('/persons/{id}', pid(id))).data!.display_name;

  before(async () => {
    svc = await startTestService();
    const o = await registerUser(svc, 'owner@example.org');
    ownerToken = o.token;
    owner = svc.client(o.token);
    const e = await registerUser(svc, 'editor@example.org');
    const v = await registerUser(svc, 'viewer@example.org');
    editor = svc.client(e.token);
    viewer = svc.client(v.token);
    treeId = (await owner.POST('/trees', { body: { name: 'Family' } })).data!.id;
    for (const [email, role] of [[e.email, 'editor'], [v.email, 'viewer']] as const)
      expect((await owner.POST('/trees/{id}/members', { ...pid(treeId), body: { email, role } })).response.status).to.equal(201);
    anna = (await owner.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: 'Anna', surname: 'Huber' } })).data!.id;
  });
  after(() => svc.close());

  describe('(a) a ref or a data key named like a member of Object.prototype is a name like any other', () => {
    for (const ref of ['plain', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      it(`ref "${ref}" and "$${ref}": every member reads it (200), an editor applies it`, async () => {
        const p = await propose([
          { op: 'create', entity: 'person', ref, data: { given_name: 'Karl', surname: 'Alt' } },
          { op: 'update', entity: 'person', id: `$${ref}`, data: { surname: `Neu-${ref}` } },
        ]);
        for (const member of [owner, editor, viewer]) {
          const got = await member.GET('/trees/{id}/proposals/{pid}', ppid(treeId, p.id));
          expect(got.response.status, JSON.stringify(got.error)).to.equal(200);
          expect(got.data!.diff).to.deep.equal([
            { index: 0, before: null, after: { given_name: 'Karl', surname: 'Alt' } },
            { index: 1, before: null, after: { surname: `Neu-${ref}` } },
          ]);
        }
        const applied = await apply(p.id);
        expect(applied.response.status, JSON.stringify(applied.error)).to.equal(200);
        expect(applied.data).to.deep.include({ status: 'applied', applied_count: 2, apply_error: null });
        const karl = (await owner.GET('/trees/{id}/persons', pid(treeId))).data!.filter((x) => x.display_name === `Karl Neu-${ref}`);
        expect(karl).to.have.length(1);
        const read = await viewer.GET('/trees/{id}/proposals/{pid}', ppid(treeId, p.id));
        expect(read.response.status).to.equal(200);
        expect(read.data!.diff[1]).to.deep.equal({ index: 1, before: { surname: `Neu-${ref}` }, after: { surname: `Neu-${ref}` } });
      });
    }

    it('a data key "constructor" or "toString" has no current value (null), not the prototype\'s function', async () => {
      const p = await propose([{ op: 'update', entity: 'person', id: anna, data: { surname: 'Huber', constructor: 'x', toString: 'y' } }]);
      const got = await viewer.GET('/trees/{id}/proposals/{pid}', ppid(treeId, p.id));
      expect(got.response.status).to.equal(200);
      expect(got.data!.diff).to.deep.equal([{ index: 0, before: { surname: 'Huber', constructor: null, toString: null }, after: { surname: 'Huber', constructor: 'x', toString: 'y' } }]);
    });
  });

  describe('(b) an apply that fails leaves the proposal pending with apply_error, never stuck', () => {
    it('an edited "$ref" to a create applied without that ref: 200 pending with apply_error; a corrected apply works', async () => {
      const missing = newId();
      const p = await propose([
        { op: 'create', entity: 'person', data: { given_name: 'Lotte', surname: 'Stuck' } },
        { op: 'update', entity: 'person', id: missing, data: { surname: 'Frei' } },
      ]);
      const first = await apply(p.id);
      expect(first.response.status).to.equal(200);
      expect(first.data).to.deep.include({ status: 'pending', applied_count: 1, apply_error: { index: 1, code: 'not_found', detail: `No person ${missing} in this tree.` } });
      const edited = await apply(p.id, [
        { op: 'create', entity: 'person', ref: 'p1', data: { given_name: 'Lotte', surname: 'Stuck' } },
        { op: 'update', entity: 'person', id: '$p1', data: { surname: 'Frei' } },
      ]);
      expect(edited.response.status, JSON.stringify(edited.error)).to.equal(200);
      expect(edited.data).to.deep.include({ status: 'pending', applied_count: 1 });
      expect(edited.data!.apply_error).to.deep.include({ index: 1, code: 'unknown_ref' });
      // Read and applied again as it is now stored: still an answer, not a 500.
      expect((await viewer.GET('/trees/{id}/proposals/{pid}', ppid(treeId, p.id))).response.status).to.equal(200);
      const again = await apply(p.id);
      expect(again.response.status, JSON.stringify(again.error)).to.equal(200);
      expect(again.data).to.deep.include({ status: 'pending', applied_count: 1 });
      const lotte = (await owner.GET('/trees/{id}/persons', pid(treeId))).data!.filter((x) => x.display_name === 'Lotte Stuck');
      expect(lotte).to.have.length(1);
      const fixed = await apply(p.id, [
        { op: 'create', entity: 'person', data: { given_name: 'Lotte', surname: 'Stuck' } },
        { op: 'update', entity: 'person', id: lotte[0]!.id, data: { surname: 'Frei' } },
      ]);
      expect(fixed.response.status, JSON.stringify(fixed.error)).to.equal(200);
      expect(fixed.data).to.deep.include({ status: 'applied', applied_count: 2, apply_error: null });
      expect(await displayName(lotte[0]!.id)).to.equal('Lotte Frei');
    });
  });

  describe('(c) operations are bounded by the codec: 422 invalid_input with the operation\'s path', () => {
    const body = (data: string, op = '"create"', entity = '"source"') => `{"operations":[{"op":"create","entity":"source","data":{"title":"ok"}},{"op":${op},"entity":${entity},"data":${data}}]}`;

    it(`data nested ${MAX_DATA_DEPTH} deep is taken; ${MAX_DATA_DEPTH + 1} and 5,000 deep are refused, on propose and on an edited apply`, async () => {
      const taken = await postText(`/trees/${treeId}/proposals`, body(`{"title":"t","extra":${deep(MAX_DATA_DEPTH - 1)}}`));
      expect(taken.status, JSON.stringify(taken.body)).to.equal(201);
      for (const depth of [5000, MAX_DATA_DEPTH]) {
        const r = await postText(`/trees/${treeId}/proposals`, body(`{"title":"t","extra":${deep(depth)}}`));
        expect(r.status, JSON.stringify(r.body).slice(0, 500)).to.equal(422);
        expect(r.body.code).to.equal('invalid_input');
        expect(paths(r.body)).to.deep.equal(['operations[1].data']);
        const a = await postText(`/trees/${treeId}/proposals/${taken.body.id}/apply`, body(`{"title":"t","extra":${deep(depth)}}`));
        expect([a.status, a.body.code, paths(a.body)]).to.deep.equal([422, 'invalid_input', ['operations[1].data']]);
      }
    });

    it(`data of ${MAX_DATA_CHARS} characters of JSON is taken, one more is refused; at most ${MAX_OPERATIONS} operations`, async () => {
      const filler = (n: number) => `{"title":"t","extra":"${'x'.repeat(n - '{"title":"t","extra":""}'.length)}"}`;
      expect((await postText(`/trees/${treeId}/proposals`, body(filler(MAX_DATA_CHARS)))).status).to.equal(201);
      const big = await postText(`/trees/${treeId}/proposals`, body(filler(MAX_DATA_CHARS + 1)));
      expect([big.status, big.body.code, paths(big.body)]).to.deep.equal([422, 'invalid_input', ['operations[1].data']]);
      const one = '{"op":"create","entity":"source","data":{"title":"s"}}';
      const many = (n: number) => `{"operations":[${Array.from({ length: n }, () => one).join(',')}]}`;
      expect((await postText(`/trees/${treeId}/proposals`, many(MAX_OPERATIONS))).status).to.equal(201);
      const tooMany = await postText(`/trees/${treeId}/proposals`, many(MAX_OPERATIONS + 1));
      expect([tooMany.status, tooMany.body.code, paths(tooMany.body)]).to.deep.equal([422, 'invalid_input', ['operations']]);
    });

    it('an unknown op or entity names the operation\'s index (operations[1].op, operations[1].entity)', async () => {
      expect((await postText(`/trees/${treeId}/proposals`, body('{"title":"t"}'))).status).to.equal(201);
      const op = await postText(`/trees/${treeId}/proposals`, body('{"title":"t"}', '"rename"'));
      expect([op.status, op.body.code, paths(op.body)]).to.deep.equal([422, 'invalid_input', ['operations[1].op']]);
      const entity = await postText(`/trees/${treeId}/proposals`, body('{"title":"t"}', '"create"', '"planet"'));
      expect([entity.status, entity.body.code, paths(entity.body)]).to.deep.equal([422, 'invalid_input', ['operations[1].entity']]);
    });
  });

  describe('(d) stored ids are ids', () => {
    const restorer = async () => (await registerUser(svc, `heir-${newId()}@example.org`)).token;

    it('a backup whose proposal names an operation id "not-a-uuid" is refused (422 invalid_archive); the untampered one restores, reads and applies', async () => {
      const p = await propose([{ op: 'update', entity: 'person', id: anna, data: { surname: 'Restored' } }]);
      const zip = await unzip((await exportZip(svc, ownerToken)).bytes);
      const rezip = (tamper: (doc: any) => void): Buffer => {
        const doc = JSON.parse(zip.get('account.json')!.toString('utf8'));
        tamper(doc);
        return rawZip([...zip].map(([name, data]) => ({ name, data: name === 'account.json' ? Buffer.from(JSON.stringify(doc)) : data })));
      };
      const token = await restorer();
      const restored = await importZip(svc, token, rezip(() => undefined));
      expect(restored.status, JSON.stringify(restored.body)).to.equal(201);
      const heir = svc.client(token);
      const newTree = restored.body.trees[0].id as string;
      const listed = (await heir.GET('/trees/{id}/proposals', pid(newTree))).data!;
      const copy = listed.find((x) => x.summary === p.summary && x.operations[0]!.data?.['surname'] === 'Restored')!;
      expect((await heir.GET('/trees/{id}/proposals/{pid}', ppid(newTree, copy.id))).response.status).to.equal(200);
      const applied = await heir.POST('/trees/{id}/proposals/{pid}/apply', { ...ppid(newTree, copy.id), body: {} });
      expect(applied.data, JSON.stringify(applied.error)).to.deep.include({ status: 'applied' });

      const at = (doc: any) => doc.trees.find((x: any) => x.id === treeId).proposals.find((x: any) => x.id === p.id);
      expectRefused(await importZip(svc, await restorer(), rezip((doc) => (at(doc).operations[0].id = 'not-a-uuid'))), 'not-a-uuid');
      expectRefused(await importZip(svc, await restorer(), rezip((doc) => (at(doc).operations[0].data = { surname: JSON.parse(deep(50)) }))), 'operations[0].data');
      expectRefused(await importZip(svc, await restorer(), rezip((doc) => (at(doc).operations[0] = { op: 'update', entity: 'person', data: {} }))), 'operations[0].id');
    });

    it('a proposal stored with a bad id before these checks reads (200) and applies to an apply_error, not a 500', async () => {
      const plain = await propose([{ op: 'update', entity: 'person', id: anna, data: { surname: 'Huber' } }]);
      expect((await viewer.GET('/trees/{id}/proposals/{pid}', ppid(treeId, plain.id))).response.status).to.equal(200);
      const id = newId();
      await svc.storage.proposals.insert({
        id, treeId, status: 'pending', origin: 'contributor', summary: 'old row',
        operations: [{ op: 'update', entity: 'person', id: 'not-a-uuid', data: { surname: 'x' } }, { op: 'merge', entity: 'person', id: anna, data: { other_id: 'not-a-uuid' } }],
        proposerId: null, reviewerId: null, applyError: null, appliedCount: 0, refs: new Map(), createdAt: new Date(), decidedAt: null,
      });
      const got = await viewer.GET('/trees/{id}/proposals/{pid}', ppid(treeId, id));
      expect(got.response.status, JSON.stringify(got.error)).to.equal(200);
      expect(got.data!.diff[0]).to.deep.equal({ index: 0, before: null, after: { surname: 'x' } });
      expect(got.data!.diff[1]!.before).to.deep.include({ other: null });
      const applied = await apply(id);
      expect(applied.response.status, JSON.stringify(applied.error)).to.equal(200);
      expect(applied.data).to.deep.include({ status: 'pending', applied_count: 0 });
      expect(applied.data!.apply_error).to.deep.include({ index: 0, code: 'not_found' });
      expect(await displayName(anna)).to.equal('Anna Huber');
    });
  });
});
