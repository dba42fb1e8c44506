import { expect } from 'chai';
import fc from 'fast-check';
import { deriveFamilies, type DerivedFamily } from '../../core/gedcom/families.js';
import { parentChildQualifiers, type ParentChildQualifier, type Relationship, type Sex } from '../../core/people/model.js';

// FAM records derived from relationship edges (SPEC "GEDCOM": export derives families from the edges).
// What a reader makes of the families (a partnership per two-partner FAM, an edge from every partner to
// every CHIL with its PEDI) must be exactly the edges we started from.

const NOW = new Date('2026-01-01T00:00:00Z');
const TREE = '00000000-0000-7000-8000-000000000000';
const edgeId = (n: number): string => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

const edge = (
  n: number, type: Relationship['type'], a: string, b: string, qualifier: ParentChildQualifier | null = null,
  over: Partial<Relationship> = {},
): Relationship => ({
  id: edgeId(n), treeId: TREE, type, personAId: a, personBId: b,
  qualifier: type === 'parent_child' ? (qualifier ?? 'biological') : null,
  role: null, notes: '', createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null, ...over,
});

const noSex = (): Sex | null => null;

/** The edges a reader of these families would create, as comparable strings. */
const edgesRead = (families: readonly DerivedFamily[]): string[] => {
  const out: string[] = [];
  for (const f of families) {
    if (f.partners.length === 2) out.push(`partnership ${[...f.partners].sort().join(' ')}`);
    for (const c of f.children) for (const p of f.partners) out.push(`parent_child ${p} ${c.id} ${c.qualifier}`);
  }
  return out.sort();
};

const edgesWritten = (edges: readonly Relationship[]): string[] => edges
  .filter((e) => e.deletedAt === null)
  .map((e) => (e.type === 'partnership'
    ? `partnership ${[e.personAId, e.personBId].sort().join(' ')}`
    : `parent_child ${e.personAId} ${e.personBId} ${e.qualifier}`))
  .sort();

