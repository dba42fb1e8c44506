import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExportEdge, PersonKey } from '../../core/gedcom/export-reads.js';
import type { Id } from '../../core/kernel/ids.js';
import { parentChildQualifiers, relationshipTypes, sexes, type ParentChildQualifier, type RelationshipType, type Sex } from '../../core/people/model.js';
import { copyOut, CopyRows, uuidLiteral, type CopySpace } from './copy-out.js';
import type { SqlObserver } from './sql.js';

// The export's edges, read once (issue 27). A chunk of persons needs the edges around them: their
// parent edges, their children's, the partnerships of all those parents (PersonChunk.relationships).
// Read per chunk from PostgreSQL, each of a tree's edges came about 2.3 times, with a probe of the
// numbers for each end each time: 65-70% of the database's time of an export. So the export reads
// every live edge between two live persons once, in id order, with its ends as numbers, into typed
// arrays (no object per edge: about 80 bytes an edge, 140 MB at 1,770,000 edges), and picks each
// chunk's edges from them with the same rule the statement had. The persons are numbered here, not
// by the statement: it answers the tree's live persons in id order, then its live edges in id order
// with their ends' ids, and each end's number is looked up in a table of the persons' ids (hashing
// the persons twice and sorting the edges in PostgreSQL took 3.1 s of 3.5 at 1,000,000 persons).

/**
 * The values of one text column as small codes: 0 null, k the k-th value (the known ones first, so
 * their codes are fixed; any other the column holds is kept as it is, after them).
 */
class Codes<T extends string> {
  private readonly code = new Map<string, number>();
  private readonly values: (T | null)[] = [null];
  /** Each value's bytes (latin1), by its code. */
  private readonly bytes: Buffer[] = [];
  constructor(known: readonly T[]) {
    for (const v of known) this.bytes[this.of(v)] = Buffer.from(v, 'latin1');
  }
  of(value: string | null): number {
    if (value === null) return 0;
    let c = this.code.get(value);
    if (c === undefined) {
      if (this.values.length === 256) throw new Error('export: too many values of one edge column');
      this.code.set(value, (c = this.values.length));
      this.values.push(value as T);
    }
    return c;
  }
  value(code: number): T | null {
    return this.values[code]!;
  }
  /**
   * `of` the field [from, to) of `bytes` (COPY text: `\N` is null), without making a string when
   * it is a value seen before (its bytes are compared with theirs: a column holds a few).
   */
  ofBytes(bytes: Buffer, from: number, to: number): number {
    const length = to - from;
    if (length === 2 && bytes[from] === BACKSLASH && bytes[from + 1] === N) return 0;
    for (let c = 1; c < this.values.length; c++) {
      const v = this.bytes[c]!;
      if (v.length !== length) continue;
      let k = 0;
      while (k < length && v[k] === bytes[from + k]) k++;
      if (k === length) return c;
    }
    const c = this.of(bytes.toString('latin1', from, to));
    this.bytes[c] = Buffer.from(this.values[c]!, 'latin1');
    return c;
  }
}

const ID_LENGTH = 36;
const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
const N = 78;
const P = 112;
/** A person row's bytes after its sex: six nulls, `\t\N` each. */
const PERSON_TAIL = 18;

/** Whether the row's last fields, [from, to), are `\N\t\t\N`: no role, no notes, no kept lines. */
const none = (rows: Buffer, from: number, to: number): boolean =>
  to - from === 6 && rows[from] === BACKSLASH && rows[from + 1] === N && rows[from + 2] === TAB && rows[from + 3] === TAB && rows[from + 4] === BACKSLASH && rows[from + 5] === N;

/** Lists of edges by person number, in edge (id) order: `at[n]` to `at[n + 1]` of `edges`. */
type ByPerson = { readonly at: Int32Array; readonly edges: Int32Array };

/** What few edges hold besides their ends and qualifier: a role, notes, kept lines. */
type Rest = { readonly role: string | null; readonly notes: string; readonly gedcomExtra: string | null };

