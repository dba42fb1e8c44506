import { expect } from 'chai';
import { readPlan } from '../../core/gedcom/read-plan.js';
import type { ImportPlan } from '../../core/gedcom/types.js';
import { writeIndividual, type WriterOptions, type Xrefs } from '../../core/gedcom/writer.js';
import type { Name, Person } from '../../core/people/model.js';

// Issue 28: a name's prefix (NPFX), suffix (NSFX) and surname prefix (SPFX) are fields of their own.
// Import keeps them apart from the given name and surname; export writes them back, in the NAME value
// (`Dr. John /van Dijk/ Jr.`) and as their own lines, so the NAME substructure's tag paths come back.

const NOW = new Date('2026-03-04T05:06:07Z');
const base = { treeId: 'tree', createdAt: NOW, updatedAt: NOW, deletedAt: null, deletionId: null };
const x: Xrefs = { person: () => '@I1@', family: (key) => `@F${key}@`, source: (id) => `@S${id}@` };
const options = (version: '5.5.1' | '7.0'): WriterOptions => ({ version, treeName: 'T', exportedAt: NOW, product: { name: 'G', version: '1' } });

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

const header = (version: '5.5.1' | '7.0'): string => (version === '7.0'
  ? '0 HEAD\n1 GEDC\n2 VERS 7.0\n'
  : '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n');

const planOf = async (version: '5.5.1' | '7.0', indi: string): Promise<ImportPlan> => {
  const result = await readPlan(bytesOf(`${header(version)}0 @I1@ INDI\n${indi}0 TRLR\n`));
  if (result._tag !== 'Right') return expect.fail(JSON.stringify(result.left));
  expect(result.right.plan.warnings).to.deep.equal([]);
  return result.right.plan;
};

/** The INDI's lines as the export writes them from what import made of `indi`. */
const roundTrip = async (version: '5.5.1' | '7.0', indi: string): Promise<string[]> => {
  const plan = await planOf(version, indi);
  const p = plan.persons[0]!;
  const person: Person = { ...base, id: 'p1', sex: null, isLiving: null, privacy: 'default', notes: '', identifiers: [], birthYear: null, hasDeathFact: false, mergedInto: null };
  const names: Name[] = p.names.map((n, i) => ({
    ...base, id: `n${i}`, personId: 'p1', nameType: n.nameType, givenName: n.givenName, surname: n.surname,
    prefix: n.prefix, suffix: n.suffix, surnamePrefix: n.surnamePrefix, isPrimary: n.isPrimary, notes: n.notes,
  }));
  return writeIndividual(options(version), x, { person, names, events: [], citations: [], famc: [], fams: [] }).split('\n').filter((l) => l !== '').slice(1);
};

/** The tag paths of the lines (level and tag, under their NAME), as a sorted list: a multiset. */
const tagPaths = (lines: readonly string[]): string[] => {
  const path: string[] = [];
  const out: string[] = [];
  for (const l of lines) {
    const [level, tag] = l.split(' ');
    path.length = Number(level) - 1;
    path.push(tag!);
    out.push(path.join('.'));
  }
  return out.sort();
};

describe('GEDCOM name parts: NPFX, NSFX and SPFX round trip', () => {
  for (const version of ['5.5.1', '7.0'] as const) {
    it(`${version}: the George Washington case: NSFX stays a suffix, not part of the given name`, async () => {
      const indi = '1 NAME George /WASHINGTON/\n2 NSFX [FIRST U.S. PRESIDENT]\n';
      const plan = await planOf(version, indi);
      expect(plan.persons[0]!.names[0]).to.include({ givenName: 'George', surname: 'WASHINGTON', suffix: '[FIRST U.S. PRESIDENT]', prefix: '', surnamePrefix: '' });
      const lines = await roundTrip(version, indi);
      expect(lines).to.deep.equal(['1 NAME George /WASHINGTON/ [FIRST U.S. PRESIDENT]', '2 GIVN George', '2 SURN WASHINGTON', '2 NSFX [FIRST U.S. PRESIDENT]']);
      expect(lines).not.to.include('2 GIVN George [FIRST U.S. PRESIDENT]');
    });

    it(`${version}: NPFX, GIVN, SPFX, SURN and NSFX come back as written, the NAME value holding every part`, async () => {
      const indi = '1 NAME Dr. Jan /van Dijk/ Jr.\n2 NPFX Dr.\n2 GIVN Jan\n2 SPFX van\n2 SURN Dijk\n2 NSFX Jr.\n';
      const lines = await roundTrip(version, indi);
      expect(lines).to.deep.equal(['1 NAME Dr. Jan /van Dijk/ Jr.', '2 NPFX Dr.', '2 GIVN Jan', '2 SPFX van', '2 SURN Dijk', '2 NSFX Jr.']);
      expect(tagPaths(lines)).to.deep.equal(tagPaths(indi.split('\n').filter((l) => l !== '')));
    });

    it(`${version}: the pieces without GIVN and SURN, in another order, give back the same multiset of tag paths`, async () => {
      const indi = '1 NAME Sir Walter /de la Mare/\n2 NSFX KBE\n2 SPFX de la\n2 NPFX Sir\n';
      const plan = await planOf(version, indi);
      expect(plan.persons[0]!.names[0]).to.include({ givenName: 'Walter', surname: 'Mare', prefix: 'Sir', surnamePrefix: 'de la', suffix: 'KBE' });
      const lines = await roundTrip(version, indi);
      expect(lines).to.deep.equal(['1 NAME Sir Walter /de la Mare/ KBE', '2 NPFX Sir', '2 GIVN Walter', '2 SPFX de la', '2 SURN Mare', '2 NSFX KBE']);
      const again = await roundTrip(version, lines.map((l) => `${l}\n`).join(''));
      expect(again).to.deep.equal(lines);
    });

    it(`${version}: \`John /Smith/ Jr.\` without NSFX: the text after the surname is the suffix, written back as NSFX`, async () => {
      const plan = await planOf(version, '1 NAME John /Smith/ Jr.\n');
      expect(plan.persons[0]!.names[0]).to.include({ givenName: 'John', surname: 'Smith', suffix: 'Jr.' });
      expect(await roundTrip(version, '1 NAME John /Smith/ Jr.\n')).to.deep.equal(['1 NAME John /Smith/ Jr.', '2 GIVN John', '2 SURN Smith', '2 NSFX Jr.']);
    });

    it(`${version}: a name without parts is written as before (NAME, GIVN, SURN only)`, async () => {
      expect(await roundTrip(version, '1 NAME Mary Ann /Smith/\n')).to.deep.equal(['1 NAME Mary Ann /Smith/', '2 GIVN Mary Ann', '2 SURN Smith']);
      expect(await roundTrip(version, '1 NAME Dr. /Who/\n2 NPFX Dr.\n')).to.deep.equal(['1 NAME Dr. /Who/', '2 NPFX Dr.', '2 SURN Who']);
    });
  }
});
