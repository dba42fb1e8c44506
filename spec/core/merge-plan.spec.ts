import { expect } from 'chai';
import { planMerge, type MergeInput } from '../../core/merge/plan.js';
import { newId } from '../../core/kernel/ids.js';
import type { Media } from '../../core/media/model.js';
import { aCitation, aName, aPerson, aRelationship, anEvent, at } from '../contracts/fixtures.js';

// The merge plan (core/merge/plan.ts): what moves, what stays as a duplicate, what is dropped.

const T = newId();
const NOW = at('2026-06-01T00:00:00.000Z');
const exact = (year: number) => ({ qualifier: 'exact' as const, year });

const aMedia = (target: Media['target']): Media => ({
  id: newId(), treeId: T, title: 'photo', fileName: 'a.png', contentType: 'image/png', size: 1, checksum: 'x', target, storageKey: 'k', filePath: '', form: '',
  createdBy: null, createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null,
});

const setup = () => {
  const K = aPerson(T, { notes: 'Kept notes.' });
  const O = aPerson(T, { notes: 'Other notes.' });
  const input: MergeInput = { kept: K, other: O, names: [], events: [], relationships: [], citations: [], media: [] };
  return { K, O, input };
};

describe('merge plan', () => {
  it('moves names as alternates, keeping an exact duplicate (trimmed, any case, accents count) on the other; its citations go to the twin', () => {
    const { K, O, input } = setup();
    const kName = aName(K, { givenName: 'Anna', surname: 'Müller' });
    const dup = aName(O, { givenName: ' anna ', surname: 'MÜLLER', isPrimary: true });
    const accent = aName(O, { givenName: 'Anna', surname: 'Muller', isPrimary: false, nameType: 'married', notes: 'from the 1850 census' });
    const cite = aCitation(T, newId(), { kind: 'name', id: dup.id });
    const citeMoved = aCitation(T, newId(), { kind: 'name', id: accent.id });
    const plan = planMerge({ ...input, names: [kName, dup, accent], citations: [cite, citeMoved] }, NOW);
    expect(plan.names.duplicates.map((d) => [d.record.id, d.keptId])).to.deep.equal([[dup.id, kName.id]]);
    expect(plan.names.moved).to.deep.equal([{ ...accent, personId: K.id, isPrimary: false }]);
    expect(plan.citations.map((c) => [c.before.id, c.after.target])).to.deep.equal([[cite.id, { kind: 'name', id: kName.id }]]);
    expect(plan.moves.names).to.deep.equal([{ id: accent.id, isPrimary: false }]);
  });

  it('moves events unless an exact duplicate (type, custom type, date, place, detail); duplicates keep their citations and media on the twin', () => {
    const { K, O, input } = setup();
    const place = newId();
    const kBirth = anEvent(T, { personId: K.id }, { type: 'birth', date: { year: 1850, qualifier: 'exact' }, placeId: place });
    const oBirth = anEvent(T, { personId: O.id }, { type: 'birth', date: exact(1850), placeId: place });
    const oOtherPlace = anEvent(T, { personId: O.id }, { type: 'birth', date: exact(1850), placeId: newId() });
    const oDeath = anEvent(T, { personId: O.id }, { type: 'death', date: exact(1900) });
    const media = aMedia({ kind: 'event', id: oBirth.id });
    const cite = aCitation(T, newId(), { kind: 'event', id: oBirth.id });
    const plan = planMerge({ ...input, events: [kBirth, oBirth, oOtherPlace, oDeath], media: [media], citations: [cite] }, NOW);
    expect(plan.events.duplicates.map((d) => [d.record.id, d.keptId])).to.deep.equal([[oBirth.id, kBirth.id]]);
    expect(plan.events.moved.map((e) => e.id).sort()).to.deep.equal([oOtherPlace.id, oDeath.id].sort());
    expect(plan.events.moved.every((e) => e.personId === K.id)).to.equal(true);
    expect(plan.media.map((m) => m.after.target)).to.deep.equal([{ kind: 'event', id: kBirth.id }]);
    expect(plan.citations.map((c) => c.after.target)).to.deep.equal([{ kind: 'event', id: kBirth.id }]);
  });

  it('drops an edge between the two (a self-edge) and a duplicate edge, reports a qualifier conflict, re-points the rest', () => {
    const { K, O, input } = setup();
    const [X, Y, Z] = [newId(), newId(), newId()];
    const between = aRelationship(T, 'partnership', K.id, O.id);
    const kParent = aRelationship(T, 'parent_child', X, K.id, { qualifier: 'biological' });
    const oParent = aRelationship(T, 'parent_child', X, O.id, { qualifier: 'adoptive' });
    const oPartner = aRelationship(T, 'partnership', Y, O.id);
    const oChild = aRelationship(T, 'parent_child', O.id, Z);
    const reversed = aRelationship(T, 'parent_child', O.id, X);
    const cite = aCitation(T, newId(), { kind: 'relationship', id: oParent.id });
    const plan = planMerge({ ...input, relationships: [between, kParent, oParent, oPartner, oChild, reversed], citations: [cite] }, NOW);
    expect(plan.relationships.dropped.map((d) => [d.relationship.id, d.reason, d.keptId]).sort()).to.deep.equal(
      [[between.id, 'self', null], [oParent.id, 'duplicate', kParent.id]].sort(),
    );
    expect(plan.relationships.conflicts).to.deep.equal([{ relationshipId: oParent.id, keptRelationshipId: kParent.id, kept: 'biological', other: 'adoptive' }]);
    const moved = new Map(plan.relationships.moved.map((r) => [r.id, [r.personAId, r.personBId]]));
    expect(Object.fromEntries(moved)).to.deep.equal({ [oPartner.id]: [Y, K.id], [oChild.id]: [K.id, Z], [reversed.id]: [K.id, X] });
    expect(plan.citations.map((c) => c.after.target)).to.deep.equal([{ kind: 'relationship', id: kParent.id }]);
    expect(plan.moves.relationships.find((r) => r.id === oChild.id)).to.deep.equal({ id: oChild.id, personAId: O.id, personBId: Z });
  });

  it('a duplicate partnership (symmetric) hands its events to the kept partnership unless they are exact duplicates', () => {
    const { K, O, input } = setup();
    const Y = newId();
    const kp = aRelationship(T, 'partnership', K.id, Y);
    const op = aRelationship(T, 'partnership', Y, O.id);
    const kMarriage = anEvent(T, { partnershipId: kp.id }, { type: 'marriage', date: exact(1875) });
    const oMarriage = anEvent(T, { partnershipId: op.id }, { type: 'marriage', date: exact(1875) });
    const oDivorce = anEvent(T, { partnershipId: op.id }, { type: 'divorce', date: exact(1890) });
    const plan = planMerge({ ...input, relationships: [kp, op], events: [kMarriage, oMarriage, oDivorce] }, NOW);
    expect(plan.relationships.dropped.map((d) => d.reason)).to.deep.equal(['duplicate']);
    expect(plan.relationships.conflicts).to.deep.equal([]);
    expect(plan.partnershipEvents.moved.map((e) => [e.id, e.partnershipId])).to.deep.equal([[oDivorce.id, kp.id]]);
    expect(plan.partnershipEvents.duplicates.map((d) => [d.record.id, d.keptId])).to.deep.equal([[oMarriage.id, kMarriage.id]]);
    expect(plan.moves.partnershipEvents).to.deep.equal([{ id: oDivorce.id, from: op.id, to: kp.id }]);
  });

  it('an association is re-pointed unless an identical one (direction, other end, role) exists', () => {
    const { K, O, input } = setup();
    const X = newId();
    const kGod = aRelationship(T, 'association', K.id, X, { role: 'Godfather' });
    const oGod = aRelationship(T, 'association', O.id, X, { role: 'godfather ' });
    const oWitness = aRelationship(T, 'association', O.id, X, { role: 'Witness' });
    const plan = planMerge({ ...input, relationships: [kGod, oGod, oWitness] }, NOW);
    expect(plan.relationships.dropped.map((d) => d.relationship.id)).to.deep.equal([oGod.id]);
    expect(plan.relationships.moved.map((r) => r.id)).to.deep.equal([oWitness.id]);
  });

  it('appends notes after a blank line unless empty or already there, and the person citations and media move', () => {
    const { K, O, input } = setup();
    const cite = aCitation(T, newId(), { kind: 'person', id: O.id });
    const media = aMedia({ kind: 'person', id: O.id });
    const plan = planMerge({ ...input, citations: [cite], media: [media] }, NOW);
    expect(plan.kept.notes).to.equal('Kept notes.\n\nOther notes.');
    expect(plan.moves.notesAppended).to.equal('\n\nOther notes.');
    expect(plan.citations.map((c) => c.after.target)).to.deep.equal([{ kind: 'person', id: K.id }]);
    expect(plan.media.map((m) => m.after.target)).to.deep.equal([{ kind: 'person', id: K.id }]);
    expect(planMerge({ ...input, other: { ...O, notes: ' ' } }, NOW).kept.notes).to.equal('Kept notes.');
    expect(planMerge({ ...input, other: { ...O, notes: 'Kept' } }, NOW).kept.notes).to.equal('Kept notes.');
    expect(planMerge({ ...input, kept: { ...K, notes: '' } }, NOW).kept.notes).to.equal('Other notes.');
  });

  it('fills unset sex and is_living from the other, never overwrites; the stricter privacy wins', () => {
    const { K, O, input } = setup();
    const filled = planMerge({ ...input, other: { ...O, sex: 'female', isLiving: false, privacy: 'private' } }, NOW);
    expect(filled.fills).to.deep.equal({ sex: 'female', isLiving: false });
    expect([filled.kept.sex, filled.kept.isLiving, filled.kept.privacy]).to.deep.equal(['female', false, 'private']);
    expect(filled.moves.privacyBefore).to.equal('default');
    const kept = planMerge({ ...input, kept: { ...K, sex: 'male', isLiving: true, privacy: 'public' }, other: { ...O, sex: 'female', isLiving: false, privacy: 'default' } }, NOW);
    expect(kept.fills).to.deep.equal({});
    expect([kept.kept.sex, kept.kept.isLiving, kept.kept.privacy]).to.deep.equal(['male', true, 'public']);
    expect(kept.moves.privacyBefore).to.equal(null);
  });

  it('takes the union of identifiers without exact duplicates, at most 100', () => {
    const { K, O, input } = setup();
    const id = (value: string) => ({ kind: 'refn' as const, value, type: null });
    const plan = planMerge({ ...input, kept: { ...K, identifiers: [id('1'), id('2')] }, other: { ...O, identifiers: [id('2'), id('3')] } }, NOW);
    expect(plan.kept.identifiers).to.deep.equal([id('1'), id('2'), id('3')]);
    expect(plan.moves.identifiersAdded).to.deep.equal([id('3')]);
    const many = Array.from({ length: 100 }, (_, i) => id(`k${i}`));
    expect(planMerge({ ...input, kept: { ...K, identifiers: many }, other: { ...O, identifiers: [id('x')] } }, NOW).kept.identifiers).to.have.length(100);
  });
});