/** The edges around one chunk of persons, as PersonChunk holds them. */
export type PickedEdges = {
  readonly relationships: readonly ExportEdge[];
  readonly people: Map<PersonKey, Sex | null>;
  readonly partnerships: Map<Id, number>;
  /** The partnerships whose person_a is one of the chunk's persons (their FAMs are the chunk's). */
  readonly owned: readonly Id[];
  readonly associations: Map<PersonKey, ExportEdge[]>;
  /** Every edge taken, associations included: a citation of an edge is written only when its edge is. */
  readonly ids: Set<Id>;
};

/** A typed array of `length`, holding `from`'s first values. */
const grown = <T extends Int32Array | Uint8Array>(from: T, length: number): T => {
  const to = new (from.constructor as new (n: number) => T)(length);
  to.set(from.subarray(0, Math.min(from.length, length)));
  return to;
};

export class ExportEdges {
  private count = 0;
  private ids = Buffer.alloc(0);
  private type = new Uint8Array(0);
  private qualifier = new Uint8Array(0);
  private a = new Int32Array(0);
  private b = new Int32Array(0);
  /** A partnership's number, 0 for other edges. */
  private number = new Int32Array(0);
  private readonly rest = new Map<number, Rest>();
  /** Each person's sex by its number. */
  private sex = new Uint8Array(1024);
  /** The live persons' ids (36 bytes each, lower-case text) in id order: person n's at (n - 1) * 36. */
  private personIds = Buffer.alloc(0);
  /** Open addressing over personIds: a slot holds a person's number, 0 when empty (made once the persons are read). */
  private slots: Int32Array | null = null;
  /** The live persons read. */
  private persons = 0;
  /** The partnerships read (between live persons): the next one's number is one more. */
  private partnershipCount = 0;
  private readonly types = new Codes<RelationshipType>(relationshipTypes);
  private readonly qualifiers = new Codes<ParentChildQualifier>(parentChildQualifiers);
  private readonly sexes = new Codes<Sex>(sexes);
  private children!: ByPerson;
  private parents!: ByPerson;
  private partnersA!: ByPerson;
  private partnersB!: ByPerson;
  private held!: ByPerson;
  /** Per edge and per person, the pick that last took it (a pick's own mark: no clearing between picks). */
  private taken!: Int32Array;
  private seen!: Int32Array;
  private mark = 0;

  private constructor() {}

  /**
   * Every live edge of the tree whose two ends are live persons, read in `em`'s open transaction (of
   * the export's snapshot: the persons are numbered as the export numbers them, 1.. in id order),
   * in one statement whose rows are parsed as they come (copy-out.ts RowSink: no buffer of the whole
   * answer). `index` makes the store ready for `pick`.
   */
  static async read(em: EntityManager, treeId: Id, space: CopySpace, observe: SqlObserver = {}): Promise<ExportEdges> {
    const store = new ExportEdges();
    await copyOut(em, ExportEdges.statement(treeId), space, observe, (rows) => store.add(rows));
    store.table();
    return store;
  }

  /**
   * Rows tagged by their first field: `p` the tree's live persons in id order (id, sex), then `e` its
   * live edges in id order (id, type, person_a, person_b, qualifier, role, notes, kept lines); UNION
   * ALL answers its branches in turn, each in its own order (no parallel plan: the caller's
   * settings). Each branch is one index range scan of the tree, with no join and no sort.
   *
   * The tree is named as a range of one value, ordered by tree and id: with `tree_id = <tree>`, the
   * planner knows the tree constant, so the primary key's order (id) is the order asked, and it may
   * walk the primary key whole, every tree's rows, for the one tree's. It did, on a database of three
   * 100,000-person trees: 520,383 edges read for 173,461, 120-133 ms against 74-88 by the index of
   * the tree, whose cost it estimated 30,324 against 30,280. Only the index of the tree by tree and
   * id answers this order.
   *
   * The ids are written by COPY as uuids: cast to text, each was made twice (its text, then a copy
   * of that as text), 30-50 of the statement's 150-200 ms at 100,000 persons.
   */
  private static statement(treeId: Id): string {
    const tree = uuidLiteral(treeId);
    const of = (alias: string) => `${alias}.tree_id between ${tree} and ${tree} and ${alias}.deleted_at is null order by ${alias}.tree_id, ${alias}.id`;
    return `copy (
      (select 'p', p.id, p.sex, null::uuid, null::uuid, null, null, null, null from persons p where ${of('p')})
      union all
      (select 'e', r.id, r.type, r.person_a_id, r.person_b_id, r.qualifier, r.role, r.notes, r.gedcom_extra
       from relationships r where ${of('r')})
    ) to stdout`;
  }

