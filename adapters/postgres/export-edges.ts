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
// chunk's edges from them with the same rule the statement had.

/**
 * The values of one text column as small codes: 0 null, k the k-th value (the known ones first, so
 * their codes are fixed; any other the column holds is kept as it is, after them).
 */
class Codes<T extends string> {
  private readonly code = new Map<string, number>();
  private readonly values: (T | null)[] = [null];
  constructor(known: readonly T[]) {
    for (const v of known) this.of(v);
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
}

const ID_LENGTH = 36;
const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
const N = 78;
const DIGIT_0 = 48;

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
  /** Each end's sex by its number. */
  private sex = new Uint8Array(1024);
  /** The highest number of an end read. */
  private highest = 0;
  private persons = 0;
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
    return store;
  }

  /**
   * The edges in id order: id, type, the ends' numbers and sexes, a partnership's number (1.. in id
   * order over the partnerships read: a running count), qualifier, role, notes, kept lines. The
   * caller's transaction allows no nested loops: hashing the tree's persons once beats a probe of an
   * index for each end (measured: 150 against 290 ms at 176,841 edges).
   */
  private static statement(treeId: Id): string {
    const tree = uuidLiteral(treeId);
    return `copy (
      with p as materialized (select id, row_number() over (order by id)::int as n, sex from persons where tree_id = ${tree} and deleted_at is null),
      e as (select r.id, r.type, a.n as a, a.sex as a_sex, b.n as b, b.sex as b_sex, r.qualifier, r.role, r.notes, r.gedcom_extra
        from relationships r join p a on a.id = r.person_a_id join p b on b.id = r.person_b_id
        where r.tree_id = ${tree} and r.deleted_at is null)
      select id, type, a, a_sex, b, b_sex,
        case when type = 'partnership' then count(*) filter (where type = 'partnership') over (order by id rows unbounded preceding) end,
        qualifier, role, notes, gedcom_extra
      from e order by id) to stdout`;
  }

  private idAt(i: number): Id {
    return this.ids.toString('latin1', i * ID_LENGTH, (i + 1) * ID_LENGTH);
  }

  /**
   * Whole rows of the statement's COPY text, read off the bytes: a field is a string only when it
   * is a type, sex or qualifier (a few distinct values), and the row is read by CopyRows (escapes,
   * UTF-8) only when it holds a role, notes or kept lines.
   */
  private add(rows: Buffer): void {
    /** The current field: [from, to). `next` moves to the one after it (each but the last ends in a tab). */
    let from = 0;
    let to = -1;
    const next = (): void => {
      from = to + 1;
      to = rows.indexOf(TAB, from);
    };
    const word = (): string | null => (to - from === 2 && rows[from] === BACKSLASH && rows[from + 1] === N ? null : rows.toString('latin1', from, to));
    const number = (): number => {
      let n = 0;
      for (let k = from; k < to; k++) n = n * 10 + rows[k]! - DIGIT_0;
      return n;
    };
    for (let p = 0; p < rows.length; ) {
      const end = rows.indexOf(NEWLINE, p);
      const i = this.count;
      if (i === this.type.length) this.grow(Math.max(1024, i * 2));
      rows.copy(this.ids, i * ID_LENGTH, p, p + ID_LENGTH);
      to = p + ID_LENGTH;
      next();
      this.type[i] = this.types.of(word());
      next();
      const a = number();
      next();
      const aSex = this.sexes.of(word());
      next();
      const b = number();
      next();
      const bSex = this.sexes.of(word());
      if (Math.max(a, b) > this.highest) this.highest = Math.max(a, b);
      if (this.highest >= this.sex.length) this.sex = grown(this.sex, this.highest * 2);
      this.sex[a] = aSex;
      this.sex[b] = bSex;
      this.a[i] = a;
      this.b[i] = b;
      next();
      this.number[i] = rows[from] === BACKSLASH ? 0 : number();
      next();
      this.qualifier[i] = this.qualifiers.of(word());
      // The role, the notes and the kept lines: read by CopyRows (escapes, UTF-8) when the row has any.
      if (!none(rows, to + 1, end)) {
        const rest = new CopyRows(rows.toString('latin1', to + 1, end + 1));
        rest.next();
        const role = rest.field();
        const notes = rest.text();
        const gedcomExtra = rest.field();
        if (role !== null || notes !== '' || gedcomExtra !== null) this.rest.set(i, { role, notes, gedcomExtra });
      }
      this.count++;
      p = end + 1;
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

  /** Ready for `pick`, for a tree of `persons` live persons (the numbers the edges' ends have are among 1..persons). */
  index(persons: number): this {
    // Both numberings are of one snapshot's persons; were they not, the lists below would be wrong, silently.
    if (this.highest > persons) throw new Error(`export: an edge's end is person ${this.highest} of ${persons}`);
    this.persons = persons;
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
