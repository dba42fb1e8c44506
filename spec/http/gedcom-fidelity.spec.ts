import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import type { Storage } from '../../core/stores.js';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Nothing a file holds that the model can hold is lost on import, and export writes it back: for
// each kind of data (single-spouse family events, citations under DATE/PLAC, NAME.NOTE, ASSO,
// REFN/AFN/UID, LDS ordinances, the file's own SUBM), a small file in 5.5.1 and, where the two
// differ, 7.0 is imported over HTTP on the memory service; what the tree then holds is checked
// against what the file holds, and its 5.5.1 and 7.0 exports import back to the same.

type Facts = {
  readonly persons: number;
  /** Events as `owner type [temple status]`, sorted. */
  readonly events: readonly string[];
  /** Citations as `target kind: page`, sorted. */
  readonly citations: readonly string[];
  readonly nameNotes: readonly string[];
  /** `kind value type`, sorted. */
  readonly identifiers: readonly string[];
  /** Relationships as `type qualifier|role notes`, sorted. */
  readonly relationships: readonly string[];
};

const facts = async (storage: Storage, treeId: string): Promise<Facts> => {
  const sorted = (xs: string[]): string[] => xs.sort();
  const persons = await storage.persons.listByTree(treeId, {});
  return {
    persons: persons.length,
    events: sorted((await storage.events.listByTree(treeId, {})).map((e) =>
      [e.personId === null ? 'couple' : 'person', e.type, ...(e.temple === null && e.ordinanceStatus === null ? [] : [e.temple ?? '-', e.ordinanceStatus ?? '-'])].join(' '))),
    citations: sorted((await storage.citations.listByTree(treeId, {})).map((c) => `${c.target.kind}: ${c.page}`)),
    nameNotes: sorted((await storage.names.listByTree(treeId)).flatMap((n) => (n.notes === '' ? [] : [n.notes]))),
    identifiers: sorted(persons.flatMap((p) => p.identifiers.map((i) => `${i.kind} ${i.value} ${i.type ?? '-'}`))),
    relationships: sorted((await storage.relationships.listByTree(treeId, {})).map((r) => `${r.type} ${r.qualifier ?? r.role ?? '-'} ${r.notes}`.trim())),
  };
};

const HEAD_551 = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n1 SUBM @U1@\n0 @U1@ SUBM\n1 NAME Me\n';
const HEAD_70 = '0 HEAD\n1 GEDC\n2 VERS 7.0\n1 SUBM @U1@\n0 @U1@ SUBM\n1 NAME Me\n';
const SOURCE = '0 @S1@ SOUR\n1 TITL Register\n';

type Case = {
  readonly what: string;
  readonly files: Readonly<Record<'5.5.1' | '7.0', string>>;
  /** What the file holds, as the tree must hold it (empty lists may be left out); `expected70` for the 7.0 file when it differs. */
  readonly expected: Partial<Facts> & { readonly persons: number };
  readonly expected70?: Partial<Facts> & { readonly persons: number };
};

