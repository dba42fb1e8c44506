import { expect } from 'chai';
import { previewDeceasedByBirthYear } from '../../core/cleanup/queries/preview-deceased-by-birth-year.js';
import { previewDeceasedByChild } from '../../core/cleanup/queries/preview-deceased-by-child.js';
import { applyDeceased } from '../../core/cleanup/commands/apply-deceased.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { deletePerson } from '../../core/people/commands/delete-person.js';
import { deleteEvent } from '../../core/people/commands/event-commands.js';
import { deleteRelationship } from '../../core/people/commands/relationship-commands.js';
import { deathFacts, parentChildQualifiers } from '../../core/people/model.js';
import { newId } from '../../core/kernel/ids.js';
import { cleanupSetup, ids, year } from './cleanup-support.js';
import { left, right } from './support.js';

describe('cleanup: deceased by birth year (core, memory)', () => {
  it('includes the cutoff year itself and leaves out the year after', async () => {
    const fx = await cleanupSetup();
    const on = await fx.person({ givenName: 'On', surname: 'Cutoff', birth: { date: year(1900) } });
    await fx.person({ givenName: 'After', surname: 'Cutoff', birth: { date: year(1901) } });
    const rows = right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id, 1900));
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({ personId: on.id, displayName: 'On Cutoff', birthYear: 1900, isLiving: null });
    expect(rows[0]!.reason).to.be.a('string').and.not.equal('');
  });

  it('defaults the cutoff to 1930', async () => {
    const fx = await cleanupSetup();
    const on = await fx.person({ givenName: 'A', surname: 'X', birth: { date: year(1930) } });
    await fx.person({ givenName: 'B', surname: 'X', birth: { date: year(1931) } });
    expect(ids(right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id)))).to.deep.equal([on.id]);
  });

  it('reads the latest year a date allows: about, between, before, after, dual years', async () => {
    const fx = await cleanupSetup();
    const about = await fx.person({ givenName: 'About', birth: { date: { qualifier: 'about', year: 1930 } } });
    const between = await fx.person({ givenName: 'Between', birth: { date: { qualifier: 'between', year: 1920, endYear: 1935 } } });
    const before = await fx.person({ givenName: 'Before', birth: { date: { qualifier: 'before', year: 1930 } } });
    await fx.person({ givenName: 'After', birth: { date: { qualifier: 'after', year: 1800 } } });
    const dual = await fx.person({ givenName: 'Dual', birth: { date: { qualifier: 'exact', year: 1930, dualYear: true } } });
    const at = async (cutoff: number) => right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id, cutoff));
    expect(ids(await at(1930))).to.have.members([about.id, before.id]);
    expect(ids(await at(1931))).to.have.members([about.id, before.id, dual.id]);
    expect((await at(1931)).find((r) => r.personId === dual.id)?.birthYear).to.equal(1931);
    expect(ids(await at(1934))).to.not.include(between.id);
    const at1935 = await at(1935);
    expect(at1935.find((r) => r.personId === between.id)?.birthYear).to.equal(1935);
    // "after 1800" has no latest year: not a known birth year, never listed.
    expect(ids(await at(9999))).to.have.members([about.id, between.id, before.id, dual.id]);
  });

  it('takes a baptism when there is no birth, and the birth over a baptism', async () => {
    const fx = await cleanupSetup();
    const baptised = await fx.person({ givenName: 'Baptised' });
    await fx.event(baptised.id, 'baptism', year(1850));
    const christened = await fx.person({ givenName: 'Christened' });
    await fx.event(christened.id, 'christening', year(1860));
    const born = await fx.person({ givenName: 'Born', birth: { date: year(1950) } });
    await fx.event(born.id, 'baptism', year(1850));
    // An undated birth (a BIRT with only a place, common in imports) does not hide a dated baptism.
    const undated = await fx.person({ givenName: 'Undated', birth: { place: 'Bremen' } });
    await fx.event(undated.id, 'baptism', year(1870));
    const rows = right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id, 1930));
    expect(rows.map((r) => [r.personId, r.birthYear])).to.have.deep.members([[baptised.id, 1850], [christened.id, 1860], [undated.id, 1870]]);
  });

  it('leaves out people already deceased: is_living false or any death fact; lists is_living true', async () => {
    const fx = await cleanupSetup();
    await fx.person({ givenName: 'Flagged', isLiving: false, birth: { date: year(1800) } });
    for (const type of deathFacts) {
      const p = await fx.person({ givenName: `Fact ${type}`, birth: { date: year(1800) } });
      await fx.event(p.id, type, null);
    }
    const living = await fx.person({ givenName: 'Living', isLiving: true, birth: { date: year(1800) } });
    const rows = right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id));
    expect(ids(rows)).to.deep.equal([living.id]);
    expect(rows[0]?.isLiving).to.equal(true);
  });

  it('ignores deleted persons and deleted birth facts', async () => {
    const fx = await cleanupSetup();
    const gone = await fx.person({ givenName: 'Gone', birth: { date: year(1800) } });
    right(await deletePerson(fx.deps)(fx.owner, gone.id, false));
    const p = await fx.person({ givenName: 'Rebirth' });
    const birth = await fx.event(p.id, 'birth', year(1800));
    await fx.event(p.id, 'baptism', year(1990));
    const q = await fx.person({ givenName: 'Undone' });
    const only = await fx.event(q.id, 'birth', year(1800));
    // A deleted death fact does not make anyone deceased either.
    const r = await fx.person({ givenName: 'Resurrected', birth: { date: year(1800) } });
    const death = await fx.event(r.id, 'death', null);
    expect(ids(right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id)))).to.have.members([p.id, q.id]);
    for (const e of [birth, only, death]) right(await deleteEvent(fx.deps)(fx.owner, e.id));
    expect(ids(right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id)))).to.deep.equal([r.id]);
  });

  it('sorts rows by display name, case and accents aside', async () => {
    const fx = await cleanupSetup();
    for (const [g, s] of [['Zoe', 'Adams'], ['anna', 'Brown'], ['Carl', 'Adams'], ['Bert', 'adams'], ['Ärne', 'Z'], ['Élise', 'Z']]) await fx.person({ givenName: g, surname: s, birth: { date: year(1800) } });
    const rows = right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id));
    expect(rows.map((r) => r.displayName)).to.deep.equal(['anna Brown', 'Ärne Z', 'Bert adams', 'Carl Adams', 'Élise Z', 'Zoe Adams']);
  });

  it('answers editors and owners; 403 for a viewer and a non-member, 404 for an unknown tree', async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'Old', birth: { date: year(1800) } });
    expect(ids(right(await previewDeceasedByBirthYear(fx.deps)(fx.editor, fx.tree.id)))).to.deep.equal([p.id]);
    expect(left(await previewDeceasedByBirthYear(fx.deps)(fx.viewer, fx.tree.id))._tag).to.equal('Forbidden');
    expect(left(await previewDeceasedByBirthYear(fx.deps)(fx.outsider, fx.tree.id))._tag).to.equal('Forbidden');
    expect(left(await previewDeceasedByBirthYear(fx.deps)(fx.owner, newId()))._tag).to.equal('NotFound');
    expect(left(await previewDeceasedByChild(fx.deps)(fx.viewer, fx.tree.id, 1900))._tag).to.equal('Forbidden');
    expect(left(await previewDeceasedByChild(fx.deps)(fx.outsider, fx.tree.id, 1900))._tag).to.equal('Forbidden');
  });
});

