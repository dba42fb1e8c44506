import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import { gedcomRoundTrip, gedcomStorages, type Version } from './gedcom-roundtrip-support.js';
import { right } from './support.js';

// Issue 28, "coordinates on places": PLAC.MAP.LATI and LONG under an event were lost on import. They
// become the place's latitude and longitude (signed decimal degrees); export writes them back under
// every PLAC of that place, in 5.5.1 and 7.0. A bad value is a warning and no coordinates; the first
// pair seen for a place wins, a later different pair is a warning.

const file = (version: '5.5.1' | '7.0', body: string): string => `0 HEAD
1 GEDC
2 VERS ${version}
${version === '7.0' ? '' : '2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n'}0 @I1@ INDI
1 NAME John /Smith/
${body}0 TRLR
`;

const BOSTON = '1 BIRT\n2 DATE 1900\n2 PLAC Boston\n3 MAP\n4 LATI N42.3601\n4 LONG W71.0589\n';

for (const [name, make] of gedcomStorages) {
  describe(`GEDCOM place coordinates: PLAC.MAP.LATI/LONG round trip (issue 28, ${name})`, () => {
    const g = gedcomRoundTrip(make);
    const { load } = g;
    const places = async (treeId: Id) =>
      (await g.storage.places.listByTree(treeId)).map((p) => ({ name: p.name, latitude: p.latitude, longitude: p.longitude })).sort((a, b) => a.name.localeCompare(b.name));
    const exported = async (treeId: Id, version: Version): Promise<string[]> => (await g.exported(treeId, version)).split(/\r?\n/);
    /** The lines from `1 BIRT` up to the next level-1 line. */
    const birth = (lines: readonly string[]): string[] => {
      const at = lines.indexOf('1 BIRT');
      const end = lines.findIndex((l, i) => i > at && /^[01] /.test(l));
      return lines.slice(at, end);
    };

    for (const version of ['5.5.1', '7.0'] as const) {
      it(`${version}: imports N/W as signed degrees and exports MAP, LATI, LONG under the PLAC, then imports that back the same`, async () => {
        const report = right(await load(g.setup.tree.id, file(version, BOSTON)));
        expect(report.warnings).to.deep.equal([]);
        expect(await places(g.setup.tree.id)).to.deep.equal([{ name: 'Boston', latitude: 42.3601, longitude: -71.0589 }]);
        for (const out of ['5.5.1', '7.0'] as const) {
          const lines = await exported(g.setup.tree.id, out);
          expect(birth(lines), out).to.deep.equal(['1 BIRT', '2 DATE 1900', '2 PLAC Boston', '3 MAP', '4 LATI N42.3601', '4 LONG W71.0589']);
          const copy = await g.newTree(`Copy ${out}`);
          expect(right(await load(copy, lines.join('\n'))).warnings, out).to.deep.equal([]);
          expect(await places(copy), out).to.deep.equal([{ name: 'Boston', latitude: 42.3601, longitude: -71.0589 }]);
        }
      });
    }

    it('accepts S/E and plain signed decimals, and writes every PLAC of a place with its coordinates', async () => {
      const body = '1 BIRT\n2 PLAC Sydney\n3 MAP\n4 LATI S33.86\n4 LONG E151.2\n1 DEAT\n2 PLAC Sydney\n'
        + '1 RESI\n2 PLAC Quito\n3 MAP\n4 LATI -0.22\n4 LONG -78.5\n';
      const report = right(await load(g.setup.tree.id, file('5.5.1', body)));
      expect(report.warnings).to.deep.equal([]);
      expect(await places(g.setup.tree.id)).to.deep.equal([
        { name: 'Quito', latitude: -0.22, longitude: -78.5 },
        { name: 'Sydney', latitude: -33.86, longitude: 151.2 },
      ]);
      const lines = await exported(g.setup.tree.id, '7.0');
      const deat = lines.indexOf('1 DEAT');
      expect(lines.slice(deat, deat + 5)).to.deep.equal(['1 DEAT', '2 PLAC Sydney', '3 MAP', '4 LATI S33.86', '4 LONG E151.2']);
      const resi = lines.indexOf('2 PLAC Quito');
      expect(lines.slice(resi, resi + 4)).to.deep.equal(['2 PLAC Quito', '3 MAP', '4 LATI S0.22', '4 LONG W78.5']);
    });

    it('a place first written without MAP (in the file, or the tree\'s own) takes the first pair that comes later', async () => {
      await g.storage.places.ensure(g.setup.tree.id, 'York', '00000000-0000-7000-8000-00000000a001');
      const body = '1 BIRT\n2 PLAC Leeds\n1 DEAT\n2 PLAC leeds\n3 MAP\n4 LATI N53.8\n4 LONG W1.55\n'
        + '1 RESI\n2 PLAC York\n3 MAP\n4 LATI 53.96\n4 LONG -1.08\n';
      expect(right(await load(g.setup.tree.id, file('5.5.1', body))).warnings).to.deep.equal([]);
      expect(await places(g.setup.tree.id)).to.deep.equal([
        { name: 'Leeds', latitude: 53.8, longitude: -1.55 },
        { name: 'York', latitude: 53.96, longitude: -1.08 },
      ]);
      expect(birth(await exported(g.setup.tree.id, '5.5.1'))).to.deep.equal(['1 BIRT', '2 PLAC Leeds', '3 MAP', '4 LATI N53.8', '4 LONG W1.55']);
    });

    it('a bad LATI is a warning, the place keeps no coordinates and the MAP comes back verbatim; a later different pair for the place is a warning, the first wins', async () => {
      const body = '1 BIRT\n2 PLAC Boston\n3 MAP\n4 LATI N142.3601\n4 LONG W71.0589\n'
        + '1 DEAT\n2 PLAC Leeds\n3 MAP\n4 LATI N53.8\n4 LONG W1.55\n'
        + '1 BURI\n2 PLAC Leeds\n3 MAP\n4 LATI N53.9\n4 LONG W1.55\n';
      const report = right(await load(g.setup.tree.id, file('5.5.1', body)));
      expect(report.warnings.map((w) => w.line)).to.deep.equal([11, 20]);
      expect(report.warnings[0]!.message).to.match(/LATI N142\.3601/);
      expect(report.warnings[1]!.message).to.match(/Leeds/);
      expect(await places(g.setup.tree.id)).to.deep.equal([
        { name: 'Boston', latitude: null, longitude: null },
        { name: 'Leeds', latitude: 53.8, longitude: -1.55 },
      ]);
      const lines = await exported(g.setup.tree.id, '5.5.1');
      // The MAP it could not read is kept verbatim and written back where it was (issue 28, extensions.ts).
      expect(birth(lines)).to.deep.equal(['1 BIRT', '2 PLAC Boston', '3 MAP', '4 LATI N142.3601', '4 LONG W71.0589']);
    });
  });
}
