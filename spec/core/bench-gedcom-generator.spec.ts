import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readGedcom } from '../../core/gedcom/reader.js';
import type { GedcomDiagnostic } from '../../core/gedcom/types.js';
import { generateGedcom, writeGedcomFile } from '../bench/generate-gedcom.js';

// The benchmark GEDCOM generator (spec/bench/generate-gedcom.ts) is not a benchmark itself: this checks
// that what it writes is a consistent, lineage-linked 5.5.1 file the reader takes without complaint.

const PERSONS = 2000;

const generate = async (persons: number, seed?: number): Promise<{ text: string; chunks: string[] }> => {
  const chunks: string[] = [];
  for await (const c of generateGedcom(seed === undefined ? { persons } : { persons, seed })) chunks.push(c);
  return { text: chunks.join(''), chunks };
};

type Line = { readonly level: number; readonly xref: string | null; readonly tag: string; readonly value: string | null };
type Rec = { readonly head: Line; readonly lines: Line[] };

const LINE = /^(\d{1,2}) (?:(@[^@ ]+@) )?([A-Z_][A-Z0-9_]*)(?: (.*))?$/;
const POINTER = /^@[^@ ]+@$/;

const parse = (text: string): Rec[] => {
  const records: Rec[] = [];
  const lines = text.split('\n');
  expect(lines.pop(), 'the file ends with a line end').to.equal('');
  lines.forEach((raw, i) => {
    const m = LINE.exec(raw);
    if (m === null) expect.fail(`line ${i + 1} is not a GEDCOM line: ${JSON.stringify(raw)}`);
    expect(raw.length, `line ${i + 1} length`).to.be.at.most(255);
    const line: Line = { level: Number(m[1]), xref: m[2] ?? null, tag: m[3]!, value: m[4] ?? null };
    if (line.level === 0) records.push({ head: line, lines: [] });
    else records.at(-1)!.lines.push(line);
  });
  return records;
};

const valuesOf = (r: Rec, tag: string, level = 1): string[] =>
  r.lines.filter((l) => l.level === level && l.tag === tag).map((l) => l.value ?? '');

/** The year of a BIRT DATE (the first of a range; imprecise by a couple of years at most), or null. */
const birthYear = (r: Rec): number | null => {
  const i = r.lines.findIndex((l) => l.level === 1 && l.tag === 'BIRT');
  if (i < 0) return null;
  for (let j = i + 1; j < r.lines.length && r.lines[j]!.level > 1; j++) {
    const l = r.lines[j]!;
    if (l.level === 2 && l.tag === 'DATE') return Number(/\b(\d{4})\b/.exec(l.value ?? '')?.[1]);
  }
  return null;
};