  /** A hash of the 36 bytes of an id at `at` of `bytes`, by its nine 4-byte words (FNV-1a's step, then a final mix). */
  private static hash(bytes: Buffer, at: number): number {
    let h = 0x811c9dc5;
    for (let k = at; k < at + ID_LENGTH; k += 4) h = Math.imul(h ^ (bytes[k]! | (bytes[k + 1]! << 8) | (bytes[k + 2]! << 16) | (bytes[k + 3]! << 24)), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return (h ^ (h >>> 12)) >>> 0;
  }

  /** The table of the persons' ids, once they are all read (at the first edge, or the end). */
  private table(): void {
    if (this.slots !== null) return;
    let size = 1024;
    while (size < this.persons * 2) size *= 2;
    const slots = new Int32Array(size);
    for (let n = 1; n <= this.persons; n++) {
      let s = ExportEdges.hash(this.personIds, (n - 1) * ID_LENGTH) & (size - 1);
      while (slots[s] !== 0) s = (s + 1) & (size - 1);
      slots[s] = n;
    }
    this.slots = slots;
  }

  /** The number of the live person whose id is the 36 bytes at `at` of `bytes`; 0 when none is. */
  private numberOf(bytes: Buffer, at: number): number {
    const slots = this.slots!;
    const mask = slots.length - 1;
    const ids = this.personIds;
    for (let s = ExportEdges.hash(bytes, at) & mask; ; s = (s + 1) & mask) {
      const n = slots[s]!;
      if (n === 0) return 0;
      // From the end: a uuid's last digits are its random ones.
      const base = (n - 1) * ID_LENGTH;
      let k = ID_LENGTH - 1;
      while (k >= 0 && ids[base + k] === bytes[at + k]) k--;
      if (k < 0) return n;
    }
  }

  /** The number of the live person `id`, if it is one (for kept lines that point at one). */
  personNumber(id: Id): number | undefined {
    const wanted = Buffer.from(id.toLowerCase(), 'latin1');
    if (wanted.length !== ID_LENGTH) return undefined;
    const n = this.numberOf(wanted, 0);
    return n === 0 ? undefined : n;
  }

  /** The id of person `n` (1..persons). */
  personId(n: number): Id {
    return this.personIds.toString('latin1', (n - 1) * ID_LENGTH, n * ID_LENGTH);
  }

  /** The ids of persons first..first + count - 1, joined by commas (an array literal's elements: gedcom-export.ts). */
  personIdList(first: number, count: number): string {
    if (count <= 0) return '';
    const out = Buffer.allocUnsafe(count * (ID_LENGTH + 1) - 1);
    for (let k = 0; k < count; k++) {
      const at = k * (ID_LENGTH + 1);
      this.personIds.copy(out, at, (first - 1 + k) * ID_LENGTH, (first + k) * ID_LENGTH);
      if (k + 1 < count) out[at + ID_LENGTH] = 0x2c;
    }
    return out.toString('latin1');
  }

  /** The live persons read. */
  get personCount(): number {
    return this.persons;
  }

  private idAt(i: number): Id {
    return this.ids.toString('latin1', i * ID_LENGTH, (i + 1) * ID_LENGTH);
  }

  /**
   * Whole rows of the statement's COPY text, read off the bytes: a field is a string only when it
   * is a type, sex or qualifier (a few distinct values), and the row is read by CopyRows (escapes,
   * UTF-8) only when it holds a role, notes or kept lines. An edge whose end is not a live person is
   * passed (as the join of the statement before did).
   */
  private add(rows: Buffer): void {
    const length = rows.length;
    // Fields are short but for the last three: a loop finds their ends (a native indexOf costs more a call).
    const tab = (k: number): number => {
      while (k < length && rows[k] !== TAB) k++;
      return k;
    };
    const copyId = (from: number, to: Buffer, at: number): void => {
      for (let k = 0; k < ID_LENGTH; k++) to[at + k] = rows[from + k]!;
    };
    const PARTNERSHIP = this.types.of('partnership');
    for (let p = 0; p < length; ) {
      // The tag and its tab, then the id.
      const id = p + 2;
      if (rows[p] === P) {
        // The persons come before the edges (no parallel plan: gedcom-export.ts EDGE_PLANS); a person
        // after the table was made would be numbered by no edge's end, silently.
        if (this.slots !== null) throw new Error('export: a person read after the edges');
        const n = ++this.persons;
        if (n * ID_LENGTH > this.personIds.length) {
          const ids = Buffer.alloc(Math.max(1024, n * 2) * ID_LENGTH);
          this.personIds.copy(ids);
          this.personIds = ids;
        }
        copyId(id, this.personIds, (n - 1) * ID_LENGTH);
        const from = id + ID_LENGTH + 1;
        const to = tab(from);
        if (n >= this.sex.length) this.sex = grown(this.sex, n * 2);
        this.sex[n] = this.sexes.ofBytes(rows, from, to);
        // Six nulls (`\t\N` each) and the line's end.
        p = rows[to + PERSON_TAIL] === NEWLINE ? to + PERSON_TAIL + 1 : rows.indexOf(NEWLINE, to) + 1;
        continue;
      }
      this.table();
      const i = this.count;
      if (i === this.type.length) this.grow(Math.max(1024, i * 2));
      copyId(id, this.ids, i * ID_LENGTH);
      let from = id + ID_LENGTH + 1;
      let to = tab(from);
      const type = this.types.ofBytes(rows, from, to);
      const a = this.numberOf(rows, to + 1);
      const b = this.numberOf(rows, to + 1 + ID_LENGTH + 1);
      from = to + 1 + 2 * (ID_LENGTH + 1);
      to = tab(from);
      // The role, the notes and the kept lines: mostly `\N\t\t\N` (none), then the line's end.
      const rest = to + 1;
      const end = none(rows, rest, rest + 6) && rows[rest + 6] === NEWLINE ? rest + 6 : rows.indexOf(NEWLINE, rest);
      p = end + 1;
      if (a === 0 || b === 0) continue;
      this.type[i] = type;
      this.a[i] = a;
      this.b[i] = b;
      this.number[i] = type === PARTNERSHIP ? ++this.partnershipCount : 0;
      this.qualifier[i] = this.qualifiers.ofBytes(rows, from, to);
      // Read by CopyRows (escapes, UTF-8) when the row has any.
      if (!none(rows, rest, end)) {
        const fields = new CopyRows(rows.toString('latin1', rest, end + 1));
        fields.next();
        const role = fields.field();
        const notes = fields.text();
        const gedcomExtra = fields.field();
        if (role !== null || notes !== '' || gedcomExtra !== null) this.rest.set(i, { role, notes, gedcomExtra });
      }
      this.count++;
    }
  }

  private grow(length: number): void {
    const ids = Buffer.alloc(length * ID_LENGTH);
    this.ids.copy(ids, 0, 0, this.count * ID_LENGTH);
    this.ids = ids;
    this.type = grown(this.type, length);
    this.qualifier = grown(this.qualifier, length);
    this.a = grown(this.a, length);
    this.b = grown(this.b, length);
    this.number = grown(this.number, length);
  }

  /** Lists of the edges of `type` by their `end` (a or b). */
  private byPerson(type: number, end: Int32Array): ByPerson {
    const at = new Int32Array(this.persons + 2);
    for (let i = 0; i < this.count; i++) if (this.type[i] === type) at[end[i]! + 1]!++;
    for (let n = 1; n < at.length; n++) at[n]! += at[n - 1]!;
    const edges = new Int32Array(at[at.length - 1]!);
    const next = at.slice(0, this.persons + 1);
    for (let i = 0; i < this.count; i++) if (this.type[i] === type) edges[next[end[i]!]!++] = i;
    return { at, edges };
  }

  /** Ready for `pick` (the numbers the edges' ends have are among 1..persons). */
  index(): this {
    const persons = this.persons;
    if (this.sex.length < persons + 1) this.sex = grown(this.sex, persons + 1);
    const PARENT_CHILD = this.types.of('parent_child');
    const PARTNERSHIP = this.types.of('partnership');
    const ASSOCIATION = this.types.of('association');
    // Trimmed to what was read: the arrays were grown by doubling.
    this.grow(this.count);
    this.children = this.byPerson(PARENT_CHILD, this.b);
    this.parents = this.byPerson(PARENT_CHILD, this.a);
    this.partnersA = this.byPerson(PARTNERSHIP, this.a);
    this.partnersB = this.byPerson(PARTNERSHIP, this.b);
    this.held = this.byPerson(ASSOCIATION, this.a);
    this.taken = new Int32Array(this.count);
    this.seen = new Int32Array(this.persons + 1);
    return this;
  }

  /**
   * The number of a partnership the store holds, by id (for kept lines that point at one: rare): a
   * binary search of the ids, which are in PostgreSQL's order of uuids (their bytes' order, which
   * is their lower-case text's).
   */
  partnershipNumber(id: Id): number | undefined {
    const wanted = Buffer.from(id.toLowerCase(), 'latin1');
    if (wanted.length !== ID_LENGTH) return undefined;
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.ids.compare(wanted, 0, ID_LENGTH, mid * ID_LENGTH, (mid + 1) * ID_LENGTH);
      if (order === 0) return this.number[mid]! > 0 ? this.number[mid] : undefined;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /**
   * The edges around the persons numbered `first` to `first + count - 1`: the parent edges of each
   * and of each of their children (up); every partnership whose person_a is a parent by one of
   * those edges, and every partnership of one of the persons; the associations they hold. In id order.
   */
  pick(first: number, count: number): PickedEdges {
    const mark = ++this.mark;
    const last = first + count - 1;
    const picked: number[] = [];
    const take = (i: number): void => {
      if (this.taken[i] === mark) return;
      this.taken[i] = mark;
      picked.push(i);
    };
    const each = (list: ByPerson, n: number, f: (i: number) => void): void => {
      for (let k = list.at[n]!; k < list.at[n + 1]!; k++) f(list.edges[k]!);
    };
    const parents: number[] = [];
    const up = (i: number): void => {
      take(i);
      const parent = this.a[i]!;
      if (this.seen[parent] !== mark) {
        this.seen[parent] = mark;
        parents.push(parent);
      }
    };
    for (let n = first; n <= last; n++) each(this.children, n, up);
    // A child of theirs outside the chunk: its parent edges, once.
    const down = new Set<number>();
    for (let n = first; n <= last; n++) each(this.parents, n, (i) => {
      const child = this.b[i]!;
      if (child < first || child > last) down.add(child);
    });
    for (const child of down) each(this.children, child, up);
    for (const parent of parents) each(this.partnersA, parent, take);
    for (let n = first; n <= last; n++) {
      each(this.partnersA, n, take);
      each(this.partnersB, n, take);
    }
    picked.sort((x, y) => x - y);

    const people = new Map<PersonKey, Sex | null>();
    const key = (n: number): PersonKey => {
      const k = String(n);
      if (!people.has(k)) people.set(k, this.sexes.value(this.sex[n]!));
      return k;
    };
    const ids = new Set<Id>();
    const partnerships = new Map<Id, number>();
    const owned: Id[] = [];
    const relationships = picked.map((i) => {
      const edge = this.edge(i, key);
      ids.add(edge.id);
      if (this.number[i]! > 0) {
        partnerships.set(edge.id, this.number[i]!);
        if (this.a[i]! >= first && this.a[i]! <= last) owned.push(edge.id);
      }
      return edge;
    });
    const associations = new Map<PersonKey, ExportEdge[]>();
    for (let n = first; n <= last; n++) {
      if (this.held.at[n] === this.held.at[n + 1]) continue;
      const list: ExportEdge[] = [];
      each(this.held, n, (i) => {
        const edge = this.edge(i, key);
        ids.add(edge.id);
        list.push(edge);
      });
      associations.set(String(n), list);
    }
    return { relationships, people, partnerships, owned, associations, ids };
  }

  private edge(i: number, key: (n: number) => PersonKey): ExportEdge {
    const rest = this.rest.get(i);
    const edge: ExportEdge = {
      id: this.idAt(i), type: this.types.value(this.type[i]!)!, personAId: key(this.a[i]!), personBId: key(this.b[i]!),
      qualifier: this.qualifiers.value(this.qualifier[i]!), role: rest?.role ?? null, notes: rest?.notes ?? '',
    };
    return rest?.gedcomExtra == null ? edge : { ...edge, gedcomExtra: rest.gedcomExtra };
  }
}
