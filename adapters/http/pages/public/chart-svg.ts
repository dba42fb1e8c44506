import type { GenealogicalDate } from '../../../../core/kernel/date.js';
import type { Id } from '../../../../core/kernel/ids.js';
import type { ChartNode } from '../../../../core/charts/nest.js';
import type { PersonView } from '../../../../core/people/vitals.js';
import { escapeHtml } from '../render.js';

// A chart (pedigree or descendants) as inline SVG, drawn on the server: no script, no external
// asset. Two drawings of the same boxes in the same order: `wide`, generations as columns (screens
// from 48rem, and print), and `narrow`, an indented outline one box per row that stays legible at
// 320 px; the page's stylesheet (CHART_STYLE) shows one. A box shown in full is a link to the
// person's page; a redacted one reads `Living person` and carries nothing else, not even its id.

/** What a box may show: the person in full (a link), or `Living person` alone. */
export type ChartBox =
  | { readonly shown: true; readonly id: Id; readonly name: string; readonly years: string | null }
  | { readonly shown: false };

const LIVING = 'Living person';

/** A year as a box shows it: `c. 1850` for an approximate date, `bef.`/`aft.` for a bound; null without a year. */
export const yearOf = (d: GenealogicalDate | null): string | null => {
  if (d === null || d.year === undefined || d.qualifier === 'text') return null;
  switch (d.qualifier) {
    case 'about':
    case 'estimated':
    case 'calculated':
      return `c. ${d.year}`;
    case 'before':
      return `bef. ${d.year}`;
    case 'after':
      return `aft. ${d.year}`;
    default:
      return String(d.year);
  }
};

/** `1850–1920`, `b. 1850`, `d. 1920`, or null when neither is known. */
export const yearsOf = (birth: GenealogicalDate | null, death: GenealogicalDate | null): string | null => {
  const b = yearOf(birth);
  const d = yearOf(death);
  if (b !== null && d !== null) return `${b}–${d}`;
  if (b !== null) return `b. ${b}`;
  return d === null ? null : `d. ${d}`;
};

/** The box of a person as the privacy engine let this reader see them. */
export const boxOf = (v: PersonView): ChartBox =>
  v.visibility === 'full'
    ? { shown: true, id: v.person.id, name: v.displayName, years: yearsOf(v.birth?.date ?? null, v.death?.date ?? null) }
    : { shown: false };

export type ChartKind = 'pedigree' | 'descendants';

export type ChartDrawing = {
  readonly kind: ChartKind;
  /** The accessible name of the drawing (`Pedigree chart of Ada Lovelace`). */
  readonly label: string;
  /** The page of a person shown in full. */
  readonly href: (id: Id) => string;
};

/** A box placed: its depth (0: the root), its row in the outline, its centre row in columns. */
type Placed = {
  readonly box: ChartBox;
  readonly ref: boolean;
  readonly truncated: boolean;
  readonly depth: number;
  readonly row: number;
  centre: number;
  readonly next: Placed[];
};

/** Preorder (the outline's and the keyboard's order); leaves take one column row each, parents centre on theirs. */
const place = (root: ChartNode<ChartBox>): { readonly boxes: readonly Placed[]; readonly depth: number; readonly leaves: number } => {
  const boxes: Placed[] = [];
  let leaves = 0;
  let depth = 0;
  const visit = (n: ChartNode<ChartBox>, d: number): Placed => {
    const p: Placed = { box: n.person, ref: n.ref, truncated: !n.ref && n.truncated === true, depth: d, row: boxes.length, centre: 0, next: [] };
    boxes.push(p);
    depth = Math.max(depth, d);
    if (!n.ref) for (const c of n.next) p.next.push(visit(c, d + 1));
    p.centre = p.next.length === 0 ? leaves++ : (p.next[0]!.centre + p.next[p.next.length - 1]!.centre) / 2;
    return p;
  };
  visit(root, 0);
  return { boxes, depth, leaves };
};

/**
 * The width of a character in em, no less than the widest common font draws it at weight 600
 * (DejaVu Sans Bold, measured): a name cut by this fits its box in any browser, with no script to
 * measure it there.
 */
