import { expect } from 'chai';
import { previewBrokenNames } from '../../core/cleanup/queries/preview-broken-names.js';
import { applyNames } from '../../core/cleanup/commands/apply-names.js';
import { makePrimaryName, updateName } from '../../core/people/commands/name-commands.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import { cleanupSetup, type CleanupFixture } from './cleanup-support.js';
import { left, right } from './support.js';

const names = async (fx: CleanupFixture, personId: Id) => {
  const all = await fx.deps.storage.names.listByPersons([personId]);
  return { primary: all.find((n) => n.isPrimary)!, others: all.filter((n) => !n.isPrimary) };
};

describe('cleanup: broken names preview (core, memory)', () => {
  it('flags each kind of broken primary name, with the name now and a suggested fix', async () => {
    const fx = await cleanupSetup();
    const dated = await fx.person({ givenName: 'John', surname: 'Smith 1850' });
    const datedGiven = await fx.person({ givenName: 'Mary b. 1852', surname: 'Jones' });
    const noSurname = await fx.person({ givenName: 'Heinrich', surname: '' });
    const packed = await fx.person({ givenName: 'John and Mary', surname: 'Baker' });
    const ampersand = await fx.person({ givenName: 'Anna & Karl', surname: 'Huber' });
    const german = await fx.person({ givenName: 'Hans u. Grete', surname: '' });
    await fx.person({ givenName: 'Anna Maria', surname: 'Müller' });
    await fx.person({ givenName: 'Andreas', surname: 'Sandberg' });
    const rows = new Map(right(await previewBrokenNames(fx.deps)(fx.owner, fx.tree.id)).map((r) => [r.personId, r]));
    expect(rows.size).to.equal(6);
    expect(rows.get(dated.id)).to.deep.include({
      flags: ['date_in_surname'], givenName: 'John', surname: 'Smith 1850', proposed: { givenName: 'John', surname: 'Smith' }, displayName: 'John Smith 1850',
    });
    expect(rows.get(datedGiven.id)).to.deep.include({ flags: ['date_in_given_name'], proposed: { givenName: 'Mary', surname: 'Jones' } });
    expect(rows.get(noSurname.id)).to.deep.include({ flags: ['no_surname'], proposed: { givenName: 'Heinrich', surname: '' } });
    expect(rows.get(packed.id)).to.deep.include({ flags: ['packed_given_names'], proposed: { givenName: 'John', surname: 'Baker' } });
    expect(rows.get(ampersand.id)).to.deep.include({ flags: ['packed_given_names'], proposed: { givenName: 'Anna', surname: 'Huber' } });
    expect(rows.get(german.id)).to.deep.include({ flags: ['no_surname', 'packed_given_names'], proposed: { givenName: 'Hans', surname: '' } });
    for (const r of rows.values()) expect(r.reason).to.be.a('string').and.not.equal('');
  });

  it('looks at the primary name only, and sorts by display name', async () => {
    const fx = await cleanupSetup();
    const b = await fx.person({ givenName: 'Bertha', surname: 'Kraus' });
    const alt = await fx.alternateName(b.id, 'Bertha', 'Kraus 1850');
    const a = await fx.person({ givenName: 'Adam', surname: '' });
    const c = await fx.person({ givenName: 'carl', surname: '' });
    const list = async () => right(await previewBrokenNames(fx.deps)(fx.owner, fx.tree.id)).map((r) => r.personId);
    expect(await list()).to.deep.equal([a.id, c.id]);
    right(await makePrimaryName(fx.deps)(fx.owner, b.id, alt.id));
    expect(await list()).to.deep.equal([a.id, b.id, c.id]);
  });

  it('is for editors: 403 for a viewer and a non-member', async () => {
    const fx = await cleanupSetup();
    await fx.person({ givenName: 'Adam', surname: '' });
    expect(right(await previewBrokenNames(fx.deps)(fx.editor, fx.tree.id))).to.have.length(1);
    expect(left(await previewBrokenNames(fx.deps)(fx.viewer, fx.tree.id))._tag).to.equal('Forbidden');
    expect(left(await previewBrokenNames(fx.deps)(fx.outsider, fx.tree.id))._tag).to.equal('Forbidden');
  });
});