const CASES: readonly Case[] = [
  {
    what: 'marriage and divorce of a family with one known spouse become that spouse\'s own events, the family\'s citations cite the spouse',
    files: Object.fromEntries((['5.5.1', '7.0'] as const).map((v) => [v, `${v === '7.0' ? HEAD_70 : HEAD_551}${SOURCE}`
      + '0 @I1@ INDI\n1 NAME Ann /Smith/\n1 SEX F\n1 FAMS @F1@\n0 @I2@ INDI\n1 NAME Kim /Smith/\n1 FAMC @F1@\n'
      + '0 @F1@ FAM\n1 WIFE @I1@\n1 CHIL @I2@\n1 MARR\n2 DATE 1900\n2 SOUR @S1@\n3 PAGE m\n1 DIV\n2 DATE 1910\n1 SOUR @S1@\n2 PAGE f\n0 TRLR\n'])) as Case['files'],
    expected: {
      persons: 2, events: ['person divorce', 'person marriage'], citations: ['event: m', 'person: f'],
      relationships: ['parent_child biological'],
    },
  },
  {
    what: 'citations under an event\'s DATE and PLAC are citations of the event',
    files: Object.fromEntries((['5.5.1', '7.0'] as const).map((v) => [v, `${v === '7.0' ? HEAD_70 : HEAD_551}${SOURCE}`
      + '0 @I1@ INDI\n1 NAME Ann /Smith/\n1 BIRT\n2 DATE 1850\n3 SOUR @S1@\n4 PAGE d\n2 PLAC Leiden\n3 SOUR @S1@\n4 PAGE p\n2 SOUR @S1@\n3 PAGE e\n0 TRLR\n'])) as Case['files'],
    expected: { persons: 1, events: ['person birth'], citations: ['event: d', 'event: e', 'event: p'] },
  },
  {
    what: 'NAME.NOTE is the name\'s notes',
    files: Object.fromEntries((['5.5.1', '7.0'] as const).map((v) => [v, `${v === '7.0' ? HEAD_70 : HEAD_551}`
      + '0 @I1@ INDI\n1 NAME Ann /Smith/\n2 NOTE Spelt Anne\n3 CONT in the register\n2 NOTE @N1@\n0 @N1@ '
      + `${v === '7.0' ? 'SNOTE' : 'NOTE'} Shared\n0 TRLR\n`])) as Case['files'],
    expected: { persons: 1, nameNotes: ['Spelt Anne\nin the register\n\nShared'] },
  },
  {
    what: 'ASSO is an association with its role, notes and citations',
    files: {
      '5.5.1': `${HEAD_551}${SOURCE}0 @I1@ INDI\n1 NAME Kim /Smith/\n1 ASSO @I2@\n2 RELA Godfather\n2 NOTE At the baptism\n2 SOUR @S1@\n3 PAGE 4\n`
        + '1 ASSO @I3@\n2 RELA Witness\n0 @I2@ INDI\n1 NAME Bob /Jones/\n0 @I3@ INDI\n1 NAME Eve /Brown/\n0 TRLR\n',
      '7.0': `${HEAD_70}${SOURCE}0 @I1@ INDI\n1 NAME Kim /Smith/\n1 ASSO @I2@\n2 ROLE OTHER\n3 PHRASE Godfather\n2 NOTE At the baptism\n2 SOUR @S1@\n3 PAGE 4\n`
        + '1 ASSO @I3@\n2 ROLE WITN\n1 BAPM\n2 ASSO @I2@\n3 ROLE GODP\n0 @I2@ INDI\n1 NAME Bob /Jones/\n0 @I3@ INDI\n1 NAME Eve /Brown/\n0 TRLR\n',
    },
    expected: { persons: 3, citations: ['relationship: 4'], relationships: ['association Godfather At the baptism', 'association Witness'] },
    expected70: {
      persons: 3, events: ['person baptism'], citations: ['relationship: 4'],
      relationships: ['association GODP', 'association Godfather At the baptism', 'association WITN'],
    },
  },
  {
    what: 'REFN with TYPE, AFN and _UID / UID are the person\'s identifiers',
    files: {
      '5.5.1': `${HEAD_551}0 @I1@ INDI\n1 NAME Ann /Smith/\n1 REFN 42\n2 TYPE Card index\n1 REFN 43\n1 AFN 9X8Y-7Z\n1 _UID 0B1C2D3E\n0 TRLR\n`,
      '7.0': `${HEAD_70}0 @I1@ INDI\n1 NAME Ann /Smith/\n1 REFN 42\n2 TYPE Card index\n1 REFN 43\n1 EXID 9X8Y-7Z\n2 TYPE https://gedcom.io/terms/v7/AFN\n`
        + '1 UID 0B1C2D3E\n0 TRLR\n',
    },
    expected: { persons: 1, identifiers: ['afn 9X8Y-7Z -', 'refn 42 Card index', 'refn 43 -', 'uid 0B1C2D3E -'] },
  },
  {
    what: 'LDS ordinances are events with their temple and status; SLGC\'s FAMC makes the child a child of the family',
    files: {
      '5.5.1': `${HEAD_551}${SOURCE}0 @I1@ INDI\n1 NAME Ann /Smith/\n1 SEX F\n1 FAMS @F1@\n1 BAPL\n2 DATE 1900\n2 TEMP SLAKE\n2 STAT COMPLETED\n3 DATE 1 JAN 1990\n2 SOUR @S1@\n3 PAGE b\n`
        + '1 CONL\n2 STAT Cleared\n3 DATE 1 JAN 1990\n1 ENDL\n2 TEMP LOGAN\n0 @I2@ INDI\n1 NAME Bob /Jones/\n1 SEX M\n1 FAMS @F1@\n'
        + '0 @I3@ INDI\n1 NAME Kim /Jones/\n1 SLGC\n2 FAMC @F1@\n2 STAT PRE-1970\n3 DATE 1 JAN 1990\n'
        + '0 @F1@ FAM\n1 HUSB @I2@\n1 WIFE @I1@\n1 SLGS\n2 TEMP SLAKE\n2 STAT DNS/CAN\n3 DATE 1 JAN 1990\n0 TRLR\n',
      '7.0': `${HEAD_70}${SOURCE}0 @I1@ INDI\n1 NAME Ann /Smith/\n1 SEX F\n1 FAMS @F1@\n1 BAPL\n2 DATE 1900\n2 TEMP SLAKE\n2 STAT COMPLETED\n3 DATE 1 JAN 1990\n2 SOUR @S1@\n3 PAGE b\n`
        + '1 CONL\n2 _STAT Cleared\n1 INIL\n2 STAT EXCLUDED\n3 DATE 1 JAN 1990\n1 ENDL\n2 TEMP LOGAN\n0 @I2@ INDI\n1 NAME Bob /Jones/\n1 SEX M\n1 FAMS @F1@\n'
        + '0 @I3@ INDI\n1 NAME Kim /Jones/\n1 SLGC\n2 FAMC @F1@\n2 STAT PRE_1970\n3 DATE 1 JAN 1990\n'
        + '0 @F1@ FAM\n1 HUSB @I2@\n1 WIFE @I1@\n1 SLGS\n2 TEMP SLAKE\n2 STAT DNS_CAN\n3 DATE 1 JAN 1990\n0 TRLR\n',
    },
    expected: {
      persons: 3,
      events: [
        'couple lds_spouse_sealing SLAKE DNS_CAN', 'person lds_baptism SLAKE COMPLETED', 'person lds_child_sealing - PRE_1970',
        'person lds_confirmation - Cleared', 'person lds_endowment LOGAN -',
      ],
      citations: ['event: b'],
      relationships: ['parent_child biological', 'parent_child biological', 'partnership -'],
    },
    expected70: {
      persons: 3,
      events: [
        'couple lds_spouse_sealing SLAKE DNS_CAN', 'person lds_baptism SLAKE COMPLETED', 'person lds_child_sealing - PRE_1970',
        'person lds_confirmation - Cleared', 'person lds_endowment LOGAN -', 'person lds_initiatory - EXCLUDED',
      ],
      citations: ['event: b'],
      relationships: ['parent_child biological', 'parent_child biological', 'partnership -'],
    },
  },
];

