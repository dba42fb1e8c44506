import type { Id } from '../kernel/ids.js';
import type { ParentChildQualifier, Relationship, Sex } from '../people/model.js';

/**
 * What deriving families reads of an edge: a stored Relationship has it, and so has the export's
 * leaner row (export-reads.ts), which is live by construction and carries no `deletedAt`.
 */
export type FamilyEdge = Pick<Relationship, 'id' | 'type' | 'personAId' | 'personBId' | 'qualifier'> & { readonly deletedAt?: Date | null };

/** HUSB or WIFE: the line a partner is written on. GEDCOM has no neutral partner tag. */
export type PartnerRole = 'HUSB' | 'WIFE';

export type FamilyChild = {
  readonly id: Id;
  /** The one PEDI of this child in this family (with `byPartner`, the first partner's). */
  readonly qualifier: ParentChildQualifier;
  /**
   * With the `perPartner` derivation: the child's qualifier to each partner, index-aligned with the
   * family's partners (5.5.1 writes them as `_FREL` / `_MREL`). Absent otherwise.
   */
  readonly byPartner?: readonly ParentChildQualifier[];
  /** The parent_child edges this CHIL line stands for: one per partner of the family. */
  readonly edgeIds: readonly Id[];
  /** In a couple's family: the k-th of the FAM records the couple was (family forms) that listed the child, from its edges' group forms. */
  readonly form?: number;
};

/**
 * A FAM record derived from relationship edges. Reading it back (HUSB/WIFE become a partnership when
 * there are two, every CHIL gets an edge from every partner with its qualifier) gives back exactly
 * the edges it was derived from.
 */
export type DerivedFamily<E extends FamilyEdge = Relationship> = {
  /**
   * Stable within one derivation: `P:<partnership id>`, or `S:<parent id>` (`S:<parent id>:<n>` for the
   * n-th extra); a parent's g-th group after the first (`groupOf`) is `S:<parent id>:G<g>` (`..._<n>`).
   */
  readonly key: string;
  /** The partnership edge of a two-partner family; null for a single-parent family. */
  readonly partnership: E | null;
  /** HUSB first (the male one, else the first of the edge), WIFE second; exactly one in a single-parent family. */
  readonly partners: readonly Id[];
  /** Index-aligned with `partners`: [HUSB, WIFE] for two; WIFE for a lone female parent, else HUSB. */
  readonly roles: readonly PartnerRole[];
  readonly children: readonly FamilyChild[];
};

type Draft<E extends FamilyEdge> = {
  key: string;
  partnership: E | null;
  partners: readonly Id[];
  roles: readonly PartnerRole[];
  children: FamilyChild[];
  /** The children's ids once there are many (a scan of `children` is cheaper below that). */
  childIds: Set<Id> | null;
  /** The smallest edge id of the family, for the output order. */
  first: Id;
};

const MANY_CHILDREN = 16;
const COUPLE: readonly PartnerRole[] = ['HUSB', 'WIFE'];
const LONE_HUSB: readonly PartnerRole[] = ['HUSB'];
const LONE_WIFE: readonly PartnerRole[] = ['WIFE'];

const compareIds = (a: Id, b: Id): number => (a < b ? -1 : a > b ? 1 : 0);
const byId = (a: { readonly id: Id }, b: { readonly id: Id }): number => compareIds(a.id, b.id);
/** A parent_child edge without a qualifier is biological (that is what a FAMC without PEDI reads as). */
const qualifierOf = (edge: FamilyEdge): ParentChildQualifier => edge.qualifier ?? 'biological';
const sexRank = (sex: Sex | null): number => (sex === 'male' ? 0 : sex === 'female' ? 2 : 1);

const hasChild = (family: Draft<FamilyEdge>, child: Id): boolean => {
  if (family.childIds !== null) return family.childIds.has(child);
  for (const c of family.children) if (c.id === child) return true;
  return false;
};

const addChild = (family: Draft<FamilyEdge>, child: FamilyChild): void => {
  family.children.push(child);
  if (family.childIds !== null) family.childIds.add(child.id);
  else if (family.children.length > MANY_CHILDREN) family.childIds = new Set(family.children.map((c) => c.id));
  const first = child.edgeIds[0]!;
  if (first < family.first) family.first = first;
};

/** A child in a couple's family by its edges from the two partners (with `perPartner`, its qualifier to each). */
const joined = (family: Draft<FamilyEdge>, child: Id, a: FamilyEdge, b: FamilyEdge, perPartner: boolean): FamilyChild => {
  if (!perPartner) return { id: child, qualifier: qualifierOf(a), edgeIds: [a.id, b.id] };
  const byPartner = family.partners.map((p) => qualifierOf(p === a.personAId ? a : b));
  return { id: child, qualifier: byPartner[0]!, byPartner, edgeIds: [a.id, b.id] };
};

