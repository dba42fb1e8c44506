import { expect } from 'chai';
import type { ChartNode } from '../../core/charts/nest.js';
import type { GenealogicalDate } from '../../core/kernel/date.js';
import type { Person } from '../../core/people/model.js';
import type { PersonView } from '../../core/people/vitals.js';
import { boxOf, chartSvg, fit, nameLines, yearsOf, type ChartBox } from '../../adapters/http/pages/public/chart-svg.js';

// The chart drawing alone (a pure function): what each box says, that only persons shown in full
// are links, that a redacted box carries nothing of the person (not even the id), that names are
// escaped, and that both drawings hold the same boxes in the same (keyboard) order.

const at = (year: number, qualifier: GenealogicalDate['qualifier'] = 'exact'): GenealogicalDate => ({ qualifier, year });
const vital = (d: GenealogicalDate) => ({ eventId: 'e', date: d, dateDisplay: null, place: 'Secret Street 1' });

const person = (id: string, notes = ''): Person => ({
  id, treeId: 't', sex: 'female', isLiving: false, privacy: 'public', notes, identifiers: [{ kind: 'refn', value: 'REF-SECRET', type: null }],
  birthYear: 1850, hasDeathFact: true, mergedInto: null, createdAt: new Date(0), updatedAt: new Date(0), deletedAt: null, deletionId: null,
});

const full = (id: string, name: string, birth?: GenealogicalDate, death?: GenealogicalDate): PersonView => ({
  visibility: 'full', person: person(id, 'private notes'), displayName: name, primary: null,
  birth: birth === undefined ? null : vital(birth), death: death === undefined ? null : vital(death),
});
const living = (id: string): PersonView => ({ visibility: 'redacted', person: { id, treeId: 't' }, displayName: 'Living person' });

const node = (v: PersonView, next: ChartNode<ChartBox>[] = [], extra: { truncated?: true } = {}): ChartNode<ChartBox> => ({ person: boxOf(v), ref: false, next, ...extra });
const ref = (v: PersonView): ChartNode<ChartBox> => ({ person: boxOf(v), ref: true });

const href = (id: string) => `https://example.org/persons/${id}`;
const draw = (root: ChartNode<ChartBox>) => chartSvg(root, { kind: 'pedigree', label: 'Pedigree chart of <Ada>', href });

/** Each drawing's boxes in document order: the link's target and accessible name, or `living`. */
const boxesOf = (svg: string): string[] =>
  [...svg.matchAll(/<a href="([^"]*)"><title>([^<]*)<\/title>|<g><rect class="box living"/g)].map((m) => (m[1] === undefined ? 'living' : `${m[1]} ${m[2]}`));

const drawings = (svg: string): { wide: string; narrow: string } => {
  const wide = /<svg class="wide"[\s\S]*?<\/svg>/.exec(svg)?.[0];
  const narrow = /<svg class="narrow"[\s\S]*?<\/svg>/.exec(svg)?.[0];
  expect(wide, 'the wide drawing').to.be.a('string');
  expect(narrow, 'the narrow drawing').to.be.a('string');
  return { wide: wide!, narrow: narrow! };
};