describe('cleanup: deceased by child (core, memory)', () => {
  it('lists a parent of a child born on the year, not after it', async () => {
    const fx = await cleanupSetup();
    const parent = await fx.person({ givenName: 'Parent', surname: 'On' });
    const child = await fx.person({ givenName: 'Child', surname: 'On', birth: { date: year(1900) } });
    await fx.parentOf(parent.id, child.id);
    const late = await fx.person({ givenName: 'Parent', surname: 'Late' });
    await fx.parentOf(late.id, (await fx.person({ givenName: 'Child', surname: 'Late', birth: { date: year(1901) } })).id);
    const rows = right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900));
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({ personId: parent.id, displayName: 'Parent On', childBirthYear: 1900, childId: child.id });
  });

  it('leaves out a parent already deceased (is_living false or a death fact)', async () => {
    const fx = await cleanupSetup();
    const child = await fx.person({ givenName: 'Child', birth: { date: year(1850) } });
    const flagged = await fx.person({ givenName: 'Flagged', isLiving: false });
    const buried = await fx.person({ givenName: 'Buried' });
    await fx.event(buried.id, 'burial', year(1880));
    const open = await fx.person({ givenName: 'Open' });
    for (const p of [flagged, buried, open]) await fx.parentOf(p.id, child.id);
    expect(ids(right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900)))).to.deep.equal([open.id]);
  });

  it('lists both parents of a child with two parent edges, whatever the qualifier', async () => {
    const fx = await cleanupSetup();
    const child = await fx.person({ givenName: 'Child', birth: { date: year(1850) } });
    const mother = await fx.person({ givenName: 'Mother', sex: 'female' });
    const father = await fx.person({ givenName: 'Father', sex: 'male' });
    await fx.parentOf(mother.id, child.id, 'biological');
    await fx.parentOf(father.id, child.id, 'adoptive');
    const rows = right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900));
    expect(rows.map((r) => [r.personId, r.childId])).to.deep.equal([[father.id, child.id], [mother.id, child.id]]);
    const others = [];
    for (const qualifier of parentChildQualifiers) {
      const parent = await fx.person({ givenName: `Parent ${qualifier}` });
      await fx.parentOf(parent.id, (await fx.person({ givenName: `Child ${qualifier}`, birth: { date: year(1850) } })).id, qualifier);
      others.push(parent.id);
    }
    expect(ids(right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900)))).to.include.members(others);
  });

  it('reports the earliest born of the children that qualify', async () => {
    const fx = await cleanupSetup();
    const parent = await fx.person({ givenName: 'Parent' });
    const born = async (y: number) => (await fx.person({ givenName: `Child ${y}`, birth: { date: year(y) } })).id;
    for (const y of [1890, 1875, 1899]) await fx.parentOf(parent.id, await born(y));
    // The earliest is a baptism-only child: any birth fact's year counts.
    const baptised = await fx.person({ givenName: 'Baptised' });
    await fx.event(baptised.id, 'baptism', year(1870));
    await fx.parentOf(parent.id, baptised.id);
    const rows = right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1880));
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({ personId: parent.id, childBirthYear: 1870, childId: baptised.id });
    expect(right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900))[0]).to.deep.include({ childBirthYear: 1870, childId: baptised.id });
  });

  it('names the lowest child id when two qualifying children share the earliest year', async () => {
    const fx = await cleanupSetup();
    const parent = await fx.person({ givenName: 'Parent' });
    const twins = [await fx.person({ givenName: 'Twin', birth: { date: year(1850) } }), await fx.person({ givenName: 'Twin', birth: { date: year(1850) } })];
    for (const t of [...twins].reverse()) await fx.parentOf(parent.id, t.id);
    const lowest = twins.map((t) => t.id).sort()[0];
    expect(right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900))[0]).to.deep.include({ childBirthYear: 1850, childId: lowest });
  });

  it('ignores a deleted edge, a deleted child and a child with no birth year', async () => {
    const fx = await cleanupSetup();
    const a = await fx.person({ givenName: 'A' });
    const b = await fx.person({ givenName: 'B' });
    const c = await fx.person({ givenName: 'C' });
    const edge = await fx.parentOf(a.id, (await fx.person({ givenName: 'Child A', birth: { date: year(1850) } })).id);
    const childB = await fx.person({ givenName: 'Child B', birth: { date: year(1850) } });
    await fx.parentOf(b.id, childB.id);
    await fx.parentOf(c.id, (await fx.person({ givenName: 'Child C' })).id);
    expect(ids(right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900)))).to.deep.equal([a.id, b.id]);
    right(await deleteRelationship(fx.deps)(fx.owner, edge.id));
    right(await deletePerson(fx.deps)(fx.owner, childB.id, false));
    expect(right(await previewDeceasedByChild(fx.deps)(fx.owner, fx.tree.id, 1900))).to.deep.equal([]);
  });
});

