import { expect } from 'chai';
import { createImportBuilder, type Existing } from '../../core/gedcom/commands/import-build.js';
import { createRowWriter } from '../../core/gedcom/commands/import-rows.js';
import { scanGedcom, scannedRepositories, type GedcomFile } from '../../core/gedcom/import-scan.js';
import { createStreamMapper } from '../../core/gedcom/mapping-stream.js';
import { readGedcom } from '../../core/gedcom/reader.js';
import { E } from '../../core/kernel/either.js';
import { liveHeap } from '../support/heap.js';

// An import keeps, to its end, a little of most records: the persons' and families' xrefs (the scan),
// the places it made (by name), a couple's notes until their later FAM records are read (the
// builder). The reader cuts those values out of the 64 KiB pieces of the file it decodes, and in V8 a
// cut of 13 characters or more is a view that keeps its whole piece alive (core/kernel/own-text.ts):
// kept as such, they kept most of the file's text in memory to the import's end (about 85 MB of a
// 1,000,000-person file through the couples' notes alone). What the two passes keep must cost what it
// holds, not the file.

const PERSONS = 4000;
const PIECE = 64 * 1024;

/**
 * A file of PERSONS persons in couples, each person and each couple's marriage with notes of 2,000
 * characters (rows, written and let go), and what varies: xrefs of 16 characters or of a few, a place
 * of a name of its own per birth or none (in lower case: the builder keys places by their lower-case
 * name, which is a copy when the name has a capital), a note per couple or none.
 */
const fileOf = (o: { readonly longXrefs: boolean; readonly places: boolean; readonly coupleNotes: boolean }): Buffer => {
  const id = (tag: string, n: number) => (o.longXrefs ? `@${tag}${String(n).padStart(14, '0')}@` : `@${tag}${n}@`);
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
  const filler = 'These notes were transcribed from the parish register and checked twice. '.repeat(27);
  for (let i = 0; i < PERSONS; i++) {
    lines.push(`0 ${id('I', i)} INDI`, `1 NAME Given${i} /Surname${i % 97}/`, `1 SEX ${i % 2 === 0 ? 'M' : 'F'}`, '1 BIRT', `2 DATE ${1 + (i % 28)} MAR ${1800 + (i % 150)}`);
    if (o.places) lines.push(`2 PLAC parish number ${i} of the county of somewhere, england`);
    lines.push(`1 NOTE ${filler}`, `1 FAMS ${id('F', i >> 1)}`);
  }
  for (let f = 0; f < PERSONS / 2; f++) {
    lines.push(`0 ${id('F', f)} FAM`, `1 HUSB ${id('I', 2 * f)}`, `1 WIFE ${id('I', 2 * f + 1)}`, '1 MARR', `2 DATE ${1 + (f % 28)} JUN ${1830 + (f % 120)}`, `2 NOTE ${filler}`);
    if (o.coupleNotes) lines.push(`1 NOTE The couple ${f} lived at the farm by the church for many years.`);
  }
  lines.push('0 TRLR', '');
  return Buffer.from(lines.join('\n'), 'utf8');
};

/** The file in pieces of 64 KiB, as an upload arrives. */
const pieces = (bytes: Buffer): GedcomFile => ({
  open: async function* () {
    for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
  },
});

const NO_EXISTING: Existing = { sources: [], repositories: [], places: [], edges: [], targetNames: [], targetEvents: [], targetPlaces: new Map(), targetPersons: [] };

/** Both passes of an import as import-gedcom.ts runs them (every person new), the rows let go: the heap they keep at the end of the second pass, once the last rows are written. */
const keptByImport = async (file: GedcomFile): Promise<number> => {
  const before = liveHeap();
  const scanned = await scanGedcom(file);
  if (E.isLeft(scanned)) throw new Error(JSON.stringify(scanned.left));
  const scan = scanned.right;
  let written = 0;
  const rows = createRowWriter({ bulk: { insertAll: async (b) => void (written += b.persons.length), verify: async () => undefined, settle: async () => undefined } });
  const builder = createImportBuilder({
    treeId: 'tree', now: new Date('2026-11-25T00:00:00Z'), rows, existing: NO_EXISTING, numberOf: () => 0,
    fileSources: scan.sources, fileRepositories: scannedRepositories(scan), targetOf: () => ({ action: 'new' }),
    who: (xref) => {
      const i = scan.persons.get(xref);
      return i === undefined ? undefined : { id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`, num: i, index: i };
    },
  });
  const mapper = createStreamMapper(scan);
  for await (const record of readGedcom(file.open())) {
    const m = mapper.add(record);
    if (m === null) continue;
    if (m.kind === 'person') builder.person(m.person, m.index);
    else if (m.kind === 'family') builder.family(m.family);
    else builder.source(m.source);
    await rows.maybeFlush();
  }
  await rows.flush();
  const kept = liveHeap() - before;
  // What the passes made, held to here: what was measured as kept.
  expect(written).to.equal(PERSONS);
  expect(builder.result().counts.persons.created).to.equal(PERSONS);
  expect(mapper.finish().warnings.count).to.equal(0);
  return kept;
};

describe('GEDCOM import: what the two passes keep', function () {
  this.timeout(60_000);

  for (const [what, o] of [
    ['xrefs of 16 characters', { longXrefs: true, places: false, coupleNotes: false }],
    ['a place of its own per person', { longXrefs: false, places: true, coupleNotes: false }],
    ["a couple's notes", { longXrefs: false, places: false, coupleNotes: true }],
  ] as const) {
    it(`keeps less than a quarter of the file's text with ${what}`, async () => {
      const bytes = fileOf(o);
      expect(bytes.length).to.be.greaterThan(8 * 1024 * 1024);
      // Measured the second time: the first compiles code and fills caches the process keeps.
      await keptByImport(pieces(bytes));
      const kept = await keptByImport(pieces(bytes));
      expect(kept, `kept ${(kept / 1e6).toFixed(1)} MB of a file of ${(bytes.length / 1e6).toFixed(1)} MB`).to.be.lessThan(bytes.length / 4);
    });
  }
});
