import { expect } from 'chai';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { familiesOf, importMatcher, readExistingTree, wantedBlocks, type FamiliesOf } from '../../core/gedcom/candidates.js';
import { incomingFromRecord, scanGedcom, type GedcomFile } from '../../core/gedcom/import-scan.js';
import type { PlanPerson } from '../../core/gedcom/types.js';
import type { Id } from '../../core/kernel/ids.js';
import type { Person } from '../../core/people/model.js';
import { aName, anEvent, givenEdge, givenPerson, givenTree } from '../contracts/fixtures.js';

// A GEDCOM preview (and an import whose default action is not `new`) reads only the existing persons
// who share a block with an incoming one, with their parents and partners, a page at a time
// (readExistingTree with `wanted`), instead of the whole tree. The finder's lookups must find there
// exactly what they find in the whole tree: every incoming person of a file gets the same candidates,
// scores, similarities and reasons from both, and the restricted tree holds fewer persons.

const GIVEN = ['Anna', 'Maria', 'Johann', 'Peter', 'Elisabeth', 'Georg', 'Katharina', 'Michael', 'Catharina', 'Jon', 'John', 'Mary', 'Heinrich', 'Konrad',
  'Margaretha', 'Barbara', 'Dorothea', 'Friedrich', 'Wilhelm', 'Sophie', 'Luise', 'Karl', 'Ludwig', 'Christina', 'Magdalena', 'Jakob', 'Adam', 'Eva'];
const STEMS = ['Web', 'Fisch', 'Schmid', 'Mey', 'Wagn', 'Beck', 'Koch', 'Richt', 'Klein', 'Wolf', 'Hart', 'Lang'];
const ENDS = ['er', 'ert', 'mann', 'ing', 'ner', 'sen', 'hold', 'brand'];
/** 96 surnames; the file takes its own from the first 16 (and their look-alikes among the others). */
const SURNAMES = STEMS.flatMap((s) => ENDS.map((e) => `${s}${e}`));
const PLACES = ['Kassel', 'Fulda', 'Marburg', null];

/** A deterministic generator (mulberry32), so a failure can be run again. */
const random = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const fileOf = (text: string): GedcomFile => ({ open: async function* () { yield Buffer.from(text, 'utf8'); } });