describe('HTTP GEDCOM import keeps what the model can hold, and export writes it back', function () {
  this.timeout(30_000);
  let svc: TestService;
  let c: ApiClient;
  let trees = 0;

  const freshTree = async (): Promise<string> => {
    const r = await c.POST('/trees', { body: { name: `Fidelity ${++trees}` } });
    expect(r.response.status).to.equal(201);
    return r.data!.id;
  };
  const importInto = async (treeId: string, file: string, what: string) => {
    const r = await importGedcomFile(c, treeId, file);
    expect(r.response.status, `${what}: ${JSON.stringify(r.error)}`).to.equal(200);
    return r.data!;
  };

  before(async () => {
    svc = await startTestService({ storage: 'memory' });
    c = svc.client((await registerUser(svc, 'fidelity@example.org')).token);
  });
  after(async () => {
    await svc.close();
  });

  for (const k of CASES) {
    for (const version of ['5.5.1', '7.0'] as const) {
      it(`${version}: ${k.what}; nothing unmapped, and the 5.5.1 and 7.0 exports import back to the same`, async () => {
        const treeId = await freshTree();
        const report = await importInto(treeId, k.files[version], version);
        expect(report.unmapped_tags, 'unmapped').to.deep.equal([]);
        expect(report.warnings, 'warnings').to.deep.equal([]);
        const got = await facts(svc.storage, treeId);
        const want: Facts = { events: [], citations: [], nameNotes: [], identifiers: [], relationships: [], ...(version === '7.0' ? (k.expected70 ?? k.expected) : k.expected) };
        expect(got, 'what the file holds against what the tree holds').to.deep.equal(want);
        for (const out of ['5.5.1', '7.0'] as const) {
          const exported = await exportGedcomText(c, treeId, out);
          expect(exported.status).to.equal(200);
          const copy = await freshTree();
          const again = await importInto(copy, exported.text, `exported as ${out}`);
          expect(again.warnings, `exported as ${out}: warnings`).to.deep.equal([]);
          expect(again.unmapped_tags, `exported as ${out}: unmapped`).to.deep.equal([]);
          expect(await facts(svc.storage, copy), `exported as ${out} and imported again`).to.deep.equal(want);
        }
      });
    }
  }
});
