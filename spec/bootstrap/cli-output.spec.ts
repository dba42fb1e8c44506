import { expect } from 'chai';
import { parseCli } from '../../bootstrap/cli-args.js';
import { EXIT, countIndividuals, importReportJson, outcomeOf } from '../../bootstrap/cli-output.js';
import { createProgress, etaMs, progressLine, renderProgress } from '../../bootstrap/cli-progress.js';
import { forbidden, invalidInput, notFound } from '../../core/kernel/errors.js';
import type { ImportReport } from '../../core/gedcom/commands/import-gedcom.js';

// The pure parts of bootstrap/cli.ts: the command line, the exit codes, the report and the progress line.

const TREE = '0190c3a0-0000-7000-8000-000000000001';

describe('command-line host: arguments', () => {
  it('reads each command with its options and defaults', () => {
    expect(parseCli(['import', 'a.ged', '--tree', TREE, '--as', 'ann@example.org'])).to.deep.equal({
      ok: true, command: { kind: 'import', file: 'a.ged', treeId: TREE, as: 'ann@example.org', defaultAction: 'new' },
    });
    expect(parseCli(['import', 'a.ged', '--tree', TREE, '--as', 'a@b.c', '--default-action', 'merge'])).to.have.nested.property('command.defaultAction', 'merge');
    expect(parseCli(['preview', 'a.ged', '--tree', TREE, '--as', 'a@b.c'])).to.have.nested.property('command.kind', 'preview');
    expect(parseCli(['export', '--tree', TREE, '--as', 'a@b.c', '--out', 'x.ged'])).to.deep.equal({
      ok: true, command: { kind: 'export', out: 'x.ged', treeId: TREE, as: 'a@b.c', version: '5.5.1', force: false, media: false },
    });
    expect(parseCli(['export', '--tree', TREE, '--as', 'a@b.c', '--out', 'x.gdz', '--media'])).to.deep.include({ ok: true }).and.to.have.nested.property('command.version', '7.0');
    expect(parseCli(['export', '--tree', TREE, '--as', 'a@b.c', '--out', 'x.ged', '--version', '7.0', '--force'])).to.have.nested.property('command.version', '7.0');
    expect(parseCli(['--help'])).to.deep.equal({ ok: true, command: { kind: 'help' } });
    expect(parseCli([])).to.deep.equal({ ok: true, command: { kind: 'help' } });
  });

  it('names what is wrong with a command line', () => {
    const message = (argv: string[]) => {
      const p = parseCli(argv);
      return p.ok ? null : p.message;
    };
    expect(message(['frobnicate'])).to.contain('Unknown command "frobnicate"');
    expect(message(['import', 'a.ged', '--as', 'a@b.c'])).to.equal('import needs --tree ID.');
    expect(message(['import', 'a.ged', '--tree', 'seven', '--as', 'a@b.c'])).to.contain('a tree id (a UUID)');
    expect(message(['import', 'a.ged', '--tree', TREE])).to.contain('needs --as EMAIL');
    expect(message(['import', '--tree', TREE, '--as', 'a@b.c'])).to.equal('import needs exactly one FILE.');
    expect(message(['import', 'a.ged', '--tree', TREE, '--as', 'a@b.c', '--default-action', 'maybe'])).to.contain('--default-action must be one of new, skip, merge, overwrite');
    expect(message(['import', 'a.ged', '--tree', TREE, '--as', 'a@b.c', '--out', 'x'])).to.equal('import does not take --out.');
    expect(message(['export', '--tree', TREE, '--as', 'a@b.c'])).to.equal('export needs --out FILE.');
    expect(message(['export', '--tree', TREE, '--as', 'a@b.c', '--out', 'x', '--version', '5.5'])).to.contain('--version must be 5.5.1 or 7.0');
    expect(message(['export', '--tree', TREE, '--as', 'a@b.c', '--colour'])).to.contain("Unknown option '--colour'");
    expect(message(['export', '--tree', TREE, '--as', 'a@b.c', '--out', 'x', '--media', '--version', '5.5.1'])).to.contain('--media writes a GEDZIP');
  });
});