describe('deriveFamilies', () => {
  it('puts a child of two partners with equal qualifiers into their family, husband first', () => {
    const edges = [
      edge(1, 'partnership', 'wife', 'husband'),
      edge(2, 'parent_child', 'wife', 'kid', 'adoptive'),
      edge(3, 'parent_child', 'husband', 'kid', 'adoptive'),
    ];
    const sex = (id: string): Sex | null => (id === 'wife' ? 'female' : id === 'husband' ? 'male' : null);
    expect(deriveFamilies(edges, sex)).to.deep.equal([{
      key: `P:${edgeId(1)}`, partnership: edges[0], partners: ['husband', 'wife'], roles: ['HUSB', 'WIFE'],
      children: [{ id: 'kid', qualifier: 'adoptive', edgeIds: [edgeId(2), edgeId(3)] }],
    }]);
  });

  it('groups a parent\'s children without a co-parent as the edges say (group forms), one family without', () => {
    const edges = [edge(1, 'parent_child', 'dad', 'a'), edge(2, 'parent_child', 'dad', 'b'), edge(3, 'parent_child', 'dad', 'c')];
    const group = (e: Relationship): number => (e.personBId === 'a' ? 0 : 1);
    expect(deriveFamilies(edges, noSex).map((f) => [f.key, f.children.map((c) => c.id)])).to.deep.equal([['S:dad', ['a', 'b', 'c']]]);
    expect(deriveFamilies(edges, noSex, false, { groupOf: group }).map((f) => [f.key, f.children.map((c) => c.id)]))
      .to.deep.equal([['S:dad', ['a']], ['S:dad:G1', ['b', 'c']]]);
  });

  it('puts a child beside its father in the family of the father and a second mother (shared forms), whichever edge is older', () => {
    // The father's edge pairs with the first mother's; the second mother's is shared: beside it.
    for (const [m1, m2] of [[3, 4], [4, 3]]) {
      const edges = [
        edge(1, 'partnership', 'dad', 'mum'), edge(2, 'partnership', 'dad', 'stepmum'),
        edge(5, 'parent_child', 'dad', 'kid'), edge(m1!, 'parent_child', 'mum', 'kid'), edge(m2!, 'parent_child', 'stepmum', 'kid'),
      ];
      const shared = (e: Relationship): boolean => e.personAId === 'stepmum';
      const families = (perPartner: boolean, forms = {}) => deriveFamilies(edges, noSex, perPartner, forms).map((f) => [f.key, f.children.map((c) => c.edgeIds)]);
      for (const perPartner of [false, true]) {
        expect(families(perPartner, { shared }), `${m1}`).to.deep.equal([[`P:${edgeId(1)}`, [[edgeId(m1!), edgeId(5)]]], [`P:${edgeId(2)}`, [[edgeId(m2!)]]]]);
        // Without the form one mother's edge is a family of her own (which one: the older edge pairs).
        expect(families(perPartner).map(([k]) => k)).to.include(m1! < m2! ? 'S:stepmum' : 'S:mum');
      }
    }
  });

  it('finds the couple whichever partner the partnership names first and whichever edge is older', () => {
    for (const [a, b] of [['p', 'q'], ['q', 'p']]) {
      const edges = [edge(1, 'partnership', a!, b!), edge(2, 'parent_child', 'q', 'kid'), edge(3, 'parent_child', 'p', 'kid')];
      expect(deriveFamilies(edges, noSex).map((f) => f.children.map((c) => c.edgeIds))).to.deep.equal([[[edgeId(2), edgeId(3)]]]);
    }
  });

  it('splits a child whose two parents differ in qualifier into two single-parent families', () => {
    const edges = [
      edge(1, 'partnership', 'p', 'q'),
      edge(2, 'parent_child', 'p', 'kid', 'biological'),
      edge(3, 'parent_child', 'q', 'kid', 'step'),
    ];
    const families = deriveFamilies(edges, (id) => (id === 'q' ? 'female' : null));
    expect(families.map((f) => [f.key, f.partners, f.roles, f.children.map((c) => `${c.id}:${c.qualifier}`)])).to.deep.equal([
      [`P:${edgeId(1)}`, ['p', 'q'], ['HUSB', 'WIFE'], []],
      ['S:p', ['p'], ['HUSB'], ['kid:biological']],
      ['S:q', ['q'], ['WIFE'], ['kid:step']],
    ]);
  });

  it('never puts two parents who are not partners into one family', () => {
    const edges = [edge(1, 'parent_child', 'p', 'kid'), edge(2, 'parent_child', 'q', 'kid')];
    const families = deriveFamilies(edges, noSex);
    expect(families.map((f) => f.partners)).to.deep.equal([['p'], ['q']]);
    expect(families.every((f) => f.partnership === null)).to.equal(true);
  });

  it('gathers the children of one lone parent into one family, ordered by edge id', () => {
    const edges = [edge(5, 'parent_child', 'mum', 'b'), edge(2, 'parent_child', 'mum', 'a')];
    const families = deriveFamilies(edges, () => 'female');
    expect(families).to.have.length(1);
    expect(families[0]!.roles).to.deep.equal(['WIFE']);
    expect(families[0]!.children.map((c) => c.id)).to.deep.equal(['a', 'b']);
  });

  it('duplicate edges: a child is in a family once; the second pair goes to a second partnership of the pair, else to single-parent families', () => {
    const dup = [edge(1, 'partnership', 'p', 'q'), edge(2, 'parent_child', 'p', 'c'), edge(3, 'parent_child', 'p', 'c'), edge(4, 'parent_child', 'q', 'c'), edge(5, 'parent_child', 'q', 'c')];
    expect(deriveFamilies(dup, noSex).map((f) => [f.key, f.children.map((c) => c.edgeIds)])).to.deep.equal([
      [`P:${edgeId(1)}`, [[edgeId(2), edgeId(4)]]], ['S:p', [[edgeId(3)]]], ['S:q', [[edgeId(5)]]],
    ]);
    const twice = [...dup, edge(6, 'partnership', 'q', 'p')];
    expect(deriveFamilies(twice, noSex).map((f) => [f.key, f.children.map((c) => c.edgeIds)])).to.deep.equal([
      [`P:${edgeId(1)}`, [[edgeId(2), edgeId(4)]]], [`P:${edgeId(6)}`, [[edgeId(3), edgeId(5)]]],
    ]);
    const lone = [edge(1, 'parent_child', 'p', 'c'), edge(2, 'parent_child', 'p', 'c'), edge(3, 'parent_child', 'p', 'd')];
    expect(deriveFamilies(lone, noSex).map((f) => [f.key, f.children.map((c) => c.id)])).to.deep.equal([['S:p', ['c', 'd']], ['S:p:1', ['c']]]);
  });

  it('ignores associations: no family, no child, no partner from a godparent or witness', () => {
    const withAsso = [
      edge(1, 'partnership', 'h', 'w'), edge(2, 'parent_child', 'h', 'c'), edge(3, 'parent_child', 'w', 'c'),
      edge(4, 'association', 'c', 'g', null, { role: 'Godfather' }), edge(5, 'association', 'h', 'w', null, { role: 'Witness' }),
      edge(6, 'association', 'x', 'y', null, { role: 'Friend' }),
    ];
    expect(deriveFamilies(withAsso, noSex)).to.deep.equal(deriveFamilies(withAsso.slice(0, 3), noSex));
    expect(deriveFamilies(withAsso.slice(3), noSex)).to.deep.equal([]);
  });

  it('skips deleted edges', () => {
    const edges = [edge(1, 'partnership', 'p', 'q', null, { deletedAt: NOW }), edge(2, 'parent_child', 'p', 'k', null, { deletedAt: NOW })];
    expect(deriveFamilies(edges, noSex)).to.deep.equal([]);
  });

  it('orders families by their smallest edge id', () => {
    const edges = [
      edge(9, 'partnership', 'a', 'b'),
      edge(3, 'parent_child', 'c', 'd'),
      edge(1, 'parent_child', 'a', 'e'),
      edge(2, 'parent_child', 'b', 'e'),
    ];
    expect(deriveFamilies(edges, noSex).map((f) => f.key)).to.deep.equal([`P:${edgeId(9)}`, 'S:c']);
  });

  describe('properties over random edge sets', () => {
    // Few people and mostly biological edges, so couples, shared children and duplicate edges are common.
    const people = ['p0', 'p1', 'p2', 'p3', 'p4'];
    const arbEdgeSpec = fc.record({
      type: fc.constantFrom('parent_child' as const, 'partnership' as const),
      a: fc.constantFrom(...people),
      b: fc.constantFrom(...people),
      qualifier: fc.oneof({ arbitrary: fc.constant<ParentChildQualifier>('biological'), weight: 3 }, { arbitrary: fc.constantFrom(...parentChildQualifiers), weight: 1 }),
    }).filter((e) => e.a !== e.b);
    const arbEdges = fc.array(arbEdgeSpec, { maxLength: 30 }).chain((specs) => fc.shuffledSubarray(
      specs.map((_, i) => i + 1), { minLength: specs.length, maxLength: specs.length },
    ).map((ids) => specs.map((s, i) => edge(ids[i]!, s.type, s.a, s.b, s.qualifier))));
    const arbSexes = fc.array(fc.constantFrom<Sex | null>('male', 'female', null), { minLength: people.length, maxLength: people.length })
      .map((sexes) => (id: string): Sex | null => sexes[people.indexOf(id)] ?? null);

    it('reading the families back gives exactly the input edges', () => {
      fc.assert(fc.property(arbEdges, arbSexes, (edges, sexOf) => {
        expect(edgesRead(deriveFamilies(edges, sexOf))).to.deep.equal(edgesWritten(edges));
      }), { numRuns: 500 });
    });

    it('every edge is in exactly one family, and the family really holds that edge', () => {
      fc.assert(fc.property(arbEdges, arbSexes, (edges, sexOf) => {
        const byId = new Map(edges.map((e) => [e.id, e]));
        const seen: string[] = [];
        for (const f of deriveFamilies(edges, sexOf)) {
          if (f.partnership) {
            seen.push(f.partnership.id);
            expect([...f.partners].sort()).to.deep.equal([f.partnership.personAId, f.partnership.personBId].sort());
          }
          for (const c of f.children) {
            expect(c.edgeIds).to.have.length(f.partners.length);
            for (const id of c.edgeIds) {
              const e = byId.get(id)!;
              expect(e.personBId).to.equal(c.id);
              expect(e.qualifier).to.equal(c.qualifier);
              expect(f.partners).to.include(e.personAId);
              seen.push(id);
            }
          }
        }
        expect(seen.sort()).to.deep.equal(edges.map((e) => e.id).sort());
      }), { numRuns: 500 });
    });

    it('families are well formed: two partners only with a partnership, a child once per family, keys unique, husband first', () => {
      fc.assert(fc.property(arbEdges, arbSexes, (edges, sexOf) => {
        const families = deriveFamilies(edges, sexOf);
        expect(new Set(families.map((f) => f.key)).size).to.equal(families.length);
        for (const f of families) {
          expect(f.partners.length === 2).to.equal(f.partnership !== null);
          expect(f.roles).to.have.length(f.partners.length);
          expect(new Set(f.children.map((c) => c.id)).size).to.equal(f.children.length);
          if (f.partners.length === 2) {
            expect(f.roles).to.deep.equal(['HUSB', 'WIFE']);
            expect(sexOf(f.partners[1]!) === 'male' && sexOf(f.partners[0]!) !== 'male').to.equal(false);
            expect(sexOf(f.partners[0]!) === 'female' && sexOf(f.partners[1]!) !== 'female').to.equal(false);
          } else {
            expect(f.children).to.not.be.empty;
            expect(f.roles[0]).to.equal(sexOf(f.partners[0]!) === 'female' ? 'WIFE' : 'HUSB');
          }
        }
      }), { numRuns: 500 });
    });

    it('a child never stays in two single-parent families that its parents\' couple family could take', () => {
      fc.assert(fc.property(arbEdges, arbSexes, (edges, sexOf) => {
        const families = deriveFamilies(edges, sexOf);
        const couples = families.filter((f) => f.partners.length === 2);
        const singles = families.filter((f) => f.partners.length === 1)
          .flatMap((f) => f.children.map((c) => ({ parent: f.partners[0]!, child: c.id, qualifier: c.qualifier })));
        for (const s1 of singles) {
          for (const s2 of singles) {
            if (s1.child !== s2.child || s1.qualifier !== s2.qualifier || s1.parent === s2.parent) continue;
            const free = couples.find((f) => f.partners.includes(s1.parent) && f.partners.includes(s2.parent) && !f.children.some((c) => c.id === s1.child));
            expect(free, `${s1.child} of ${s1.parent} and ${s2.parent}`).to.equal(undefined);
          }
        }
      }), { numRuns: 500 });
    });

    it('the result does not depend on the input order', () => {
      fc.assert(fc.property(arbEdges.chain((edges) => fc.tuple(fc.constant(edges), fc.shuffledSubarray(edges, { minLength: edges.length, maxLength: edges.length }))), arbSexes, ([edges, shuffled], sexOf) => {
        expect(deriveFamilies(shuffled, sexOf)).to.deep.equal(deriveFamilies(edges, sexOf));
      }), { numRuns: 300 });
    });
  });
});
