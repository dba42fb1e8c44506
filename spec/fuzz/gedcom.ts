import type { Rng } from './prng.js';
import { randomText } from './hostile.js';
import { zipSync } from './archive.js';

// GEDCOM files for the upload routes: a small valid file, then the same file made hostile.

const head = (charset = 'UTF-8'): string[] => ['0 HEAD', '1 SOUR FUZZ', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', `1 CHAR ${charset}`];

const validLines = (rng: Rng): string[] => {
  const persons = rng.int(1, 6);
  const lines: string[] = [];
  for (let i = 1; i <= persons; i++) {
    lines.push(`0 @I${i}@ INDI`, `1 NAME ${rng.pick(['Anna', 'Jon', 'Émile', 'Zoë'])} /${rng.pick(['Berg', 'Smith', 'Müller', "O'Neil"])}/`, `1 SEX ${rng.pick(['M', 'F', 'U', 'X'])}`);
    if (rng.chance(0.7)) lines.push('1 BIRT', `2 DATE ${rng.pick(['1 JAN 1900', 'ABT 1850', 'BET 1800 AND 1810', 'INT 1901 (about then)', '@#DJULIAN@ 1700/01', 'FROM 1900 TO 1910', 'BEF 12 MAR 1777'])}`, `2 PLAC ${rng.pick(['Oslo, Norway', 'Paris', ''])}`);
    if (rng.chance(0.5)) lines.push('1 DEAT Y');
    if (rng.chance(0.3)) lines.push('1 NOTE a note', '2 CONT second line', '2 CONC  continued');
    if (i > 1) lines.push('1 FAMC @F1@');
  }
  lines.push('0 @F1@ FAM', '1 HUSB @I1@', ...Array.from({ length: persons - 1 }, (_, i) => `1 CHIL @I${i + 2}@`), '1 MARR', '2 DATE 1899');
  lines.push('0 @S1@ SOUR', '1 TITL Parish register', '0 @N1@ NOTE shared note');
  return lines;
};

const text = (lines: readonly string[], eol = '\n'): Buffer => Buffer.from(`${lines.join(eol)}${eol}`, 'utf8');

/** A GEDCOM upload and the name of what makes it hostile ('valid' for none). */
export const gedcomFile = (rng: Rng): { readonly kind: string; readonly bytes: Buffer } => {
  const body = validLines(rng);
  const file = (kind: string, lines: string[], eol = '\n') => ({ kind, bytes: text([...head(), ...lines, '0 TRLR'], eol) });
  const makers: (() => { kind: string; bytes: Buffer })[] = [
    () => file('valid', body),
    () => file('valid-crlf', body, '\r\n'),
    () => file('nul-in-name', ['0 @I1@ INDI', '1 NAME Jo\u0000hn /Do\u0000e/', ...body]),
    () => file('nul-in-note', ['0 @I1@ INDI', '1 NAME A /B/', '1 NOTE x\u0000y', ...body]),
    () => file('junk-lines', [...body, ...Array.from({ length: rng.pick([100, 5000, 20_000]) }, () => randomText(rng, rng.int(1, 30)))]),
    () => file('long-line', ['0 @I1@ INDI', `1 NAME ${randomText(rng, rng.pick([6000, 100_000]))} /${randomText(rng, 3000)}/`, ...body]),
    () => file('long-place', ['0 @I1@ INDI', '1 NAME A /B/', '1 BIRT', `2 PLAC ${randomText(rng, 6000)}`, ...body]),
    () => file('long-source-title', ['0 @S9@ SOUR', `1 TITL ${randomText(rng, 6000)}`, `1 AUTH ${randomText(rng, 6000)}`, ...body]),
    () => file('note-spaces', ['0 @I1@ INDI', '1 NAME A /B/', `1 NOTE a${' '.repeat(80_000)}${rng.pick(['b ', 'b', ''])}`, ...body]),
    () => file('surname-spaces', ['0 @I1@ INDI', `1 NAME A${' '.repeat(40_000)}x /${' '.repeat(40_000)}x/`, ...body]),
    () => file('int-date-redos', ['0 @I1@ INDI', '1 NAME A /B/', '1 BIRT', `2 DATE INT 1900${' '.repeat(rng.pick([5000, 60_000, 60_000]))}${rng.pick(['x(', '(', 'x'])}`, ...body]),
    () => file('bad-dates', ['0 @I1@ INDI', '1 BIRT', `2 DATE ${rng.pick(['BET AND', '31 FEB 99999', '0 0 0', 'ABT ABT ABT', `${'9'.repeat(400)}`, 'FROM TO', '@#DUNKNOWN@ 1', '1/2/3/4', 'INT', 'INT (', `${'1 '.repeat(5000)}`])}`, ...body]),
    () => file('huge-record', ['0 @I1@ INDI', '1 NAME A /B/', '1 NOTE start', ...Array.from({ length: rng.pick([1000, 30_000]) }, (_, i) => `2 CONT line ${i} ${randomText(rng, 20)}`), ...body]),
    () => file('deep-levels', ['0 @I1@ INDI', ...Array.from({ length: 99 }, (_, i) => `${i + 1} _X${i} v`), ...body]),
    () => file('bad-levels', [...body, '5 SKIP', '-1 NEG', '99999999999999999999 BIG', '1', '0', 'NOTAG', '0 @@ INDI', '0 @I1@ INDI', '0 @ @ FAM']),
    () => file('pointer-mess', ['0 @F9@ FAM', '1 HUSB @F9@', '1 CHIL @I404@', '1 WIFE @S1@', '0 @I1@ INDI', '1 FAMC @I1@', '1 FAMS @F9@', '1 SOUR @X@', '2 PAGE p', '1 OBJE @O1@', ...body]),
    () => file('conc-chain', ['0 @I1@ INDI', '1 NOTE a', ...Array.from({ length: 5000 }, () => '2 CONC b'), ...body]),
    () => ({ kind: 'random-bytes', bytes: Buffer.from(Array.from({ length: rng.pick([1, 100, 20_000]) }, () => rng.int(0, 255))) }),
    () => ({ kind: 'random-bytes-after-head', bytes: Buffer.concat([text(head()), Buffer.from(Array.from({ length: 5000 }, () => rng.int(0, 255)))]) }),
    () => ({ kind: 'empty', bytes: Buffer.alloc(0) }),
    () => ({ kind: 'no-trailer', bytes: text([...head(), ...body]) }),
    () => ({ kind: 'utf16', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text([...head('UNICODE'), ...body, '0 TRLR']).toString('utf8'), 'utf16le')]) }),
    () => ({ kind: 'utf16-odd', bytes: Buffer.concat([Buffer.from([0xfe, 0xff, 0x00]), text(body)]) }),
    () => ({ kind: 'ansel', bytes: Buffer.concat([text([...head('ANSEL'), '0 @I1@ INDI']), Buffer.from([0x31, 0x20, 0x4e, 0x41, 0x4d, 0x45, 0x20, 0xe2, 0xe2, 0xe2, 0x41, 0xff, 0xe0, 0x0a]), text([...body, '0 TRLR'])]) }),
    () => ({ kind: 'unknown-charset', bytes: text([...head(randomText(rng, 40)), ...body, '0 TRLR']) }),
    () => {
      const b = linkBomb(rng, rng.pick(LINK_BOMBS));
      return { kind: `links:${b.kind}`, bytes: b.bytes };
    },
    () => ({ kind: 'gedcom7', bytes: text(['0 HEAD', '1 GEDC', '2 VERS 7.0', '0 @I1@ INDI', '1 NAME A /B/', '1 SEX X', '0 @X1@ SNOTE shared', '0 TRLR']) }),
  ];
  // Mostly hostile: the valid files are the first two makers.
  return rng.chance(0.2) ? rng.pick(makers.slice(0, 2))() : rng.pick(makers.slice(2))();
};