describe('the existing persons a GEDCOM preview reads (restricted to the blocks of the file)', () => {
  it('every incoming person gets the same candidates from the restricted tree as from the whole tree, which holds more persons', async () => {
    const rnd = random(20261126);
    const pick = <A>(xs: readonly A[]): A => xs[Math.floor(rnd() * xs.length)]!;
    const s = memoryStorage();
    const tree = await givenTree(s);
    const persons: Person[] = [];
    /** Each existing person's primary name and birth year, for the file's copies of some of them. */
    const known: { given: string; surname: string; year: number | null; sex: 'M' | 'F' | 'U' }[] = [];
    for (let i = 0; i < 2_000; i++) {
      const sex = pick(['male', 'female', null] as const);
      const p = await givenPerson(s, tree.id, { sex });
      persons.push(p);
      const name = { given: `${pick(GIVEN)}${rnd() < 0.3 ? ` ${pick(GIVEN)}` : ''}`, surname: pick(SURNAMES), year: null as number | null, sex: sex === 'male' ? 'M' as const : sex === 'female' ? 'F' as const : 'U' as const };
      known.push(name);
      await s.names.insert(aName(p, { givenName: name.given, surname: name.surname, isPrimary: true }));
      if (rnd() < 0.2) await s.names.insert(aName(p, { givenName: pick(GIVEN), surname: pick(SURNAMES), isPrimary: false, nameType: 'married' }));
      if (rnd() < 0.8) {
        name.year = 1600 + Math.floor(rnd() * 300);
        await s.events.insert(anEvent(tree.id, { personId: p.id }, { type: pick(['birth', 'baptism'] as const), date: { qualifier: 'exact', year: name.year, month: 1 + Math.floor(rnd() * 12), day: 1 + Math.floor(rnd() * 28) } }));
      }
      if (rnd() < 0.4) {
        const place = pick(PLACES);
        const placeId = place === null ? null : (await s.places.ensure(tree.id, place, p.id)).id;
        await s.events.insert(anEvent(tree.id, { personId: p.id }, { type: 'death', date: { qualifier: 'about', year: 1650 + Math.floor(rnd() * 300) }, placeId }));
      }
      if (i > 50) {
        for (const parent of new Set([pick(persons.slice(0, i)), pick(persons.slice(0, i))])) await givenEdge(s, tree.id, 'parent_child', parent.id, p.id);
        if (rnd() < 0.3) await givenEdge(s, tree.id, 'partnership', pick(persons.slice(0, i)).id, p.id);
      }
    }
    // The file: copies of existing persons of the first 16 surnames (a year off at times), and others
    // with names and years from the same stock, in families.
    const copies = known.filter((k) => SURNAMES.indexOf(k.surname) < 16);
    const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'];
    const fams: string[][] = Array.from({ length: 40 }, () => []);
    for (let i = 1; i <= 150; i++) {
      const copy = rnd() < 0.4 ? pick(copies) : null;
      lines.push(`0 @I${i}@ INDI`, `1 NAME ${copy?.given ?? pick(GIVEN)} /${copy?.surname ?? pick(SURNAMES.slice(0, 16))}/`, `1 SEX ${copy?.sex ?? pick(['M', 'F', 'U'])}`);
      const year = copy === null ? (rnd() < 0.8 ? 1600 + Math.floor(rnd() * 300) : null) : copy.year === null ? null : copy.year + pick([-1, 0, 0, 1]);
      if (year !== null) lines.push('1 BIRT', `2 DATE ${year}`);
      const f = Math.floor(rnd() * 40);
      const role = fams[f]!.length < 2 ? 'HUSB' : 'CHIL';
      fams[f]!.push(`1 ${role} @I${i}@`);
      lines.push(`1 ${role === 'CHIL' ? 'FAMC' : 'FAMS'} @F${f}@`);
    }
    fams.forEach((members, f) => lines.push(`0 @F${f}@ FAM`, ...members.map((m) => m.replace('HUSB', members.indexOf(m) === 0 ? 'HUSB' : 'WIFE'))));
    lines.push('0 TRLR', '');
    const file = fileOf(lines.join('\n'));

    const wanted = wantedBlocks();
    const incoming: { person: PlanPerson; families: FamiliesOf }[] = [];
    const scanned = await scanGedcom(file, undefined, {
      onPerson: (xref, record) => {
        const person = incomingFromRecord(record, xref);
        wanted.add(person);
        incoming.push({ person, families: familiesOf(record) });
      },
    });
    if (scanned._tag === 'Left') throw new Error(JSON.stringify(scanned.left));
    const whole = await readExistingTree(s, tree.id);
    const restricted = await readExistingTree(s, tree.id, wanted, 97);
    expect(whole.subjects).to.have.length(2_000);
    expect(restricted.subjects.length, 'the restricted tree holds fewer persons').to.be.below(1_500).and.above(0);
    const [a, b] = [importMatcher(whole), importMatcher(restricted)];
    for (const { person } of incoming) {
      a.note(person);
      b.note(person);
    }
    let found = 0;
    for (const { person, families } of incoming) {
      expect(b.mayMatch(person), person.xref).to.equal(a.mayMatch(person));
      const shown = (m: typeof a) => m.candidatesFor(person, families, scanned.right.links);
      const expected = shown(a);
      expect(shown(b), person.xref).to.deep.equal(expected);
      found += expected.length;
    }
    expect(found, 'the file has candidates to compare').to.be.greaterThan(25);
    // The same ids, for the record: the persons the restricted read kept are persons of the tree.
    const ids = new Set<Id>(persons.map((p) => p.id));
    for (const x of restricted.subjects) expect(ids.has(x.id)).to.equal(true);
  });
});