/** Partnership families by each partner (people have few, so the pair is found by a scan). */
type PartnerIndex<E extends FamilyEdge> = Map<Id, Draft<E>[]>;
const indexPartner = <E extends FamilyEdge>(index: PartnerIndex<E>, person: Id, draft: Draft<E>): void => {
  const list = index.get(person);
  if (list === undefined) index.set(person, [draft]);
  else list.push(draft);
};

/** The first family of partners a and b (oldest partnership first) that does not hold the child yet. */
const coupleFamily = <E extends FamilyEdge>(index: PartnerIndex<E>, a: Id, b: Id, child: Id): Draft<E> | undefined => {
  const list = index.get(a);
  if (list === undefined) return undefined;
  for (const f of list) {
    const other = f.partners[0] === a ? f.partners[1] : f.partners[0];
    if (other === b && !hasChild(f, child)) return f;
  }
  return undefined;
};

/**
 * FAM records from the live edges (deleted ones are skipped). Every partnership becomes one family with
 * both partners. A child joins the family of two partners when it has an edge from each with the same
 * qualifier (PEDI is one per child per family); every other edge puts the child into that parent's
 * single-parent family. So every edge lands in exactly one family and no family pairs two people who
 * are not partners. Families are ordered by their smallest edge id, children by their smallest edge id;
 * the result does not depend on the order of the input.
 */