describe('command-line host: outcomes', () => {
  it('exits 1 on a refusal of the core and 2 on an unknown tree', () => {
    expect(outcomeOf(forbidden('This needs the editor role.'))).to.deep.equal({ code: EXIT.refused, message: 'Refused: This needs the editor role.' });
    expect(outcomeOf(notFound('tree', TREE))).to.deep.equal({ code: EXIT.usage, message: `No tree ${TREE} (or it is deleted).` });
    const notGedcom = outcomeOf(invalidInput('not_gedcom', 'This file is not GEDCOM: no HEAD.', [{ path: 'file', message: 'not a GEDCOM file' }]));
    expect(notGedcom).to.deep.equal({ code: 1, message: 'Refused (not_gedcom): This file is not GEDCOM: no HEAD. [file: not a GEDCOM file]' });
    expect([EXIT.ok, EXIT.refused, EXIT.usage, EXIT.failure]).to.deep.equal([0, 1, 2, 3]);
  });

  it('prints the import report in the shape of the HTTP import', () => {
    const report: ImportReport = {
      importId: '0190a000-0000-7000-8000-000000000001',
      persons: { created: 3, merged: 1, skipped: 0, overwritten: 0 },
      names: { created: 4, skipped: 0 }, events: { created: 5, skipped: 1 }, relationships: { created: 2, skipped: 0 },
      sources: { created: 1, reused: 0 }, repositories: { created: 0, reused: 0 }, citations: { created: 6, skipped: 0 }, places: { created: 2, reused: 1 },
      media: { created: 2, skipped: 0 },
      unmapped: [{ tag: '_MILT', count: 2, firstLine: 40, keptLines: 2 }],
      warnings: [{ line: 7, message: 'a date that cannot be read' }],
      warningCount: 12,
    };
    const json = importReportJson(report);
    expect(json).to.deep.include({ persons: report.persons, places: report.places, media: report.media, warning_count: 12 });
    expect(json['unmapped_tags']).to.deep.equal([{ tag: '_MILT', count: 2, first_line: 40, kept_lines: 2 }]);
    expect(json['warnings']).to.deep.equal([{ line: 7, message: 'a date that cannot be read' }]);
    expect(json).to.not.have.property('unmapped');
  });

  it('counts the INDI records of the writer output, and nothing that only looks like one', () => {
    const text = '0 @I1@ INDI\n1 NAME Ann\n1 NOTE 0 @I9@ INDI\n0 @F1@ FAM\n0 @I2@ INDI\r\n1 SEX F\n0 @N1@ NOTE a @ INDI\n0 @I3@ INDIVIDUAL\n0 @I4@ INDI';
    expect(countIndividuals(text)).to.equal(3);
    expect(countIndividuals('')).to.equal(0);
  });
});

describe('command-line host: progress', () => {
  it('reads records, persons, rate and ETA from the share of the file read', () => {
    const line = progressLine({ task: 'import pass 1/2', records: 12_000, persons: 0, bytes: 250, totalBytes: 1000, elapsedMs: 3000 });
    expect(line).to.equal('import pass 1/2: 12,000 records read, 4,000 records/s, 25%, ETA 0:09 (0:03)');
    const writing = progressLine({ task: 'import pass 2/2', records: 500, persons: 9_500, bytes: 1000, totalBytes: 1000, elapsedMs: 62_000 });
    expect(writing).to.equal('import pass 2/2: 500 records read, 9,500 persons written, 8 records/s, 100%, file read (1:02)');
    expect(progressLine({ task: 'export', records: 0, persons: 50_000, bytes: 0, totalBytes: 0, elapsedMs: 2000 })).to.equal('export: 50,000 persons written, 25,000 persons/s (0:02)');
    const secondPass = progressLine({ task: 'import pass 2/2', records: 3000, persons: 0, bytes: 600, totalBytes: 1000, elapsedMs: 6000, stageMs: 1000 });
    expect(secondPass).to.equal('import pass 2/2: 3,000 records read, 3,000 records/s, 60%, ETA 0:04 (0:06)');
    expect(etaMs({ bytes: 0, totalBytes: 1000, elapsedMs: 10 })).to.equal(null);
    expect(etaMs({ bytes: 500, totalBytes: 1000, elapsedMs: 3_600_000 })).to.equal(3_600_000);
  });

  it('redraws one line in place on a terminal, cut to its width; elsewhere writes whole lines', () => {
    expect(renderProgress('abcdef', true, 4)).to.equal('\rabc\x1b[K');
    expect(renderProgress('abcdef', true, undefined)).to.equal('\rabcdef\x1b[K');
    expect(renderProgress('abcdef', false, 4)).to.equal('abcdef\n');
  });

  it('writes a plain line at most every interval, at each stage and at the end', () => {
    let t = 0;
    const out: string[] = [];
    const p = createProgress('import pass 1/2', 100, { isTTY: false, write: (s) => out.push(s) }, { now: () => t, plainEveryMs: 5000 });
    for (let i = 1; i <= 10; i++) {
      t = i * 1000;
      p.records(i);
    }
    expect(out).to.have.length(2);
    p.stage('import pass 2/2');
    p.done();
    expect(out.map((l) => l.split(':')[0])).to.deep.equal(['import pass 1/2', 'import pass 1/2', 'import pass 2/2', 'import pass 2/2']);
    expect(out.every((l) => l.endsWith('\n') && !l.includes('\r'))).to.equal(true);
  });
});
