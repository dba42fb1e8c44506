import { expect } from 'chai';
import { recommend } from '../../core/kinship/queries/recommend.js';
import { createRelationship } from '../../core/people/commands/relationship-commands.js';
import { cleanupSetup, year } from './cleanup-support.js';
import { left, right } from './support.js';

// The recommender's own ranking (issue 11), on memory storage.

describe('recommend (core, memory)', () => {
  it('finds a duplicate, a parent, a child and a partner among people not yet connected; operations are ready proposals', async () => {
    const fx = await cleanupSetup();
    const ed = (await fx.person({ givenName: 'Eduard', surname: 'Huber', sex: 'male', birth: { date: year(1950), place: 'Graz' } })).id;
    const twin = (await fx.person({ givenName: 'Eduard', surname: 'Huber', birth: { date: year(1950) } })).id;
    const karl = (await fx.person({ givenName: 'Karl', surname: 'Huber', sex: 'male', birth: { date: year(1922), place: 'Graz' } })).id;
    const paul = (await fx.person({ givenName: 'Paul', surname: 'Huber', birth: { date: year(1978) } })).id;
    const linked = (await fx.person({ givenName: 'Otto', surname: 'Huber', birth: { date: year(1980) } })).id;
    await fx.parentOf(ed, linked);
    const kim = (await fx.person({ givenName: 'Kim', surname: 'Berg' })).id;
    const mary = (await fx.person({ givenName: 'Mary', surname: 'Berg', sex: 'female' })).id;
    await fx.parentOf(ed, kim);
    await fx.parentOf(mary, kim);
    const rows = right(await recommend({ storage: fx.deps.storage, searchThreshold: 0.2 })(fx.viewer, fx.tree.id, ed));
    const byKind = (k: string) => rows.filter((r) => r.kind === k).map((r) => r.personIds[1]);
    expect(byKind('possible_duplicate')).to.deep.equal([twin]);
    expect(byKind('possible_parent')).to.deep.equal([karl]);
    expect(byKind('possible_child')).to.deep.equal([paul]);
    expect(byKind('possible_partner')).to.deep.equal([mary]);
    expect(rows.flatMap((r) => r.personIds)).to.not.include(linked);
    const parent = rows.find((r) => r.kind === 'possible_parent')!;
    expect(parent.operations).to.deep.equal([{ op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: karl, person_b_id: ed, qualifier: 'biological' } }]);
    expect(parent.reasons.join(' ')).to.match(/same place/);
    expect(rows.map((r) => r.score)).to.deep.equal([...rows.map((r) => r.score)].sort((a, b) => b - a));
    expect(left(await recommend({ storage: fx.deps.storage, searchThreshold: 0.2 })(fx.outsider, fx.tree.id, ed))._tag).to.equal('Forbidden');
  });

  it('counts an association as no connection: a godfather may still be a parent, a witness a duplicate', async () => {
    const fx = await cleanupSetup();
    const ed = (await fx.person({ givenName: 'Eduard', surname: 'Huber', sex: 'male', birth: { date: year(1950), place: 'Graz' } })).id;
    const twin = (await fx.person({ givenName: 'Eduard', surname: 'Huber', birth: { date: year(1950) } })).id;
    const karl = (await fx.person({ givenName: 'Karl', surname: 'Huber', sex: 'male', birth: { date: year(1922), place: 'Graz' } })).id;
    for (const [other, role] of [[karl, 'Godfather'], [twin, 'Witness']] as const)
      right(await createRelationship(fx.deps)(fx.owner, fx.tree.id, { type: 'association', personAId: ed, personBId: other, role }));
    const rows = right(await recommend({ storage: fx.deps.storage, searchThreshold: 0.2 })(fx.viewer, fx.tree.id, ed));
    const byKind = (k: string) => rows.filter((r) => r.kind === k).map((r) => r.personIds[1]);
    expect(byKind('possible_duplicate')).to.deep.equal([twin]);
    expect(byKind('possible_parent')).to.deep.equal([karl]);
  });
});