export const deriveFamilies = <E extends FamilyEdge = Relationship>(
  relationships: readonly E[],
  sexOf: (personId: Id) => Sex | null,
  /**
   * A couple's child joins their family whatever its qualifier to each of them (natural to one, step
   * to the other), each in `byPartner`: for a file that says so per partner (5.5.1 `_FREL`/`_MREL`).
   * Without it a child with two qualifiers is in each parent's single-parent family (one PEDI a FAM).
   */
  perPartner = false,
  forms: {
    /**
     * Which of its parent's families without a partner an edge that lands in one belongs to (0 the
     * first): a file that wrote a parent's children as several FAMs without a partner (extensions.ts
     * group forms). Without it, all of a parent's children without a co-parent are one family.
     */
    readonly groupOf?: (edge: E) => number;
    /**
     * Whether an edge that joins no other stands beside the edge of the child's other parent in their
     * couple's family all the same (that edge is in another family too): a file that wrote the child
     * in FAMs of one father with two mothers (extensions.ts shared forms). Without it, such an edge is
     * its parent's single-parent family.
     */
    readonly shared?: (edge: E) => boolean;
  } = {},
): DerivedFamily<E>[] => {
  const { groupOf, shared } = forms;
  const partnerships: E[] = [];
  const parentEdges: E[] = [];
  for (const r of relationships) {
    // Associations (ASSO) are no family links: they are written under their INDI.
    if ((r.deletedAt !== undefined && r.deletedAt !== null) || r.type === 'association') continue;
    (r.type === 'partnership' ? partnerships : parentEdges).push(r);
  }

  // No global sort (250k edges of a 100k-person tree take longer to sort than to derive): only the
  // small groups whose order decides something are sorted, which makes the result order-independent.
  const drafts: Draft<E>[] = [];
  const byPartner: PartnerIndex<E> = new Map();
  for (const p of partnerships) {
    const swap = sexRank(sexOf(p.personBId)) < sexRank(sexOf(p.personAId));
    const draft: Draft<E> = {
      key: `P:${p.id}`,
      partnership: p,
      partners: swap ? [p.personBId, p.personAId] : [p.personAId, p.personBId],
      roles: COUPLE,
      children: [],
      childIds: null,
      first: p.id,
    };
    drafts.push(draft);
    indexPartner(byPartner, p.personAId, draft);
    if (p.personAId !== p.personBId) indexPartner(byPartner, p.personBId, draft);
  }
  // Several partnerships of one person: the older first, so a pair with two partnerships (a merge can
  // make them) takes children in the older one first.
  for (const list of byPartner.values()) if (list.length > 1) list.sort((a, b) => compareIds(a.first, b.first));

  const singles = new Map<string, Draft<E>[]>();
  const singleFamilyOf = (edge: E, child: Id): Draft<E> => {
    const parent = edge.personAId;
    const group = groupOf?.(edge) ?? 0;
    const at = group === 0 ? parent : `${parent}:G${group}`;
    let list = singles.get(at);
    if (list === undefined) singles.set(at, (list = []));
    for (const f of list) if (!hasChild(f, child)) return f;
    const draft: Draft<E> = {
      key: list.length === 0 ? `S:${at}` : group === 0 ? `S:${at}:${list.length}` : `S:${at}_${list.length}`,
      partnership: null,
      partners: [parent],
      roles: sexOf(parent) === 'female' ? LONE_WIFE : LONE_HUSB,
      children: [],
      childIds: null,
      first: '\uffff',
    };
    list.push(draft);
    drafts.push(draft);
    return draft;
  };

  /**
   * An edge of the child that joins no other: in its couple's family beside the other parent's edge
   * (used by another family) when it is a shared one and that family is there, else its parent's
   * single-parent family.
   */
  const alone = (e: E, child: Id, edges: readonly E[]): void => {
    if (shared?.(e) === true) {
      for (const other of edges) {
        if (other.personAId === e.personAId || (!perPartner && qualifierOf(other) !== qualifierOf(e))) continue;
        const family = coupleFamily(byPartner, e.personAId, other.personAId, child);
        if (family === undefined) continue;
        const c = joined(family, child, e, other, perPartner);
        addChild(family, { ...c, edgeIds: [e.id] });
        return;
      }
    }
    addChild(singleFamilyOf(e, child), { id: child, qualifier: qualifierOf(e), edgeIds: [e.id] });
  };

  /** A couple's child with the FAM record of theirs both its edges say it was listed in (group forms). */
  const formed = (c: FamilyChild, a: E, b: E): FamilyChild => {
    const k = groupOf?.(a) ?? 0;
    return k > 0 && k === groupOf?.(b) ? { ...c, form: k } : c;
  };

  // Edges by child, each list in id order. A child's placement depends only on its own edges (and on
  // the partnership families), so the order in which children are taken does not matter.
  const byChild = new Map<Id, E[]>();
  for (const e of parentEdges) {
    const list = byChild.get(e.personBId);
    if (list) list.push(e);
    else byChild.set(e.personBId, [e]);
  }

  for (const [child, edges] of byChild) {
    if (edges.length === 1) {
      addChild(singleFamilyOf(edges[0]!, child), { id: child, qualifier: qualifierOf(edges[0]!), edgeIds: [edges[0]!.id] });
      continue;
    }
    if (edges.length === 2) {
      const [e0, e1] = edges[0]!.id < edges[1]!.id ? [edges[0]!, edges[1]!] : [edges[1]!, edges[0]!];
      const qualifier = qualifierOf(e0);
      const family = e0.personAId !== e1.personAId && (perPartner || qualifier === qualifierOf(e1))
        ? coupleFamily(byPartner, e0.personAId, e1.personAId, child) : undefined;
      if (family !== undefined) addChild(family, formed(joined(family, child, e0, e1, perPartner), e0, e1));
      else {
        alone(e0, child, edges);
        alone(e1, child, edges);
      }
      continue;
    }
    edges.sort(byId);
    const used = edges.map(() => false);
    // Shared edges (beside another family's edge) pair last: first every other pair that makes a
    // couple's family, whatever the edges' order (an account restore draws new ids).
    const besides = shared === undefined ? null : edges.map((e) => shared(e));
    for (const pass of besides?.includes(true) === true ? [0, 1] : [1]) {
      for (let i = 0; i < edges.length; i++) {
        if (used[i] || (pass === 0 && besides![i]!)) continue;
        const ei = edges[i]!;
        const qualifier = qualifierOf(ei);
        for (let j = i + 1; j < edges.length; j++) {
          const ej = edges[j]!;
          if (used[j] || (pass === 0 && besides![j]!) || ej.personAId === ei.personAId || (!perPartner && qualifierOf(ej) !== qualifier)) continue;
          const family = coupleFamily(byPartner, ei.personAId, ej.personAId, child);
          if (family === undefined) continue;
          addChild(family, formed(joined(family, child, ei, ej, perPartner), ei, ej));
          used[i] = true;
          used[j] = true;
          break;
        }
      }
    }
    for (let i = 0; i < edges.length; i++) if (!used[i]) alone(edges[i]!, child, edges);
  }

  drafts.sort((a, b) => compareIds(a.first, b.first));
  return drafts.map((d) => ({
    key: d.key,
    partnership: d.partnership,
    partners: d.partners,
    roles: d.roles,
    children: d.children.length < 2 ? d.children : d.children.sort((a, b) => compareIds(a.edgeIds[0]!, b.edgeIds[0]!)),
  }));
};