const em = (c: string): number => {
  if ("ijlIJ.,:;!|'`".includes(c)) return 0.38;
  if ('ftr -()[]/'.includes(c)) return 0.5;
  if ('mMwWÆŒæœ…'.includes(c)) return 1.1;
  if (c.codePointAt(0)! >= 0x1100) return 1.05;
  if (c !== c.toLowerCase()) return 0.86;
  return 0.72;
};

/** The name as it fits `width` units at `size`: whole, or cut with an ellipsis. */
export const fit = (text: string, width: number, size: number): string => {
  const chars = [...text];
  const room = width / size;
  if (chars.reduce((sum, c) => sum + em(c), 0) <= room) return text;
  let used = em('…');
  let kept = 0;
  while (kept < chars.length && used + em(chars[kept]!) <= room) used += em(chars[kept++]!);
  return `${chars.slice(0, kept).join('').trimEnd()}…`;
};

/** What a reader of a screen reader hears for a box, and what a pointer's tooltip shows. */
const spoken = (p: Placed): string => {
  if (!p.box.shown) return LIVING;
  const parts = [p.box.name, ...(p.box.years === null ? [] : [p.box.years])];
  if (p.ref) parts.push('shown before in this chart');
  if (p.truncated) parts.push('more not shown');
  return parts.join(', ');
};

/** Whether a text fits `width` units at `size` whole. */
const fits = (text: string, width: number, size: number): boolean => fit(text, width, size) === text;

/**
 * The name in at most `lines` lines of `width`: on two, whole words on the first while they fit, the
 * rest on the second, cut there when it must be; a first word too long for a line is cut on one.
 */
export const nameLines = (name: string, width: number, size: number, lines: 1 | 2): string[] => {
  const words = name.split(' ');
  if (lines === 1 || fits(name, width, size) || !fits(words[0]!, width, size)) return [fit(name, width, size)];
  let first = words[0]!;
  let i = 1;
  while (i < words.length && fits(`${first} ${words[i]!}`, width, size)) first = `${first} ${words[i++]!}`;
  return [first, fit(words.slice(i).join(' '), width, size)];
};

type Geometry = { readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly size: number; readonly lines: 1 | 2 };

/** One box: a link named by its title when shown in full; a plain group reading `Living person` otherwise. */
const boxSvg = (p: Placed, g: Geometry, href: (id: Id) => string): string => {
  const { x, y, w, h, size } = g;
  const classes = ['box', ...(p.ref ? ['ref'] : []), ...(p.box.shown ? [] : ['living'])].join(' ');
  const rect = `<rect class="${classes}" x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/>`;
  const tx = x + 8;
  if (!p.box.shown) return `<g>${rect}<text class="living" x="${tx}" y="${y + size + 4}" font-size="${size}">${LIVING}</text></g>`;
  const names = nameLines(p.box.name, w - 16, size, g.lines).map((line, i) => `<text class="name" x="${tx}" y="${y + size + 4 + i * (size + 3)}" font-size="${size}">${escapeHtml(line)}</text>`);
  // Under the name: the years, and `…` when the next generation was cut by the chart's cap.
  const under = `${p.box.years ?? ''}${p.truncated ? ' …' : ''}`.trim();
  const years = under === '' ? '' : `<text class="years" x="${tx}" y="${y + h - 7}" font-size="${size - 2}">${escapeHtml(under)}</text>`;
  const label = escapeHtml(spoken(p));
  // The name comes from <title> (SVG's own), shown as a tooltip too. Not aria-label: the box shows the
  // name shortened and the years apart, which an aria-label would have to hold word for word.
  return `<a href="${escapeHtml(href(p.box.id))}"><title>${label}</title>${rect}${names.join('')}${years}</a>`;
};

// Columns: a box 168 wide (a name on two lines, then the years), 24 between columns, rows of 70:
// four generations fit the 48rem page.
const W_BOX = 168;
const W_GAP = 24;
const W_ROW = 70;
const W_H = 62;
const W_SIZE = 14;
const M = 2;