describe('cleanup: apply deceased (core, memory)', () => {
  it('sets is_living false on the kept rows and skips the deceased and the deleted', async () => {
    const fx = await cleanupSetup();
    const open = await fx.person({ givenName: 'Open', birth: { date: year(1800) } });
    const living = await fx.person({ givenName: 'Living', isLiving: true });
    const flagged = await fx.person({ givenName: 'Flagged', isLiving: false });
    const buried = await fx.person({ givenName: 'Buried' });
    await fx.event(buried.id, 'probate', null);
    const gone = await fx.person({ givenName: 'Gone' });
    right(await deletePerson(fx.deps)(fx.owner, gone.id, false));
    const untouched = await fx.person({ givenName: 'Untouched' });
    const result = right(await applyDeceased(fx.deps)(fx.editor, fx.tree.id, [open.id, living.id, flagged.id, buried.id, gone.id]));
    expect(result.updated).to.equal(2);
    expect(result.skipped).to.have.deep.members([
      { personId: flagged.id, reason: 'already_deceased' },
      { personId: buried.id, reason: 'already_deceased' },
      { personId: gone.id, reason: 'deleted' },
    ]);
    expect((await fx.stored(open.id)).isLiving).to.equal(false);
    expect((await fx.stored(living.id)).isLiving).to.equal(false);
    expect((await fx.stored(buried.id)).isLiving).to.equal(null);
    expect((await fx.stored(untouched.id)).isLiving).to.equal(null);
    expect(right(await previewDeceasedByBirthYear(fx.deps)(fx.owner, fx.tree.id))).to.deep.equal([]);
  });

  it('writes one person.update per changed person and one cleanup.apply with the tool and counts', async () => {
    const fx = await cleanupSetup();
    const a = await fx.person({ givenName: 'A' });
    const b = await fx.person({ givenName: 'B' });
    const dead = await fx.person({ givenName: 'Dead', isLiving: false });
    const result = right(await applyDeceased(fx.deps)(fx.editor, fx.tree.id, [a.id, b.id, a.id, dead.id]));
    expect(result).to.deep.equal({ updated: 2, skipped: [{ personId: dead.id, reason: 'already_deceased' }] });
    const updates = await fx.audit('person.update');
    expect(updates.map((e) => e.entityId)).to.have.members([a.id, b.id]);
    for (const e of updates) expect(e).to.deep.include({ actorId: fx.editor.userId, entityType: 'person', details: { is_living: false } });
    const applies = await fx.audit('cleanup.apply');
    expect(applies).to.have.length(1);
    expect(applies[0]).to.deep.include({ actorId: fx.editor.userId, entityType: 'tree', entityId: fx.tree.id });
    // A repeated id is one person: requested counts it once.
    expect(applies[0]!.details).to.deep.equal({ tool: 'deceased', requested: 3, updated: 2, skipped: 1 });
  });

  it('refuses unknown ids and persons of another tree as InvalidInput, changing nothing', async () => {
    const fx = await cleanupSetup();
    const kept = await fx.person({ givenName: 'Kept', birth: { date: year(1800) } });
    const other = right(await createTree(fx.deps)(fx.owner, { name: 'Other' }));
    const stranger = await fx.person({ givenName: 'Stranger' }, other.id);
    const before = (await fx.deps.storage.audit.listForTree(fx.tree.id, { limit: 1000 })).length;
    for (const bad of [newId(), stranger.id]) {
      // The path names the id's place in the request, a repeated id before it counted.
      const err = left(await applyDeceased(fx.deps)(fx.owner, fx.tree.id, [kept.id, kept.id, bad]));
      expect(err).to.include({ _tag: 'InvalidInput', code: 'unknown_person' });
      expect(err._tag === 'InvalidInput' && err.errors).to.deep.equal([{ path: 'person_ids[2]', message: `no person ${bad} in this tree` }]);
    }
    expect((await fx.stored(kept.id)).isLiving).to.equal(null);
    expect((await fx.stored(stranger.id)).isLiving).to.equal(null);
    expect(await fx.deps.storage.audit.listForTree(fx.tree.id, { limit: 1000 })).to.have.length(before);
  });

  it('is for editors: 403 for a viewer and a non-member, with nothing changed', async () => {
    const fx = await cleanupSetup();
    const p = await fx.person({ givenName: 'P' });
    expect(left(await applyDeceased(fx.deps)(fx.viewer, fx.tree.id, [p.id]))._tag).to.equal('Forbidden');
    expect(left(await applyDeceased(fx.deps)(fx.outsider, fx.tree.id, [p.id]))._tag).to.equal('Forbidden');
    expect((await fx.stored(p.id)).isLiving).to.equal(null);
  });
});
