import { expect } from 'chai';
import { AUDIT_ENUM_KEYS, AUDIT_UUID_PATTERN, keptAuditDetails } from '../../core/kernel/audit-details.js';
import { auditEntry } from '../../core/kernel/audit-entry.js';
import { newId } from '../../core/kernel/ids.js';

// Issue 29: audit entries outlive what they name (a tree's purge, an account's), so their details keep
// ids, counts and codes, never content. The rule is data and one pure function (a migration mirrors it
// in SQL for rows written before it); auditEntry applies it to every entry a command writes.

const ID = '01a209d5-0310-7775-906e-c3052743a568';

describe('audit details keep ids, counts and codes only', () => {
  it('keeps numbers, booleans and null under any key', () => {
    expect(keptAuditDetails({ persons: 3, ratio: 0.5, edited: true, cascade: false, promoted: null, notes: null })).to.deep.equal({
      persons: 3, ratio: 0.5, edited: true, cascade: false, promoted: null, notes: null,
    });
  });

  it('keeps a string only when it is a UUID or sits under a code key', () => {
    const details = {
      person_id: ID, other_id: ID.toUpperCase(),
      type: 'association', role: 'editor', visibility: 'public', sex: 'female', cutoff: '2026-01-01T00:00:00.000Z', content_type: 'image/png',
      given_name: 'Zorblax', surname: 'Quimbyfrost', notes: 'second SECRETNOTE2 diagnosis', title: 'Parish register', name: 'Quimbyfrost family',
      description: 'ours', email: 'zorblax-owner@example.org', file_name: 'grandma.png', place: 'York', date: '1850-03-12', checksum: 'ab'.repeat(32),
      almost_id: `${ID}x`, id_in_text: `see ${ID}`,
    };
    expect(keptAuditDetails(details)).to.deep.equal({
      person_id: ID, other_id: ID.toUpperCase(),
      type: 'association', role: 'editor', visibility: 'public', sex: 'female', cutoff: '2026-01-01T00:00:00.000Z', content_type: 'image/png',
    });
  });

  it('keeps an array of UUIDs, or of strings under a code key; drops any other array', () => {
    const other = newId();
    expect(keptAuditDetails({
      person_ids: [ID, other], none: [], tool_calls: ['search_persons', 'propose_changes'],
      names: ['Zorblax'], mixed: [ID, 'Zorblax'], codes_and_numbers: ['x', 1], nested: [[ID]], objects: [{ id: ID }], type: [1],
    })).to.deep.equal({ person_ids: [ID, other], none: [], tool_calls: ['search_persons', 'propose_changes'] });
  });

  it('keeps an object of numbers (counts) whole and drops any other object', () => {
    expect(keptAuditDetails({
      persons: { created: 3, merged: 0 }, empty: {},
      before: { kept: { id: ID, notes: 'Zorblax' } }, moved: { notesAppended: 'SECRET' }, flags: { ok: true }, ids: { a: ID },
    })).to.deep.equal({ persons: { created: 3, merged: 0 }, empty: {} });
  });

  it('names the code keys as data, and its UUID pattern reads as a RegExp (and so as a PostgreSQL `~*` pattern)', () => {
    for (const key of ['type', 'role', 'visibility', 'qualifier', 'status', 'origin', 'cutoff', 'default_action', 'tool', 'sex', 'privacy']) expect(AUDIT_ENUM_KEYS).to.include(key);
    for (const key of ['name', 'title', 'notes', 'given_name', 'surname', 'email', 'file_name', 'place', 'description', 'checksum', 'before', 'moved'])
      expect(AUDIT_ENUM_KEYS).to.not.include(key);
    expect(new RegExp(AUDIT_UUID_PATTERN, 'i').test(ID)).to.equal(true);
    expect(new RegExp(AUDIT_UUID_PATTERN, 'i').test(`x${ID}`)).to.equal(false);
  });

  it('is what auditEntry writes: the entry keeps actor, action, entity and ids', () => {
    const at = new Date('2026-11-23T00:00:00.000Z');
    const e = auditEntry({ now: () => at }, ID, 'person.create', { type: 'person', id: ID, treeId: ID }, { given_name: 'Zorblax', surname: 'Quimbyfrost', person_id: ID });
    expect(e).to.deep.include({ actorId: ID, action: 'person.create', entityType: 'person', entityId: ID, treeId: ID, createdAt: at, details: { person_id: ID } });
  });
});
