import type { BulkRecordWriter } from '../../core/gedcom/ports.js';
import type { Sql } from './sql.js';

// Rows travel as one JSON document per chunk and are expanded by json_populate_recordset: one
// statement per few thousand rows, whatever their number, instead of one per row.
const CHUNK = 5000;

const insertJson = async (db: Sql, table: string, columns: readonly string[], rows: readonly Record<string, unknown>[]): Promise<void> => {
  const list = columns.join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db.run(`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ?::json)`, [JSON.stringify(chunk)]);
  }
};

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export const pgBulkRecords = (db: Sql): BulkRecordWriter => ({
  insertAll: async (b) => {
    await insertJson(db, 'persons', ['id', 'tree_id', 'sex', 'is_living', 'privacy', 'notes', 'created_at', 'updated_at', 'deleted_at', 'deletion_id'],
      b.persons.map((p) => ({ id: p.id, tree_id: p.treeId, sex: p.sex, is_living: p.isLiving, privacy: p.privacy, notes: p.notes,
        created_at: iso(p.createdAt), updated_at: iso(p.updatedAt), deleted_at: iso(p.deletedAt), deletion_id: p.deletionId })));
    await insertJson(db, 'names', ['id', 'tree_id', 'person_id', 'name_type', 'given_name', 'surname', 'is_primary', 'created_at', 'deleted_at', 'deletion_id'],
      b.names.map((n) => ({ id: n.id, tree_id: n.treeId, person_id: n.personId, name_type: n.nameType, given_name: n.givenName, surname: n.surname,
        is_primary: n.isPrimary, created_at: iso(n.createdAt), deleted_at: iso(n.deletedAt), deletion_id: n.deletionId })));
    await insertJson(db, 'places', ['id', 'tree_id', 'name'], b.places.map((p) => ({ id: p.id, tree_id: p.treeId, name: p.name.trim() })));
    await insertJson(db, 'relationships', ['id', 'tree_id', 'type', 'person_a_id', 'person_b_id', 'qualifier', 'notes', 'created_at', 'updated_at', 'deleted_at', 'deletion_id'],
      b.relationships.map((r) => ({ id: r.id, tree_id: r.treeId, type: r.type, person_a_id: r.personAId, person_b_id: r.personBId, qualifier: r.qualifier,
        notes: r.notes, created_at: iso(r.createdAt), updated_at: iso(r.updatedAt), deleted_at: iso(r.deletedAt), deletion_id: r.deletionId })));
    await insertJson(db, 'events', ['id', 'tree_id', 'type', 'custom_type', 'person_id', 'partnership_id', 'date', 'place_id', 'notes', 'detail', 'created_at', 'updated_at', 'deleted_at', 'deletion_id'],
      b.events.map((e) => ({ id: e.id, tree_id: e.treeId, type: e.type, custom_type: e.customType, person_id: e.personId, partnership_id: e.partnershipId,
        date: e.date, place_id: e.placeId, notes: e.notes, detail: e.detail, created_at: iso(e.createdAt), updated_at: iso(e.updatedAt),
        deleted_at: iso(e.deletedAt), deletion_id: e.deletionId })));
    await insertJson(db, 'sources', ['id', 'tree_id', 'title', 'author', 'publication', 'notes', 'created_at', 'updated_at', 'deleted_at', 'deletion_id'],
      b.sources.map((s) => ({ id: s.id, tree_id: s.treeId, title: s.title, author: s.author, publication: s.publication, notes: s.notes,
        created_at: iso(s.createdAt), updated_at: iso(s.updatedAt), deleted_at: iso(s.deletedAt), deletion_id: s.deletionId })));
    await insertJson(db, 'citations', ['id', 'tree_id', 'source_id', 'target_kind', 'target_id', 'page', 'detail', 'confidence', 'created_at', 'updated_at', 'deleted_at', 'deletion_id'],
      b.citations.map((c) => ({ id: c.id, tree_id: c.treeId, source_id: c.sourceId, target_kind: c.target.kind, target_id: c.target.id, page: c.page,
        detail: c.detail, confidence: c.confidence, created_at: iso(c.createdAt), updated_at: iso(c.updatedAt), deleted_at: iso(c.deletedAt),
        deletion_id: c.deletionId })));
  },
});
