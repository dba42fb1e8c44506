import { expect } from 'chai';
import { inlined, visibilityIs } from '../../adapters/postgres/privacy-sql.js';
import { numbered } from '../../adapters/postgres/sql.js';
import { treeOfText } from '../../adapters/postgres/tables/trees.js';

// Issue 27: what a hot read sends and converts at every request, cut without changing an answer.
// The privacy rule's constants are written into the statement as literals (inlined); the tree row
// is converted once per text (treeOfText). The contracts (person-list-json, names, privacy-filter)
// hold the answers; these hold the pieces.

describe('the privacy rule written with literals (inlined)', () => {
  it('writes each placeholder as its literal, in order', () => {
    const f = inlined({ sql: 'a = ?::text and b = ?::int and c = ?::boolean and d is not distinct from ? and e = ?', params: ["o'x", -3, true, null, 'full'] });
    expect(f).to.deep.equal({ sql: "a = 'o''x'::text and b = (-3)::int and c = true::boolean and d is not distinct from null and e = 'full'", params: [] });
  });

  it('leaves no placeholder of the rule, so a statement around it numbers only its own', () => {
    const now = new Date(Date.UTC(2026, 5, 1));
    const rule = visibilityIs('p', now, 'full');
    expect(rule.params.length).to.be.greaterThan(5);
    const text = inlined(rule).sql;
    expect(text).to.not.include('?');
    expect(text).to.include('(2026)::int');
    expect(numbered(`select ? from persons p where ${text} and p.id = ?`)).to.match(/^select \$1 from persons p where .* and p\.id = \$2$/s);
  });

  it('refuses what it cannot write as a literal of its own: a ? or backslash in a string, a fraction, a date, a count that does not match', () => {
    expect(() => inlined({ sql: 'a = ?', params: ['a?b'] })).to.throw(/no literal/);
    expect(() => inlined({ sql: 'a = ?', params: ['a\\b'] })).to.throw(/no literal/);
    expect(() => inlined({ sql: 'a = ?', params: [1.5] })).to.throw(/no literal/);
    expect(() => inlined({ sql: 'a = ?', params: [new Date()] })).to.throw(/no literal/);
    expect(() => inlined({ sql: 'a = ? and b = ?', params: ['x'] })).to.throw(/no literal/);
    expect(() => inlined({ sql: 'a = ?', params: ['x', 'y'] })).to.throw(/1 placeholders for 2 parameters/);
  });
});

describe('a tree from its row as text (treeOfText)', () => {
  const row = (name: string, seq: number) => JSON.stringify({
    id: '019b76da-a800-700c-b1af-e3e28d839be1', name, change_seq: seq, created_at: '2026-11-25T22:39:10.718+00:00', deleted_at: null,
    updated_at: '2026-11-25T22:39:10.718+00:00', visibility: 'public', description: 'd', home_person_id: null, ai_member_provider: null, ai_recommender_provider: null,
  });

  it('converts the row as the table does, with the owner and role, frozen', () => {
    const tree = treeOfText(row('Lovelace', 1), 'u1', 'editor');
    expect(tree).to.deep.equal({
      id: '019b76da-a800-700c-b1af-e3e28d839be1', name: 'Lovelace', description: 'd', visibility: 'public', homePersonId: null, aiMemberProvider: null,
      aiRecommenderProvider: null, createdAt: new Date('2026-11-25T22:39:10.718Z'), updatedAt: new Date('2026-11-25T22:39:10.718Z'), deletedAt: null,
      ownerId: 'u1', role: 'editor',
    });
    expect(Object.isFrozen(tree)).to.equal(true);
  });

  it('answers the same object for the same row, owner and role, and another when any of them differs', () => {
    const a = treeOfText(row('Lovelace', 2), 'u1', 'viewer');
    expect(treeOfText(row('Lovelace', 2), 'u1', 'viewer')).to.equal(a);
    expect(treeOfText(row('Lovelace', 2), 'u1', null).role).to.equal(null);
    expect(treeOfText(row('Lovelace', 2), 'u2', 'viewer').ownerId).to.equal('u2');
    expect(treeOfText(row('Byron', 3), 'u1', 'viewer').name).to.equal('Byron');
    expect(treeOfText(row('Lovelace', 2), 'u1', 'viewer')).to.equal(a);
  });
});
