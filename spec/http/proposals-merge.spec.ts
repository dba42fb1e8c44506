import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { orderedPair } from '../../core/duplicates/model.js';
import { newId } from '../../core/kernel/ids.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// The proposal operation `merge` (issue 15): proposed by a member or the recommender, applied by an editor.

const must = async <T>(what: string, p: Promise<{ data?: T; response: Response; error?: unknown }>): Promise<T> => {
  const { data, response, error } = await p;
  if (data === undefined) throw new Error(`setup: ${what} ${response.status} ${JSON.stringify(error)}`);
  return data;
};
const pid = (id: string) => ({ params: { path: { id } } });
const y = (year: number) => ({ qualifier: 'exact' as const, year });

describe('HTTP proposal operation merge', function () {
  this.timeout(120_000);
  let svc: TestService;
  let c: ApiClient;
  let treeId: string;

  before(async () => {
    svc = await startTestService({ storage: 'memory' });
    const owner = await registerUser(svc, 'pm-owner@example.org');
    c = svc.client(owner.token);
    treeId = (await must('tree', c.POST('/trees', { body: { name: 'Proposals' } }))).id;
  });
  after(async () => svc.close());

  const person = async (given: string, surname: string, year = 1850) =>
    (await must('person', c.POST('/trees/{id}/persons', { ...pid(treeId), body: { given_name: given, surname, birth: { date: y(year) } } }))).id;
  const propose = (operations: unknown[]) =>
    c.POST('/trees/{id}/proposals', { ...pid(treeId), body: { summary: 'merge', operations: operations as never } });
  const apply = (id: string) => must('apply', c.POST('/trees/{id}/proposals/{pid}/apply', { params: { path: { id: treeId, pid: id } }, body: {} }));

  it('a merge operation applies through the merge command; its diff shows both persons', async () => {
    const [k, o] = [await person('Ida', 'Brandt'), await person('Ida', 'Brand')];
    const p = await must('propose', propose([{ op: 'merge', entity: 'person', id: k, data: { other_id: o } }]));
    const detail = await must('get', c.GET('/trees/{id}/proposals/{pid}', { params: { path: { id: treeId, pid: p.id } } }));
    const before = detail.diff[0]!.before as { person: { id: string }; other: { id: string } };
    expect([before.person.id, before.other.id]).to.deep.equal([k, o]);
    expect(detail.diff[0]!.after).to.deep.equal({ other_id: o });
    const applied = await apply(p.id);
    expect(applied).to.deep.include({ status: 'applied', apply_error: null });
    expect((await c.GET('/persons/{id}', pid(o))).response.status).to.equal(404);
    expect((await must('names', c.GET('/persons/{id}/names', pid(k)))).map((n) => n.surname).sort()).to.deep.equal(['Brand', 'Brandt']);
  });

  it('a merge may name persons created earlier in the proposal as "$ref"', async () => {
    const k = await person('Emil', 'Roth');
    const p = await must('propose', propose([
      { op: 'create', entity: 'person', ref: 'twin', data: { given_name: 'Emil', surname: 'Rot' } },
      { op: 'merge', entity: 'person', id: k, data: { other_id: '$twin' } },
    ]));
    expect(await apply(p.id)).to.deep.include({ status: 'applied', applied_count: 2 });
    expect((await must('names', c.GET('/persons/{id}/names', pid(k)))).map((n) => n.surname).sort()).to.deep.equal(['Rot', 'Roth']);
  });

  it('refuses a merge of another entity, without id or data, or with stray data (422)', async () => {
    const k = await person('Olga', 'Kern');
    for (const o of [
      { op: 'merge', entity: 'name', id: k, data: { other_id: k } },
      { op: 'merge', entity: 'person', data: { other_id: k } },
      { op: 'merge', entity: 'person', id: k },
      { op: 'merge', entity: 'person', id: k, data: { other_id: k, given_name: 'x' } },
      { op: 'merge', entity: 'person', id: k, data: { other_id: 'nope' } },
    ]) expect((await propose([o])).response.status, JSON.stringify(o)).to.equal(422);
  });

  it('a failing merge leaves the proposal pending with apply_error and both persons as they were', async () => {
    const k = await person('Paul', 'Lenz');
    const gone = await person('Paul', 'Lenz');
    const p = await must('propose', propose([{ op: 'merge', entity: 'person', id: k, data: { other_id: gone } }]));
    await must('delete', c.DELETE('/persons/{id}', pid(gone)));
    const failed = await apply(p.id);
    expect(failed.status).to.equal('pending');
    expect(failed.apply_error).to.include({ index: 0, code: 'invalid_input' });
    expect(failed.apply_error!.detail).to.match(/other_id/);
    expect((await c.GET('/persons/{id}', pid(k))).response.status).to.equal(200);
  });

  it('possible_duplicate recommendations carry a merge operation that can be proposed and applied as it is; dismissed pairs are left out', async () => {
    const ed = await person('Eduard', 'Huber', 1950);
    const twin = await person('Eduard', 'Huber', 1950);
    const rows = await must('recommend', c.GET('/trees/{id}/recommendations', { params: { path: { id: treeId }, query: { person_id: ed } } }));
    const dup = rows.find((r) => r.kind === 'possible_duplicate' && r.person_ids[1] === twin)!;
    expect(dup.operations).to.deep.equal([{ op: 'merge', entity: 'person', id: ed, data: { other_id: twin } }]);
    const p = await must('propose', propose(dup.operations));
    expect(await apply(p.id)).to.deep.include({ status: 'applied' });
    expect((await c.GET('/persons/{id}', pid(twin))).response.status).to.equal(404);

    const third = await person('Eduard', 'Huber', 1950);
    const listed = async () => (await must('recommend', c.GET('/trees/{id}/recommendations', { params: { path: { id: treeId }, query: { person_id: ed } } })))
      .filter((r) => r.kind === 'possible_duplicate').map((r) => r.person_ids[1]);
    expect(await listed()).to.include(third);
    const [a, b] = orderedPair(ed, third);
    await svc.storage.duplicates.dismiss({ id: newId(), treeId, personAId: a, personBId: b, dismissedBy: null, createdAt: new Date() });
    expect(await listed()).to.not.include(third);
  });
});