const wide = (boxes: readonly Placed[], depth: number, leaves: number, d: ChartDrawing): string => {
  const width = M * 2 + (depth + 1) * (W_BOX + W_GAP) - W_GAP;
  const height = M * 2 + leaves * W_ROW - (W_ROW - W_H);
  const xOf = (p: Placed): number => M + p.depth * (W_BOX + W_GAP);
  const midOf = (p: Placed): number => M + p.centre * W_ROW + W_H / 2;
  const lines = boxes.flatMap((p) => p.next.map((c) => {
    const x1 = xOf(p) + W_BOX;
    const xm = x1 + W_GAP / 2;
    return `<path d="M${x1} ${midOf(p)}H${xm}V${midOf(c)}H${xOf(c)}"/>`;
  }));
  const drawn = boxes.map((p) => boxSvg(p, { x: xOf(p), y: midOf(p) - W_H / 2, w: W_BOX, h: W_H, size: W_SIZE, lines: 2 }, d.href));
  return svg('wide', width, height, d, lines, drawn);
};

// The outline: 288 wide (a 320 px screen less the page's margins), rows of 52, each generation
// indented by up to 24 so that the deepest box keeps at least 168.
const N_WIDTH = 288;
const N_ROW = 52;
const N_H = 44;
const N_SIZE = 15;
const N_MIN_BOX = 168;

const narrow = (boxes: readonly Placed[], depth: number, d: ChartDrawing): string => {
  const indent = depth === 0 ? 0 : Math.min(24, Math.floor((N_WIDTH - M * 2 - N_MIN_BOX) / depth));
  const height = M * 2 + boxes.length * N_ROW - (N_ROW - N_H);
  const xOf = (p: Placed): number => M + p.depth * indent;
  const topOf = (p: Placed): number => M + p.row * N_ROW;
  const lines = boxes.flatMap((p) => p.next.map((c) => {
    const xl = xOf(p) + indent / 2;
    return `<path d="M${xl} ${topOf(p) + N_H}V${topOf(c) + N_H / 2}H${xOf(c)}"/>`;
  }));
  const drawn = boxes.map((p) => boxSvg(p, { x: xOf(p), y: topOf(p), w: N_WIDTH - M - xOf(p), h: N_H, size: N_SIZE, lines: 1 }, d.href));
  return svg('narrow', N_WIDTH, height, d, lines, drawn);
};

const svg = (layout: 'wide' | 'narrow', width: number, height: number, d: ChartDrawing, lines: readonly string[], boxes: readonly string[]): string =>
  [
    `<svg class="${layout}" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="${escapeHtml(d.label)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<g class="lines" aria-hidden="true">${lines.join('')}</g>`,
    ...boxes,
    '</svg>',
  ].join('\n');

/** Both drawings of a chart, boxes in the same order (the root, then depth first as the chart nests them). */
export const chartSvg = (root: ChartNode<ChartBox>, d: ChartDrawing): string => {
  const { boxes, depth, leaves } = place(root);
  return [wide(boxes, depth, leaves, d), narrow(boxes, depth, d)].join('\n');
};

/**
 * The charts' stylesheet (added to the page's, and allowed by its hash): the outline below 48rem,
 * the columns from there and on paper; a focused box is drawn thick and dark. `nav.charts` is the
 * page's links around the chart (other generations, the other chart), left out on paper.
 */
export const CHART_STYLE = [
  '.chart svg.wide{display:none}.chart svg.narrow{width:100%;max-width:36rem}',
  '@media (min-width:48rem){.chart svg.wide{display:block}.chart svg.narrow{display:none}}',
  '.chart .lines path{fill:none;stroke:#767676;stroke-width:1.5}',
  '.chart rect.box{fill:#fff;stroke:#767676;stroke-width:1.5}.chart rect.ref{stroke-dasharray:5 3}',
  '.chart rect.living{fill:#efeee9}.chart text{font-family:inherit}',
  '.chart text.name{fill:#1f4e99;font-weight:600}.chart text.years{fill:#595959}.chart text.living{fill:#595959;font-style:italic}',
  '.chart a:hover rect.box{fill:#eef3fb}',
  '.chart a:focus{outline:none}.chart a:focus rect.box{fill:#fff4cc;stroke:#1b1b1b;stroke-width:4}',
  // On paper: the columns at their own size, shrunk to the page's width when wider; the links around the chart left out.
  '@media print{@page{size:landscape}nav.charts{display:none}.chart svg.narrow{display:none}.chart svg.wide{display:block;max-width:100%;height:auto}',
  '.chart rect.box{fill:#fff;stroke:#000}.chart text.name,.chart text.years,.chart text.living{fill:#000}}',
].join('');