describe('public chart drawing (chart-svg)', () => {
  it('says the years of a box as a reader reads them', () => {
    expect(yearsOf(at(1850), at(1920))).to.equal('1850–1920');
    expect(yearsOf(at(1850, 'about'), null)).to.equal('b. c. 1850');
    expect(yearsOf(null, at(1920, 'before'))).to.equal('d. bef. 1920');
    expect(yearsOf({ qualifier: 'text', text: 'in the war' }, null)).to.equal(null);
    expect(yearsOf(null, null)).to.equal(null);
  });

  it('links each person shown in full to their page, in the same order in both drawings', () => {
    const root = node(full('r', 'Ada Byron', at(1815), at(1852)), [
      node(full('f', 'George Byron', at(1788), at(1824))),
      node(full('m', 'Anne Milbanke', at(1792))),
    ]);
    const { wide, narrow } = drawings(draw(root));
    const expected = [
      `${href('r')} Ada Byron, 1815–1852`,
      `${href('f')} George Byron, 1788–1824`,
      `${href('m')} Anne Milbanke, b. 1792`,
    ];
    expect(boxesOf(wide)).to.deep.equal(expected);
    expect(boxesOf(narrow)).to.deep.equal(expected);
    // The box shows the name and years.
    expect(wide).to.include('>Ada Byron</text>');
    expect(wide).to.include('>1815–1852</text>');
  });

  it('draws a redacted person as "Living person" without a link, an id or any other fact', () => {
    const root = node(full('r', 'Ada Byron', at(1815)), [node(living('secret-living-id'), [node(full('g', 'Grand Parent', at(1700), at(1760)))])]);
    const svg = draw(root);
    const { wide, narrow } = drawings(svg);
    for (const d of [wide, narrow]) {
      expect(boxesOf(d)).to.deep.equal([`${href('r')} Ada Byron, b. 1815`, 'living', `${href('g')} Grand Parent, 1700–1760`]);
      expect(d).to.include('>Living person</text>');
    }
    expect(svg).not.to.include('secret-living-id');
    // Nothing the box does not show leaks from the views (notes, identifiers, places).
    for (const withheld of ['private notes', 'REF-SECRET', 'Secret Street']) expect(svg).not.to.include(withheld);
    // Exactly as many links as persons shown in full (two per drawing).
    expect(svg.match(/<a /g)).to.have.length(4);
  });

  it('escapes names and the label: markup in a name is text, never an element or an attribute', () => {
    const evil = '<script>alert(1)</script> "O\'Hara" & <a href=x>';
    const svg = draw(node(full('r"><script>', evil, at(1900))));
    expect(svg).not.to.include('<script');
    expect(svg).not.to.include('<a href=x>');
    expect(svg).to.include('aria-label="Pedigree chart of &lt;Ada&gt;"');
    expect(svg).to.include('<title>&lt;script&gt;alert(1)&lt;/script&gt; &quot;O&#39;Hara&quot; &amp; &lt;a href=x&gt;, b. 1900</title>');
    // The id goes through the href function and is escaped in the attribute too.
    expect(svg).to.include(`href="${href('r&quot;&gt;&lt;script&gt;')}"`);
  });

  it('shortens a long name in the box (on two lines in the columns, one in the outline) but keeps it whole in the accessible name', () => {
    const long = 'Maria Josepha Johanna Antonia Gabriela Theresia von Habsburg-Lothringen';
    const svg = draw(node(full('r', long, at(1751), at(1767))));
    expect(svg).to.include(`<title>${long}, 1751–1767</title>`);
    const { wide, narrow } = drawings(svg);
    const shown = (d: string) => [...d.matchAll(/<text class="name"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    expect(shown(wide)).to.have.length(2);
    expect(shown(narrow)).to.have.length(1);
    for (const lines of [shown(wide), shown(narrow)]) {
      const text = lines.join(' ');
      expect(text.endsWith('…'), text).to.equal(true);
      expect(long.startsWith(text.slice(0, -1)), text).to.equal(true);
    }
    // The first line of the columns breaks between words.
    expect(long.startsWith(`${shown(wide)[0]!} `)).to.equal(true);
    // A name that fits is never cut, and takes one line.
    const short = drawings(draw(node(full('r', 'Ada Byron', at(1815)))));
    expect(shown(short.wide)).to.deep.equal(['Ada Byron']);
    expect(shown(short.narrow)).to.deep.equal(['Ada Byron']);
  });

  it('cuts names by the widths of their letters: wide letters sooner', () => {
    expect(fit('iiiiiiiiiiiiiiiiiiii', 152, 14)).to.equal('iiiiiiiiiiiiiiiiiiii');
    const wide = fit('WWWWWWWWWWWWWWWWWWWW', 152, 14);
    expect(wide.endsWith('…')).to.equal(true);
    expect([...wide].length).to.be.below(12);
    expect(nameLines('Bartholomew Quennell', 152, 14, 2)).to.deep.equal(['Bartholomew', 'Quennell']);
    expect(nameLines('Bartholomew Quennell', 152, 14, 1)).to.deep.equal([fit('Bartholomew Quennell', 152, 14)]);
  });

  it('marks a person shown a second time and a box whose next generation was cut', () => {
    const grand = full('g', 'Shared Grandparent', at(1700));
    const root = node(full('r', 'Root', at(1780)), [node(full('f', 'Father', at(1750)), [node(grand)], { truncated: true }), node(full('m', 'Mother', at(1752)), [ref(grand)])]);
    const { wide } = drawings(draw(root));
    expect(boxesOf(wide)).to.deep.equal([
      `${href('r')} Root, b. 1780`,
      `${href('f')} Father, b. 1750, more not shown`,
      `${href('g')} Shared Grandparent, b. 1700`,
      `${href('m')} Mother, b. 1752`,
      `${href('g')} Shared Grandparent, b. 1700, shown before in this chart`,
    ]);
    expect(wide.match(/class="box ref"/g)).to.have.length(1);
  });

  it('sizes the narrow drawing for a 320 px screen and the wide one by generations', () => {
    const chain = (depth: number): ChartNode<ChartBox> => node(full(`p${depth}`, `Person ${depth}`, at(1900 - depth * 25)), depth === 0 ? [] : [chain(depth - 1)]);
    for (const generations of [1, 4, 10]) {
      const { wide, narrow } = drawings(draw(chain(generations - 1)));
      expect(narrow, `${generations} generations`).to.match(/viewBox="0 0 288 \d+"/);
      // The deepest box of the outline keeps room for a name.
      const widths = [...narrow.matchAll(/<rect class="box" x="\d+" y="\d+" width="(\d+)"/g)].map((m) => Number(m[1]));
      expect(widths).to.have.length(generations);
      expect(Math.min(...widths), `${generations} generations`).to.be.at.least(168);
      const wideWidth = Number(/viewBox="0 0 (\d+) /.exec(wide)![1]);
      expect(wideWidth).to.equal(4 + generations * 192 - 24);
    }
  });
});