// Link bombs (issue 23): the first pass holds every family link of the file until it has read it
// all, so it refuses (422 gedcom_too_large) an INDI record with more than 1,000 links (FAMS, FAMC,
// ADOP.FAMC, SLGC.FAMC) and a file past its totals. A .gdz stores each distinct file once however
// many records link it. All within the fuzz service's 1 MiB upload.

/** SCAN_LIMITS.linksPerRecord (core/gedcom/import-scan.ts). */
export const LINKS_PER_RECORD = 1_000;

export const LINK_BOMBS = ['one-record', 'famc', 'adoption', 'same-family', 'at-bound', 'gdz-one-record', 'gdz-shared-file', 'gdz-many-files'] as const;
export type LinkBomb = (typeof LINK_BOMBS)[number];

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** One INDI record's lines with `count` links made by `link` (its k-th link). */
const linked = (xref: string, count: number, link: (k: number) => string[]): string[] => {
  const lines = [`0 ${xref} INDI`, `1 NAME Linked ${xref.replaceAll('@', '')} /Bomb/`];
  for (let k = 0; k < count; k++) lines.push(...link(k));
  return lines;
};

/** A .gdz: gedcom.ged (deflated) at the root, then `files`. */
const gdz = (lines: readonly string[], files: readonly { name: string; data: Buffer }[] = []): Buffer =>
  zipSync([{ name: 'gedcom.ged', data: text(['0 HEAD', '1 GEDC', '2 VERS 7.0', ...lines, '0 TRLR']), deflate: true }, ...files.map((f) => ({ ...f, deflate: false }))]);

