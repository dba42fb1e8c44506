import { expect } from 'chai';
import { listDuplicates } from '../../core/duplicates/queries/find-duplicates.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { previewGedcom } from '../../core/gedcom/queries/preview-gedcom.js';
import { recommend } from '../../core/kinship/queries/recommend.js';
import { cleanupSetup, year } from './cleanup-support.js';
import { right } from './support.js';

// Issue 24: one same-person scorer. The GEDCOM preview and import and the recommender ask the
// duplicate finder's scorer (core/duplicates), so each says of a pair what the finder says.

const ged = (...records: string[]) => {
  const text = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', ...records, '0 TRLR', ''].join('\n');
  return { open: async function* () { yield new TextEncoder().encode(text); } };
};

describe('same-person scoring: import and recommender through the finder', () => {
  it('a GEDCOM person is weighed with its partner in the file, as the finder weighs the tree; the import merges only a high one', async () => {
    const fx = await cleanupSetup();
    const john = (await fx.person({ givenName: 'John', surname: 'Smith', sex: 'male', birth: { date: year(1850) } })).id;
    const mary = (await fx.person({ givenName: 'Mary', surname: 'Jones', sex: 'female', birth: { date: year(1852) } })).id;
    await fx.partners(john, mary);
    const alone = ged('0 @M@ INDI', '1 NAME Mary /Jones/', '1 SEX F', '1 BIRT', '2 DATE 1852');
    const married = ged(
      '0 @M@ INDI', '1 NAME Mary /Jones/', '1 SEX F', '1 BIRT', '2 DATE 1852', '1 FAMS @F@',
      '0 @F@ FAM', '1 HUSB @J@', '1 WIFE @M@',
      // The partner comes after the family and after Mary: the scoring waits for the whole file.
      '0 @J@ INDI', '1 NAME Jonathan /Brown/', '1 SEX M', '1 FAMS @F@',
    );
    const marriedToJohn = ged(
      '0 @M@ INDI', '1 NAME Mary /Jones/', '1 SEX F', '1 BIRT', '2 DATE 1852', '1 FAMS @F@',
      '0 @F@ FAM', '1 HUSB @J@', '1 WIFE @M@',
      '0 @J@ INDI', '1 NAME John /Smith/', '1 SEX M', '1 FAMS @F@',
    );
    const preview = async (file: ReturnType<typeof ged>) =>
      right(await previewGedcom(fx.deps)(fx.owner, fx.tree.id, file)).matches.find((m) => m.xref === '@M@')!.candidates[0]!;
    // Same name and year: medium (6 points); a partner of another name: less; the same partner: high.
    const aloneCandidate = await preview(alone);
    expect(aloneCandidate).to.deep.include({ personId: mary, score: 'medium', similarity: 1 });
    const other = await preview(married);
    expect(other.score).to.equal('medium');
    expect((await preview(marriedToJohn)).score).to.equal('high');
    expect((await preview(marriedToJohn)).reasons).to.include("partners' names agree (John Smith)");

    // The import decides as the preview scores: only the high one is merged by default_action (John
    // Smith without a birth year, his partner agreeing, is medium: created).
    const merged = right(await importGedcom(fx.deps)(fx.owner, fx.tree.id, marriedToJohn, { defaultAction: 'merge', resolutions: {} }));
    expect(merged.persons).to.deep.equal({ created: 1, merged: 1, skipped: 0, overwritten: 0 });
    const kept = right(await importGedcom(fx.deps)(fx.owner, fx.tree.id, alone, { defaultAction: 'merge', resolutions: {} }));
    expect(kept.persons).to.deep.equal({ created: 1, merged: 0, skipped: 0, overwritten: 0 });

    // The finder, over the tree that now holds the second Mary, says the same of that pair.
    const pairs = right(await listDuplicates(fx.deps)(fx.viewer, fx.tree.id));
    const pair = pairs.find((p) => p.personIds.includes(mary))!;
    expect(pair.level).to.equal('medium');
    expect(pair.reasons).to.deep.equal(aloneCandidate.reasons);
  });

  it('the recommender proposes what the finder finds, with its reasons, and never siblings born in different years', async () => {
    const fx = await cleanupSetup();
    const ed = (await fx.person({ givenName: 'Eduard', surname: 'Huber', sex: 'male', birth: { date: year(1950), place: 'Graz' } })).id;
    const twin = (await fx.person({ givenName: 'Eduard', surname: 'Huber', birth: { date: year(1950), place: 'Graz, Steiermark' } })).id;
    const father = (await fx.person({ givenName: 'Josef', surname: 'Huber', sex: 'male', birth: { date: year(1900) } })).id;
    const anna = (await fx.person({ givenName: 'Anna', surname: 'Huber', sex: 'female', birth: { date: year(1930) } })).id;
    const sister = (await fx.person({ givenName: 'Anna', surname: 'Huber', sex: 'female', birth: { date: year(1932) } })).id;
    await fx.parentOf(father, anna);
    await fx.parentOf(father, sister);
    const rec = async (id: string) =>
      right(await recommend({ storage: fx.deps.storage, searchThreshold: 0.2 })(fx.viewer, fx.tree.id, id as never)).filter((r) => r.kind === 'possible_duplicate');
    const pairs = right(await listDuplicates(fx.deps)(fx.viewer, fx.tree.id));
    const found = pairs.find((p) => p.personIds.includes(ed) && p.personIds.includes(twin))!;
    expect(found.reasons).to.include('born in Graz on both sides');
    const [dup] = await rec(ed);
    expect(dup!.personIds).to.deep.equal([ed, twin]);
    expect(dup!.reasons).to.deep.equal(found.reasons);
    expect(dup!.score).to.equal(Math.min(found.level === 'high' ? 1 : 0.85, found.points / 8));
    // Two daughters of one father, both Anna, born two years apart: the finder's rule, not a duplicate.
    expect(pairs.some((p) => p.personIds.includes(anna) && p.personIds.includes(sister))).to.equal(false);
    expect(await rec(anna)).to.deep.equal([]);
  });
});
