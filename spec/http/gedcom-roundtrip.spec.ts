import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { dateDisplay } from '../../core/people/date.js';
import type { Storage } from '../../core/stores.js';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { GEDCOM_FIXTURES } from '../support/fixture-files.js';

// The GEDCOM round trip over HTTP on PostgreSQL, for every real fixture: import into a fresh tree,
// count what the tree holds (straight from storage), export as 5.5.1 and as 7.0, import each export
// into another fresh tree: the counts, and the records themselves (ids aside), must be equal, and the
// service must read its own output without a warning. The import report must agree with what was
// stored, and a second import of a file with default_action=skip must create no second relationship.

const FIXTURES = GEDCOM_FIXTURES;

/** Every .ged file under the fixtures folder, found when the spec runs, relative to it. */
const fixtures = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.ged$/i.test(f))
  .map((f) => f.split(path.sep).join('/'))
  .sort();

type Counts = Record<string, number>;

const bump = (counts: Counts, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * What the tree holds: persons; names by name_type; events by type (custom ones by customType too);
 * relationships by type and qualifier; sources; citations. Live rows, as the stores list them.
 */
const treeCounts = async (storage: Storage, treeId: string): Promise<Counts> => {
  const counts: Counts = {};
  counts['persons'] = (await storage.persons.listByTree(treeId, {})).length;
  for (const n of await storage.names.listByTree(treeId)) bump(counts, `names.${n.nameType}`);
  for (const e of await storage.events.listByTree(treeId, {})) {
    bump(counts, `events.${e.type}`);
    if (e.type === 'custom') bump(counts, `custom.${e.customType ?? ''}`);
  }
  for (const r of await storage.relationships.listByTree(treeId, {})) bump(counts, `relationships.${r.type}.${r.qualifier ?? '-'}`);
  counts['sources'] = (await storage.sources.listByTree(treeId, {})).length;
  counts['citations'] = (await storage.citations.listByTree(treeId, {})).length;
  return counts;
};

/** The sum of the counts whose key starts with `prefix.`. */
const total = (counts: Counts, prefix: string): number =>
  Object.entries(counts).filter(([k]) => k.startsWith(`${prefix}.`)).reduce((n, [, v]) => n + v, 0);

/** Every row of the tree as text without its ids, sorted: equal for two trees that hold the same records. */
const treeRows = async (storage: Storage, treeId: string): Promise<string[]> => {
  // A place as its text and its coordinates (issue 28: PLAC.MAP.LATI/LONG), so a round trip keeps both.
  const places = new Map((await storage.places.listByTree(treeId)).map((p) => [p.id, p.latitude === null ? p.name : `${p.name} @ ${p.latitude} ${p.longitude}`]));
  const rows: string[] = [];
  for (const p of await storage.persons.listByTree(treeId, {})) rows.push(JSON.stringify(['person', p.sex, p.privacy, p.notes, p.identifiers]));
  for (const n of await storage.names.listByTree(treeId)) rows.push(JSON.stringify(['name', n.nameType, n.givenName, n.surname, n.prefix, n.suffix, n.surnamePrefix, n.isPrimary, n.notes]));
  for (const e of await storage.events.listByTree(treeId, {})) {
    rows.push(JSON.stringify(['event', e.personId === null ? 'partnership' : 'person', e.type, e.customType, dateDisplay(e.date), e.date?.text ?? null,
      e.placeId === null ? null : places.get(e.placeId), e.detail, e.notes, e.temple, e.ordinanceStatus]));
  }
  for (const r of await storage.relationships.listByTree(treeId, {})) rows.push(JSON.stringify(['relationship', r.type, r.qualifier, r.role, r.notes]));
  // Repositories and what a source holds besides its title (issue 28: REPO, SOUR.REPO.CALN, ABBR, DATA), links by the repository's name.
  const repositories = await storage.repositories.listByTree(treeId, {});
  const held = new Map(repositories.map((r) => [r.id, r.name]));
  for (const r of repositories) rows.push(JSON.stringify(['repository', r.name, r.address, r.notes]));
  for (const s of await storage.sources.listByTree(treeId, {})) {
    rows.push(JSON.stringify(['source', s.title, s.author, s.publication, s.notes, s.abbreviation, s.recordedEvents, s.agency, s.dataNotes,
      s.repositories.map((l) => [held.get(l.repositoryId) ?? null, l.callNumber])]));
  }
  for (const c of await storage.citations.listByTree(treeId, {})) rows.push(JSON.stringify(['citation', c.page, c.detail, c.confidence]));
  return rows.sort();
};

/** The rows only one side has, with + (only in `b`) or - (only in `a`): short enough to read in a failure. */
const rowDiff = (a: readonly string[], b: readonly string[]): string[] => {
  const n = new Map<string, number>();
  for (const r of a) n.set(r, (n.get(r) ?? 0) + 1);
  for (const r of b) n.set(r, (n.get(r) ?? 0) - 1);
  return [...n].filter(([, k]) => k !== 0).map(([r, k]) => `${k > 0 ? '-' : '+'}${Math.abs(k)} ${r}`);
};

type Report = {
  readonly persons: { readonly created: number; readonly merged: number; readonly skipped: number; readonly overwritten: number };
  readonly names: { readonly created: number };
  readonly events: { readonly created: number };
  readonly relationships: { readonly created: number; readonly skipped: number };
  readonly sources: { readonly created: number; readonly reused: number };
  readonly citations: { readonly created: number };
  readonly warnings: readonly { readonly line: number; readonly message: string }[];
};

describe('HTTP GEDCOM round trip on every fixture', function () {
  this.timeout(60_000);
  let svc: TestService;
  let c: ApiClient;
  let trees = 0;

  const freshTree = async (): Promise<string> => {
    const r = await c.POST('/trees', { body: { name: `Round trip ${++trees}` } });
    expect(r.response.status).to.equal(201);
    return r.data!.id;
  };

  const importInto = async (treeId: string, file: Uint8Array | string, what: string, default_action?: string): Promise<Report> => {
    const r = await importGedcomFile(c, treeId, file, default_action === undefined ? {} : { default_action });
    expect(r.response.status, `${what}: ${JSON.stringify(r.error)}`).to.equal(200);
    return r.data! as Report;
  };

  /** What the report says it created is what a fresh tree now holds. */
  const checkReport = (report: Report, counts: Counts, what: string): void => {
    expect({
      persons: report.persons.created, names: report.names.created, events: report.events.created,
      relationships: report.relationships.created, sources: report.sources.created, citations: report.citations.created,
    }, `${what}: the report's created counts against the stored ones`).to.deep.equal({
      persons: counts['persons'], names: total(counts, 'names'), events: total(counts, 'events'),
      relationships: total(counts, 'relationships'), sources: counts['sources'], citations: counts['citations'],
    });
  };

  /**
   * Exports the tree as 5.5.1 and as 7.0 and imports each into a fresh tree: same counts, same rows, no
   * warning but `again` (a line the first import warned about is kept verbatim and written back, so
   * reading it again says the same: issue 28).
   */
  const roundTrip = async (treeId: string, what: string, again: readonly string[] = []): Promise<void> => {
    const counts = await treeCounts(svc.storage, treeId);
    const rows = await treeRows(svc.storage, treeId);
    for (const version of ['5.5.1', '7.0'] as const) {
      const exported = await exportGedcomText(c, treeId, version);
      expect(exported.status, `${what}: export as ${version}`).to.equal(200);
      const copy = await freshTree();
      const report = await importInto(copy, exported.text, `${what} as ${version}`);
      const copyCounts = await treeCounts(svc.storage, copy);
      expect(copyCounts, `${what} exported as ${version} and imported again`).to.deep.equal(counts);
      checkReport(report, copyCounts, `${what} as ${version}`);
      expect(rowDiff(rows, await treeRows(svc.storage, copy)), `${what} as ${version}: rows that differ`).to.deep.equal([]);
      expect(report.warnings.filter((w) => !again.includes(w.message)), `${what} as ${version}: warnings`).to.deep.equal([]);
    }
  };

  before(async () => {
    svc = await startTestService();
    c = svc.client((await registerUser(svc, 'roundtrip@example.org')).token);
  });
  after(async () => {
    await svc.close();
  });

  it('finds the fixtures', () => {
    expect(fixtures.length).to.be.greaterThan(30);
  });

  for (const fixture of fixtures) {
    it(`${fixture}: imports (200, report = storage), and its 5.5.1 and 7.0 exports import back to the same counts and rows`, async () => {
      const bytes = readFileSync(path.join(FIXTURES, fixture));
      const treeId = await freshTree();
      const report = await importInto(treeId, bytes, fixture);
      const counts = await treeCounts(svc.storage, treeId);
      checkReport(report, counts, fixture);
      if (/(^|\/)(royal92|pres2020)\.ged$/.test(fixture)) {
        const indi = bytes.toString('latin1').split(/\r\n|\r|\n/).filter((l) => /^0 @[^@]*@ INDI/.test(l)).length;
        expect(counts['persons'], 'persons against the INDI records of the file').to.equal(indi);
      }
      await roundTrip(treeId, fixture);
    });
  }

  // Fixtures with families whose every person has a birth year, so every one of them scores `high`
  // against its first import (the duplicate guard needs a year on both sides) and is skipped.
  for (const fixture of ['vendors/gramps-2025-export.ged', 'torture/TGC551.ged']) {
    it(`${fixture} imported twice into one tree with default_action=skip: no second relationship between any pair`, async () => {
      const bytes = readFileSync(path.join(FIXTURES, fixture));
      const treeId = await freshTree();
      await importInto(treeId, bytes, fixture);
      const first = await treeCounts(svc.storage, treeId);
      expect(total(first, 'relationships'), 'the fixture has relationships').to.be.greaterThan(0);
      const second = await importInto(treeId, bytes, `${fixture} again`, 'skip');
      expect(second.persons, 'every person is a duplicate, so skipped').to.include({ created: 0, skipped: first['persons'] });
      expect(second.relationships).to.deep.equal({ created: 0, skipped: total(first, 'relationships') });
      expect(await treeCounts(svc.storage, treeId)).to.deep.equal(first);
      const pairs = (await svc.storage.relationships.listByTree(treeId, {})).map((r) => [r.type, ...[r.personAId, r.personBId].sort()].join('|'));
      expect(new Set(pairs).size, 'distinct pairs').to.equal(pairs.length);
    });
  }

  it('a tree made through the API with what no fixture has: a person\'s own marriage, divorce and engagement, unset sex, a primary name that is not the first one made, a child whose parents have different qualifiers, two sources of one title', async () => {
    const treeId = await freshTree();
    const pid = (id: string) => ({ params: { path: { id } } });
    const created = async <T>(call: Promise<{ response: Response; data?: T; error?: unknown }>): Promise<T> => {
      const r = await call;
      expect(r.response.status, JSON.stringify(r.error)).to.equal(201);
      return r.data!;
    };
    const person = async (body: { given_name: string; surname: string; sex?: 'male' | 'female' }) =>
      (await created(c.POST('/trees/{id}/persons', { ...pid(treeId), body }))).id;
    const mother = await person({ given_name: 'Ann', surname: 'Smith', sex: 'female' });
    const father = await person({ given_name: 'Bob', surname: 'Jones', sex: 'male' });
    const child = await person({ given_name: 'Kim', surname: 'Jones' });
    await created(c.POST('/persons/{id}/names', { ...pid(mother), body: { name_type: 'married', given_name: 'Ann', surname: 'Jones' } }));
    // A primary name that is neither birth nor maiden, made after the person's first name (now a nickname):
    // import makes the first NAME primary when no NAME is birth or maiden, so export must write it first.
    const first = (await c.GET('/persons/{id}/names', pid(father))).data![0]!;
    await created(c.POST('/persons/{id}/names', { ...pid(father), body: { name_type: 'professional', given_name: 'Robert', surname: 'Jones', is_primary: true } }));
    const renamed = await c.PATCH('/persons/{id}/names/{name_id}', { params: { path: { id: father, name_id: first.id } }, body: { name_type: 'nickname' } });
    expect(renamed.response.status, JSON.stringify(renamed.error)).to.equal(200);
    for (const type of ['marriage', 'divorce', 'engagement'] as const) await created(c.POST('/trees/{id}/events', { ...pid(treeId), body: { type, person_id: child } }));
    await created(c.POST('/trees/{id}/events', { ...pid(treeId), body: { type: 'custom', custom_type: 'Marriage licence', person_id: child } }));
    await created(c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'partnership', person_a_id: mother, person_b_id: father } }));
    await created(c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'parent_child', qualifier: 'biological', person_a_id: mother, person_b_id: child } }));
    await created(c.POST('/trees/{id}/relationships', { ...pid(treeId), body: { type: 'parent_child', qualifier: 'adoptive', person_a_id: father, person_b_id: child } }));
    // Two sources of one title (two counties' census, say), each cited.
    for (const county of ['Kent', 'Surrey']) {
      const source = await created(c.POST('/trees/{id}/sources', { ...pid(treeId), body: { title: '1851 Census', notes: county } }));
      await created(c.POST('/trees/{id}/citations', { ...pid(treeId), body: { source_id: source.id, person_id: child, page: county } }));
    }
    expect(await treeCounts(svc.storage, treeId)).to.include({
      'persons': 3, 'names.professional': 1, 'names.nickname': 1, 'names.married': 1, 'events.marriage': 1, 'events.divorce': 1, 'events.engagement': 1, 'relationships.parent_child.adoptive': 1, 'sources': 2, 'citations': 2,
    });
    await roundTrip(treeId, 'the tree made through the API');
  });

  it('name prefix, suffix and surname prefix (NPFX, NSFX, SPFX, and the text after the surname) are kept as fields and exported as written (issue 28)', async () => {
    const treeId = await freshTree();
    const file = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'
      + '0 @I1@ INDI\n1 NAME George /WASHINGTON/\n2 NSFX [FIRST U.S. PRESIDENT]\n'
      + '0 @I2@ INDI\n1 NAME Dr. Jan /van Dijk/ Jr.\n2 NPFX Dr.\n2 GIVN Jan\n2 SPFX van\n2 SURN Dijk\n2 NSFX Jr.\n'
      + '0 @I3@ INDI\n1 NAME John /Smith/ Sr.\n0 TRLR\n';
    await importInto(treeId, file, 'name parts');
    const names = (await svc.storage.names.listByTree(treeId)).map((n) => [n.prefix, n.givenName, n.surnamePrefix, n.surname, n.suffix]);
    expect(names).to.have.deep.members([
      ['', 'George', '', 'WASHINGTON', '[FIRST U.S. PRESIDENT]'], ['Dr.', 'Jan', 'van', 'Dijk', 'Jr.'], ['', 'John', '', 'Smith', 'Sr.'],
    ]);
    for (const version of ['5.5.1', '7.0'] as const) {
      const lines = (await exportGedcomText(c, treeId, version)).text.split(/\r?\n/);
      const from = (name: string): string[] => {
        const i = lines.findIndex((l) => l.startsWith(`1 NAME ${name}`));
        expect(i, `${version}: NAME ${name}`).to.be.greaterThan(-1);
        const out = [lines[i]!];
        for (let j = i + 1; lines[j]?.startsWith('2 ') === true; j++) out.push(lines[j]!);
        return out;
      };
      expect(from('George')).to.deep.equal(['1 NAME George /WASHINGTON/ [FIRST U.S. PRESIDENT]', '2 GIVN George', '2 SURN WASHINGTON', '2 NSFX [FIRST U.S. PRESIDENT]']);
      expect(from('Dr.')).to.deep.equal(['1 NAME Dr. Jan /van Dijk/ Jr.', '2 NPFX Dr.', '2 GIVN Jan', '2 SPFX van', '2 SURN Dijk', '2 NSFX Jr.']);
      expect(from('John')).to.deep.equal(['1 NAME John /Smith/ Sr.', '2 GIVN John', '2 SURN Smith', '2 NSFX Sr.']);
    }
    await roundTrip(treeId, 'name parts');
  });

  it('a couple married twice, as two FAM records of one pair: one partnership with both marriages and the divorce, the second family\'s child, and a round trip (issue 28)', async () => {
    const treeId = await freshTree();
    const file = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'
      + '0 @I1@ INDI\n1 NAME John /Smith/\n1 SEX M\n0 @I2@ INDI\n1 NAME Mary /Jones/\n1 SEX F\n0 @I3@ INDI\n1 NAME Anne /Smith/\n'
      + '0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n1 MARR\n2 DATE 1900\n1 DIV\n2 DATE 1910\n'
      + '0 @F2@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n1 MARR\n2 DATE 1912\n1 CHIL @I3@\n1 NOTE Married again\n0 TRLR\n';
    const report = await importInto(treeId, file, 'married twice');
    expect(report.relationships).to.include({ created: 3 });
    const counts = await treeCounts(svc.storage, treeId);
    checkReport(report, counts, 'married twice');
    expect(counts).to.include({ 'events.marriage': 2, 'events.divorce': 1, 'relationships.partnership.-': 1, 'relationships.parent_child.biological': 2 });
    const partnership = (await svc.storage.relationships.listByTree(treeId, {})).find((r) => r.type === 'partnership')!;
    expect(partnership.notes).to.equal('Married again');
    const events = (await svc.storage.events.listByTree(treeId, {})).filter((e) => e.partnershipId === partnership.id).map((e) => `${e.type} ${dateDisplay(e.date)}`);
    expect(events).to.deep.equal(['marriage 1900', 'divorce 1910', 'marriage 1912']);
    await roundTrip(treeId, 'married twice');
  });

  it('place coordinates (PLAC.MAP.LATI/LONG) are kept, answered with the events (members and the public alike) and exported (issue 28)', async () => {
    const r = await c.POST('/trees', { body: { name: 'Coordinates', visibility: 'public' } });
    expect(r.response.status).to.equal(201);
    const treeId = r.data!.id;
    const file = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'
      + '0 @I1@ INDI\n1 NAME John /Smith/\n1 BIRT\n2 DATE 1800\n2 PLAC Boston\n3 MAP\n4 LATI N42.3601\n4 LONG W71.0589\n'
      + '1 DEAT\n2 DATE 1870\n2 PLAC Leeds\n3 MAP\n4 LATI N953.8\n4 LONG W1.55\n0 TRLR\n';
    const report = await importInto(treeId, file, 'coordinates');
    expect(report.warnings.map((w) => w.line)).to.deep.equal([18]);
    const [person] = await svc.storage.persons.listByTree(treeId, {});
    const answered = (events: readonly { type: string; place: string | null; place_latitude: number | null; place_longitude: number | null }[] | undefined) =>
      (events ?? []).map((e) => [e.type, e.place, e.place_latitude, e.place_longitude]).sort();
    const want = [['birth', 'Boston', 42.3601, -71.0589], ['death', 'Leeds', null, null]];
    const member = await c.GET('/persons/{id}/events', { params: { path: { id: person!.id } } });
    expect(member.response.status).to.equal(200);
    expect(answered(member.data)).to.deep.equal(want);
    const pub = await svc.client().GET('/public/persons/{id}/events', { params: { path: { id: person!.id } } });
    expect(pub.response.status).to.equal(200);
    expect(answered(pub.data)).to.deep.equal(want);
    for (const version of ['5.5.1', '7.0'] as const) {
      const lines = (await exportGedcomText(c, treeId, version)).text.split(/\r?\n/);
      const at = lines.indexOf('2 PLAC Boston');
      expect(lines.slice(at, at + 4), version).to.deep.equal(['2 PLAC Boston', '3 MAP', '4 LATI N42.3601', '4 LONG W71.0589']);
      // The MAP that could not be read: kept verbatim, written back where it was in 5.5.1; a 7.0 file
      // takes no 5.5.1 structure back (the GEDCOM-Not-Written trailer counts it).
      const leeds = lines.indexOf('2 PLAC Leeds');
      if (version === '5.5.1') expect(lines.slice(leeds, leeds + 4), version).to.deep.equal(['2 PLAC Leeds', '3 MAP', '4 LATI N953.8', '4 LONG W1.55']);
      else expect(lines[leeds + 1], version).to.not.equal('3 MAP');
    }
    await roundTrip(treeId, 'coordinates', report.warnings.map((w) => w.message));
  });
});
