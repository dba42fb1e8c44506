import type { Kept } from '../gedcom/extensions.js';
import type { Person, PersonIdentifier, Relationship } from '../people/model.js';

// The persons' own GEDCOM kept lines (core/gedcom/extensions.ts) in a merge. Names, events, edges,
// citations and media move as rows with their own kept lines; the person rows' own text does not
// move, so the kept person takes the other's kept structures, appended after its own. Each keeps a
// place (via) that names a substructure of the merged INDI: `TAG#k` counted among the other's
// structures becomes the index that structure has among the merged person's (identifiers exactly,
// as the merge lists them; FAMC and FAMS shifted past the kept person's own families, counted from
// its edges as export derives them in the common cases: a couple is one family).

/** What the merge does to the kept person's kept text: the text after, and the list appended (JSON), or nulls when nothing. */
export type KeptLinesPlan = { readonly text: string | null; readonly appended: string | null };

const IDENTIFIER_TAGS: Readonly<Record<string, PersonIdentifier['kind']>> = { REFN: 'refn', AFN: 'afn', _UID: 'uid', UID: 'uid' };
const identifierKey = (x: PersonIdentifier): string => JSON.stringify([x.kind, x.value, x.type]);

/** How many families export writes for `p` as a child (FAMC) and as a partner (FAMS), from its live edges. */
const familyCounts = (p: Person, edges: readonly Relationship[]): { readonly FAMC: number; readonly FAMS: number } => {
  const asChild = new Map<string, number>();
  let partnerships = 0;
  for (const r of edges) {
    if (r.type === 'partnership' && (r.personAId === p.id || r.personBId === p.id)) partnerships += 1;
    if (r.type === 'parent_child' && r.personBId === p.id) asChild.set(r.qualifier ?? 'biological', (asChild.get(r.qualifier ?? 'biological') ?? 0) + 1);
  }
  let famc = 0;
  for (const n of asChild.values()) famc += Math.ceil(n / 2);
  return { FAMC: famc, FAMS: partnerships };
};

/** `via` with its first segment's index replaced by `at(tag, k)`. */
const rekeyed = (via: string, at: (tag: string, k: number) => number): string => {
  if (via === '' || via.startsWith('=') || via.startsWith('~')) return via;
  const dot = via.indexOf('.');
  const first = dot < 0 ? via : via.slice(0, dot);
  const hash = first.lastIndexOf('#');
  const tag = first.slice(0, hash);
  return `${tag}#${at(tag, Number(first.slice(hash + 1)))}${dot < 0 ? '' : via.slice(dot)}`;
};

/**
 * The kept person's kept text once it has taken the other's: `kept` (K before the merge, with its
 * edges before), `merged` (K as the merge writes it), the other and its edges, and both texts. The
 * kept text is extended as text (its own part unchanged, byte for byte), so undoing restores it exactly.
 */
export const planKeptLines = (
  kept: Person, merged: Person, other: Person, edges: readonly Relationship[], texts: { readonly kept: string | null; readonly other: string | null },
): KeptLinesPlan => {
  if (texts.other === null) return { text: texts.kept, appended: null };
  const theirs = JSON.parse(texts.other) as Kept[];
  if (theirs.length === 0) return { text: texts.kept, appended: null };
  const families = familyCounts(kept, edges.filter((r) => r.personAId === kept.id || r.personBId === kept.id));
  const at = (tag: string, k: number): number => {
    const kind = IDENTIFIER_TAGS[tag];
    if (kind !== undefined) {
      const mine = merged.identifiers.filter((x) => x.kind === kind).map(identifierKey);
      const it = other.identifiers.filter((x) => x.kind === kind)[k];
      const found = it === undefined ? -1 : mine.indexOf(identifierKey(it));
      return found >= 0 ? found : k + kept.identifiers.filter((x) => x.kind === kind).length;
    }
    if (tag === 'FAMC' || tag === 'FAMS') return k + families[tag];
    // A structure the person has once (SEX, RESN, NOTE): the merged person's one.
    return k;
  };
  const moved = theirs.map(([via, node, seven]): Kept => (seven === 7 ? [rekeyed(via, at), node, 7] : [rekeyed(via, at), node]));
  const appended = JSON.stringify(moved);
  const inner = appended.slice(1, -1);
  return { text: texts.kept === null ? appended : `${texts.kept.slice(0, -1)},${inner}]`, appended };
};

/**
 * The kept person's kept text with what a merge appended taken out again: exactly the text before
 * when nothing was appended since; else the appended structures' last run is cut out; else (gone
 * since) the text as it is.
 */
export const withoutAppended = (text: string | null, appended: string): string | null => {
  if (text === null) return null;
  const inner = appended.slice(1, -1);
  if (text === appended) return null;
  if (text.endsWith(`,${inner}]`)) return `${text.slice(0, text.length - inner.length - 2)}]`;
  const list = (JSON.parse(text) as Kept[]).map((k) => JSON.stringify(k));
  const run = (JSON.parse(appended) as Kept[]).map((k) => JSON.stringify(k));
  for (let i = list.length - run.length; i >= 0; i--) {
    if (run.every((k, j) => list[i + j] === k)) {
      const rest = [...list.slice(0, i), ...list.slice(i + run.length)];
      return rest.length === 0 ? null : `[${rest.join(',')}]`;
    }
  }
  return text;
};