describe('cleanup: apply names (core, memory)', () => {
  it("writes the caller's edited values over the primary name, not the suggestion, and audits them", async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'John and Mary', surname: 'Smith 1850' });
    await fx.alternateName(p.id, 'Johnny', 'Smith 1850');
    const q = await fx.person({ givenName: 'Heinrich', surname: '' });
    const [row] = right(await previewBrokenNames(fx.deps)(fx.owner, fx.tree.id)).filter((r) => r.personId === p.id);
    expect(row?.proposed).to.deep.equal({ givenName: 'John', surname: 'Smith' });
    const result = right(await applyNames(fx.deps)(fx.editor, fx.tree.id, [
      { personId: p.id, givenName: 'Johann', surname: 'Schmidt' }, { personId: q.id, givenName: 'Heinrich', surname: 'Vogel' },
    ]));
    expect(result).to.deep.equal({ updated: 2, skipped: [] });
    const after = await names(fx, p.id);
    expect(after.primary).to.include({ givenName: 'Johann', surname: 'Schmidt', isPrimary: true });
    expect(after.others.map((n) => [n.givenName, n.surname])).to.deep.equal([['Johnny', 'Smith 1850']]);
    expect((await names(fx, q.id)).primary).to.include({ givenName: 'Heinrich', surname: 'Vogel' });
    expect((await fx.audit('person.update')).map((e) => [e.entityId, e.details, e.actorId])).to.have.deep.members([
      // Which fields changed, never the names (issue 29).
      [p.id, { given_name: true, surname: true }, fx.editor.userId],
      [q.id, { given_name: true, surname: true }, fx.editor.userId],
    ]);
    expect((await fx.audit('cleanup.apply')).map((e) => e.details)).to.deep.equal([{ tool: 'names', requested: 2, updated: 2, skipped: 0 }]);
    expect(right(await previewBrokenNames(fx.deps)(fx.owner, fx.tree.id))).to.deep.equal([]);
  });

  it('keeps the prefix, suffix and surname prefix of the name it rewrites (issue 28)', async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'Jan', surname: 'Dijk 1850' });
    right(await updateName(fx.deps)(fx.owner, p.id, (await names(fx, p.id)).primary.id, { prefix: 'Dr.', suffix: 'Jr.', surnamePrefix: 'van' }));
    const rows = right(await previewBrokenNames(fx.deps)(fx.owner, fx.tree.id));
    expect(rows.map((r) => r.proposed)).to.deep.equal([{ givenName: 'Jan', surname: 'Dijk' }]);
    expect(right(await applyNames(fx.deps)(fx.owner, fx.tree.id, rows.map((r) => ({ personId: r.personId, ...r.proposed }))))).to.deep.equal({ updated: 1, skipped: [] });
    expect((await names(fx, p.id)).primary).to.include({ givenName: 'Jan', surname: 'Dijk', prefix: 'Dr.', suffix: 'Jr.', surnamePrefix: 'van' });
  });

  it('skips a name fixed between preview and apply as no_longer_flagged, keeping the fix', async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'John', surname: 'Smith 1850' });
    const q = await fx.person({ givenName: 'Mary', surname: 'Jones 1852' });
    const rows = right(await previewBrokenNames(fx.deps)(fx.owner, fx.tree.id));
    right(await updateName(fx.deps)(fx.owner, p.id, (await names(fx, p.id)).primary.id, { surname: 'Smythe' }));
    const result = right(await applyNames(fx.deps)(fx.owner, fx.tree.id, rows.map((r) => ({ personId: r.personId, ...r.proposed }))));
    expect(result).to.deep.equal({ updated: 1, skipped: [{ personId: p.id, reason: 'no_longer_flagged' }] });
    expect((await names(fx, p.id)).primary).to.include({ givenName: 'John', surname: 'Smythe' });
    expect((await names(fx, q.id)).primary).to.include({ givenName: 'Mary', surname: 'Jones' });
    expect((await fx.audit('person.update')).map((e) => e.entityId)).to.deep.equal([q.id]);
  });

  it('refuses unknown ids and a repeated person as InvalidInput, changing nothing; 403 for a viewer', async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'John', surname: '' });
    const err = left(await applyNames(fx.deps)(fx.owner, fx.tree.id, [{ personId: p.id, givenName: 'John', surname: 'Doe' }, { personId: newId(), givenName: 'X', surname: 'Y' }]));
    expect(err).to.include({ _tag: 'InvalidInput', code: 'unknown_person' });
    const twice = left(await applyNames(fx.deps)(fx.owner, fx.tree.id, [{ personId: p.id, givenName: 'John', surname: 'Doe' }, { personId: p.id, givenName: 'J', surname: 'D' }]));
    expect(twice).to.include({ _tag: 'InvalidInput', code: 'duplicate_person' });
    expect(left(await applyNames(fx.deps)(fx.viewer, fx.tree.id, [{ personId: p.id, givenName: 'John', surname: 'Doe' }]))._tag).to.equal('Forbidden');
    expect((await names(fx, p.id)).primary).to.include({ givenName: 'John', surname: '' });
    expect(await fx.audit('person.update')).to.deep.equal([]);
  });
});