/** A GEDCOM file (or .gdz) of family links and media links; `over`: whether it passes a bound of the first pass. */
export const linkBomb = (rng: Rng, kind: LinkBomb): { readonly kind: string; readonly bytes: Buffer; readonly over: boolean } => {
  const over = () => rng.pick([LINKS_PER_RECORD + 1, rng.int(1_002, 5_000), rng.int(20_000, 40_000)]);
  const file = (what: string, lines: string[], isOver: boolean) => ({ kind: `${kind}(${what})`, bytes: text([...head(), ...lines, '0 TRLR']), over: isOver });
  switch (kind) {
    case 'one-record': {
      const n = over();
      return file(`${n} FAMS`, linked('@I1@', n, (k) => [`1 FAMS @F${k + 1}@`]), true);
    }
    case 'famc': {
      const n = over();
      return file(`${n} FAMC and FAMS`, linked('@I1@', n, (k) => [k % 2 === 0 ? `1 FAMC @F${k + 1}@` : `1 FAMS @F${k + 1}@`]), true);
    }
    case 'adoption': {
      const n = over();
      return file(`${n} ADOP.FAMC and SLGC.FAMC`, linked('@I1@', n, (k) => (k % 2 === 0 ? ['1 ADOP', `2 FAMC @F${k + 1}@`] : ['1 SLGC', `2 FAMC @F${k + 1}@`])), true);
    }
    case 'same-family': {
      const n = over();
      return file(`${n} FAMS to one family`, [...linked('@I1@', n, () => ['1 FAMS @F1@']), '0 @F1@ FAM', '1 HUSB @I1@'], true);
    }
    case 'at-bound': {
      // Records of exactly the bound: allowed, each link naming a family the file lacks (a warning).
      const records = rng.int(2, 40);
      const lines: string[] = [];
      for (let r = 1; r <= records; r++) lines.push(...linked(`@I${r}@`, LINKS_PER_RECORD, (k) => [`1 FAMS @F${r}x${k}@`]));
      return file(`${records} records of ${LINKS_PER_RECORD} FAMS`, lines, false);
    }
    case 'gdz-one-record': {
      const n = rng.pick([LINKS_PER_RECORD + 1, rng.int(20_000, 99_000)]);
      return { kind: `${kind}(${n} FAMS)`, bytes: gdz(linked('@I1@', n, (k) => [`1 FAMS @F${k + 1}@`])), over: true };
    }
    case 'gdz-shared-file': {
      // Many records (and many OBJE records) link one file: its bytes are stored once.
      const records = rng.pick([20, 100, 200]);
      const image = Buffer.concat([PNG, Buffer.from(Array.from({ length: rng.pick([100, 20_000]) }, () => rng.int(0, 255)))]);
      const lines: string[] = ['0 @O1@ OBJE', '1 FILE media/photo.png', '2 FORM image/png'];
      for (let r = 1; r <= records; r++) lines.push(`0 @I${r}@ INDI`, `1 NAME Shared ${r} /Photo/`, ...(r % 2 === 0 ? ['1 OBJE @O1@'] : ['1 OBJE', '2 FILE media/photo.png', '3 FORM image/png']));
      return { kind: `${kind}(${records} records)`, bytes: gdz(lines, [{ name: 'media/photo.png', data: image }, { name: 'media/copy.png', data: image }]), over: false };
    }
    case 'gdz-many-files': {
      // Many small files, some with the same bytes under another name, some named and absent.
      // Each import adds its files to the tree (and to the owner's account export): a few hundred at most.
      const count = rng.pick([10, 50, 200]);
      const files = Array.from({ length: count }, (_, i) => ({ name: `m/${i}.png`, data: Buffer.concat([PNG, Buffer.from([i % 7])]) }));
      const lines: string[] = [];
      for (let i = 0; i < count; i++) lines.push(`0 @I${i + 1}@ INDI`, `1 NAME Many ${i} /Files/`, '1 OBJE', `2 FILE m/${rng.chance(0.9) ? i : `absent${i}`}.png`, '3 FORM image/png');
      return { kind: `${kind}(${count} files)`, bytes: gdz(lines, files), over: false };
    }
  }
};