describe('benchmark GEDCOM generator', () => {
  let text: string;
  let chunks: string[];
  let records: Rec[];
  let byXref: Map<string, Rec>;
  const ofTag = (tag: string): Rec[] => records.filter((r) => r.head.tag === tag);

  before(async () => {
    ({ text, chunks } = await generate(PERSONS, 7));
    records = parse(text);
    byXref = new Map();
    for (const r of records) {
      if (r.head.xref === null) continue;
      expect(byXref.has(r.head.xref), `${r.head.xref} defined twice`).to.equal(false);
      byXref.set(r.head.xref, r);
    }
  });

  it('writes exactly the number of INDI records asked for, between HEAD, SUBM and TRLR', () => {
    expect(text.match(/^0 @[^@]*@ INDI/gm)?.length).to.equal(PERSONS);
    expect(records[0]!.head.tag).to.equal('HEAD');
    expect(records.at(-1)!.head.tag).to.equal('TRLR');
    const head = records[0]!.lines.map((l) => `${l.level} ${l.tag}${l.value === null ? '' : ` ${l.value}`}`);
    expect(head).to.include.members(['1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', '1 SUBM @U1@']);
    expect(ofTag('SUBM')).to.have.length(1);
    expect(ofTag('SOUR').length).to.be.at.least(10);
    expect(ofTag('FAM').length).to.be.greaterThan(PERSONS / 6);
    // Record order as programs export: every INDI, then every FAM, then every SOUR.
    const order = records.map((r) => r.head.tag).filter((t) => t === 'INDI' || t === 'FAM' || t === 'SOUR');
    expect(order.join(' ')).to.match(/^(INDI )+(FAM )+(SOUR ?)+$/);
  });

  it('streams ~64 KiB chunks', () => {
    expect(chunks.length).to.be.greaterThan(2);
    for (const c of chunks.slice(0, -1)) expect(c.length).to.be.within(64 * 1024, 64 * 1024 + 4096);
  });

  it('points only at records that exist, and has no stray at signs', () => {
    let pointers = 0;
    for (const r of records) {
      for (const l of [r.head, ...r.lines]) {
        if (l.value === null || !l.value.includes('@')) continue;
        expect(l.value, `${l.tag} value in ${r.head.xref ?? r.head.tag}`).to.match(POINTER);
        expect(byXref.has(l.value), `${l.value} (${l.tag} in ${r.head.xref ?? r.head.tag}) is defined`).to.equal(true);
        pointers++;
      }
    }
    expect(pointers).to.be.greaterThan(PERSONS);
    for (const kind of ['I', 'F', 'S']) {
      expect(text, `@${kind}..@ pointers`).to.match(new RegExp(` @${kind}\\d+@$`, 'm'));
    }
  });

  it('links both ways: every FAMC has its CHIL, every FAMS its HUSB or WIFE', () => {
    const famc: string[] = [];
    const fams: string[] = [];
    for (const r of ofTag('INDI')) {
      for (const f of valuesOf(r, 'FAMC')) famc.push(`${r.head.xref!} ${f}`);
      for (const f of valuesOf(r, 'FAMS')) fams.push(`${r.head.xref!} ${f}`);
    }
    const chil: string[] = [];
    const spouses: string[] = [];
    for (const r of ofTag('FAM')) {
      for (const i of valuesOf(r, 'CHIL')) chil.push(`${i} ${r.head.xref!}`);
      for (const i of [...valuesOf(r, 'HUSB'), ...valuesOf(r, 'WIFE')]) spouses.push(`${i} ${r.head.xref!}`);
      for (const h of valuesOf(r, 'HUSB')) expect(valuesOf(byXref.get(h)!, 'SEX')).to.deep.equal(['M']);
      for (const w of valuesOf(r, 'WIFE')) expect(valuesOf(byXref.get(w)!, 'SEX')).to.deep.equal(['F']);
    }
    expect(famc.length).to.be.greaterThan(PERSONS / 2);
    expect(famc.sort()).to.deep.equal(chil.sort());
    expect(fams.sort()).to.deep.equal(spouses.sort());
  });

  it('forms a real pedigree: about eight generations, parents 20-40 years older than their children', () => {
    const parentsOf = new Map<string, string[]>();
    for (const f of ofTag('FAM')) {
      const parents = [...valuesOf(f, 'HUSB'), ...valuesOf(f, 'WIFE')];
      for (const c of valuesOf(f, 'CHIL')) {
        parentsOf.set(c, parents);
        const cy = birthYear(byXref.get(c)!);
        for (const p of parents) {
          const py = birthYear(byXref.get(p)!);
          // Dates like BEF/AFT/BET move the year read by up to two years either way.
          if (cy !== null && py !== null) expect(cy - py, `${p} parent of ${c}`).to.be.within(20 - 4, 40 + 4);
        }
      }
    }
    const depth = new Map<string, number>();
    const depthOf = (i: string): number => {
      let d = depth.get(i);
      if (d === undefined) depth.set(i, (d = 1 + Math.max(0, ...(parentsOf.get(i) ?? []).map(depthOf))));
      return d;
    };
    const deepest = Math.max(...ofTag('INDI').map((r) => depthOf(r.head.xref!)));
    expect(deepest).to.be.within(7, 8);
    const remarried = ofTag('INDI').filter((r) => valuesOf(r, 'FAMS').length > 1);
    expect(remarried.length).to.be.greaterThan(0);
  });

  it('has the variety of real files: names, dates, notes, citations, non-ASCII text', () => {
    const has = (re: RegExp, atLeast = 1) => expect(text.match(re)?.length ?? 0, String(re)).to.be.at.least(atLeast);
    has(/^1 NAME [^/\n]+ \/[^/\n]+\/\n2 GIVN .+\n2 SURN .+$/gm, PERSONS);
    has(/^2 TYPE married$/gm);
    has(/^2 TYPE aka$/gm);
    has(/^2 _MARNM /gm);
    has(/^2 NICK /gm);
    has(/^1 SEX U$/gm);
    has(/^2 DATE \d{1,2} (JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) \d{4}$/gm, 100);
    has(/^2 DATE ABT \d{4}$/gm);
    has(/^2 DATE BEF \d{4}$/gm);
    has(/^2 DATE BET \d{4} AND \d{4}$/gm);
    has(/^2 DATE \d{4}$/gm);
    for (const tag of ['BIRT', 'DEAT', 'BURI', 'CHR', 'RESI', 'MARR', 'DIV']) has(new RegExp(`^1 ${tag}$`, 'gm'));
    has(/^1 OCCU \S/gm);
    has(/^1 RELI \S/gm);
    has(/^1 NOTE .+\n2 CONT/gm);
    has(/^1 NOTE .+\n2 CONC/gm);
    has(/^2 PEDI adopted$/gm);
    has(/^2 SOUR @S\d+@\n3 PAGE .+\n3 QUAY [0-3]$/gm, 100);
    has(/^2 PLAC [^,\n]+, [^,\n]+, [^,\n]+$/gm, 100);
    for (const ch of ['é', 'ö', 'ł', 'ñ']) {
      has(new RegExp(`^1 NAME .*${ch}`, 'gm'));
      has(new RegExp(`^2 PLAC .*${ch}`, 'gm'));
    }
    const sour = ofTag('SOUR')[0]!;
    expect(sour.lines.map((l) => l.tag)).to.include.members(['TITL', 'AUTH', 'PUBL']);
    const deaths = ofTag('INDI').filter((r) => valuesOf(r, 'DEAT').length > 0).length / PERSONS;
    expect(deaths).to.be.within(0.6, 0.8);
  });

  it('is deterministic: the same seed gives the same bytes, another seed other bytes', async () => {
    expect((await generate(PERSONS, 7)).text === text).to.equal(true);
    expect((await generate(PERSONS, 8)).text === text).to.equal(false);
    expect((await generate(PERSONS)).text === (await generate(PERSONS)).text).to.equal(true);
  });

  it('gives the exact count for small sizes too', async () => {
    for (const n of [0, 1, 2, 3, 17, 451]) {
      const small = await generate(n, n);
      expect(small.text.match(/^0 @[^@]*@ INDI/gm)?.length ?? 0, `${n} persons`).to.equal(n);
    }
  });

  it('reads back without a single diagnostic', async () => {
    const bytes = new TextEncoder().encode(text);
    async function* pieces(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < bytes.length; i += 10_007) yield bytes.slice(i, i + 10_007);
    }
    const diagnostics: GedcomDiagnostic[] = [];
    let read = 0;
    let indi = 0;
    for await (const r of readGedcom(pieces(), { onDiagnostic: (d) => diagnostics.push(d) })) {
      read++;
      if (r.tag === 'INDI') indi++;
    }
    expect(diagnostics).to.deep.equal([]);
    expect(read).to.equal(records.length);
    expect(indi).to.equal(PERSONS);
  });

  it('writes the file and answers counts that match it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-gedcom-'));
    try {
      const file = path.join(dir, 'bench.ged');
      const counts = await writeGedcomFile(file, { persons: PERSONS, seed: 7 });
      const written = await readFile(file);
      expect(written.equals(Buffer.from(text, 'utf8'))).to.equal(true);
      const eventTags = new Set(['BIRT', 'CHR', 'DEAT', 'BURI', 'OCCU', 'RESI', 'RELI', 'MARR', 'DIV']);
      const all = records.flatMap((r) => r.lines);
      expect(counts).to.deep.equal({
        persons: PERSONS,
        families: ofTag('FAM').length,
        sources: ofTag('SOUR').length,
        citations: all.filter((l) => l.level === 2 && l.tag === 'SOUR').length,
        events: all.filter((l) => l.level === 1 && eventTags.has(l.tag)).length,
        places: new Set(all.filter((l) => l.tag === 'PLAC' && l.value !== null).map((l) => l.value)).size,
        bytes: written.length,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
