import { parentChildQualifiers, type ParentChildQualifier } from '../people/model.js';
import { PEDI_IN, type GedcomNode } from './types.js';
import { lookup, text, type Context } from './mapping-context.js';
import { ownText } from '../kernel/own-text.js';

// Parent-child links written on the INDI side (FAMC with PEDI, FAMS, ADOP.FAMC), gathered while
// reading and matched with the FAM records at the end, since either may come first in the file.

export type FamcLink = { readonly child: string; readonly fam: string; readonly line: number; readonly pedi: ParentChildQualifier | null };
export type FamsLink = { readonly person: string; readonly fam: string; readonly line: number };

/** Where the links go as they are read, in file order. */
export type Links = {
  readonly famc: { readonly push: (l: FamcLink) => unknown };
  readonly fams: { readonly push: (l: FamsLink) => unknown };
  /** Key `child\nfam` (see adoptionKey): which partners adopted. */
  readonly adoptions: Map<string, 'HUSB' | 'WIFE' | 'BOTH'>;
};

export const adoptionKey = (child: string, fam: string): string => `${child}\n${fam}`;

/** Links that go nowhere: the mapping reads them again only for its warnings (the scan indexed them). */
export const createLinks = (): Links => ({ famc: { push: () => 0 }, fams: { push: () => 0 }, adoptions: new Map() });

/** PEDI, _FREL or _MREL as a qualifier; null (with a warning when a value was there) when it is not one. */
export const pedigree = (node: GedcomNode, path: string, ctx: Context): ParentChildQualifier | null => {
  const raw = text(node).toLowerCase();
  const phrase = raw === 'other' ? node.children.find((c) => c.tag === 'PHRASE') : undefined;
  for (const c of node.children) if (c !== phrase) ctx.lost(`${path}.${node.tag}.${c.tag}`, c);
  if (raw === '') return null;
  const key = raw === 'other' ? text(phrase ?? node).toLowerCase() : raw;
  const q = lookup(PEDI_IN, key);
  if (q === undefined) ctx.warn(node.line, `${node.tag} ${text(node)}${phrase ? ` (${text(phrase)})` : ''} is not a known pedigree: left to the other rules`);
  return q ?? null;
};

/** Links by family, built once at the end. */
export type LinkIndex = {
  readonly famc: Pick<ReadonlyMap<string, ReadonlyMap<string, { readonly line: number; readonly pedi: ParentChildQualifier | null }>>, 'get'>;
  readonly fams: Pick<ReadonlyMap<string, readonly { readonly person: string; readonly line: number }[]>, 'get'>;
  readonly adoptions: ReadonlyMap<string, 'HUSB' | 'WIFE' | 'BOTH'>;
};

/** A growable column of int32 values. */
const column = () => {
  let a = new Int32Array(1024);
  return {
    get: (i: number): number => a[i]!,
    set: (i: number, v: number): void => {
      if (i >= a.length) {
        const b = new Int32Array(Math.max(a.length * 2, i + 1));
        b.set(a);
        a = b;
      }
      a[i] = v;
    },
  };
};

/** Links of one kind in columns, chained per family in file order: 16 to 20 bytes a link, not ~150 as objects in maps. */
const chains = () => {
  const head = column();
  const tail = column();
  const next = column();
  const who = column();
  const line = column();
  const extra = column();
  let links = 0;
  let families = 0;
  return {
    newFamily: (): number => {
      head.set(families, -1);
      return families++;
    },
    push: (fam: number, person: number, at: number, more: number): void => {
      const i = links++;
      who.set(i, person);
      line.set(i, at);
      extra.set(i, more);
      next.set(i, -1);
      if (head.get(fam) === -1) head.set(fam, i);
      else next.set(tail.get(fam), i);
      tail.set(fam, i);
    },
    /** The links of a family in file order. */
    each: (fam: number, f: (person: number, at: number, more: number) => void): void => {
      for (let i = head.get(fam); i !== -1; i = next.get(i)) f(who.get(i), line.get(i), extra.get(i));
    },
    drop: (fam: number): void => head.set(fam, -1),
  };
};

/**
 * Links indexed by family as they are read, in columns of numbers (a 1,000,000-person file has some
 * 1.5 million: as objects in maps they took 150 MB). Persons are numbered by the scan, families as
 * first seen; `get` rebuilds one family's links when its FAM record is mapped. `finish`, once every FAM xref
 * is known, leaves out with a warning each FAMC/FAMS naming a family the file does not have.
 */
export const createLinkIndex = (persons: {
  /** The number of the person whose record is being read (the links are its own). */
  readonly numberOf: (xref: string) => number;
  readonly xrefOf: (n: number) => string;
}): {
  readonly links: Links;
  readonly finish: (families: ReadonlySet<string> | ReadonlyMap<string, unknown>, ctx: Context) => LinkIndex;
  /** Families named by a link so far (FAM records or not), and links held: what the index costs. */
  readonly held: () => { readonly families: number; readonly links: number };
} => {
  // One number per family, the same in both chains (they number families in step).
  const famNums = new Map<string, number>();
  const famc = chains();
  const fams = chains();
  const adoptions = new Map<string, 'HUSB' | 'WIFE' | 'BOTH'>();
  const famOf = (xref: string): number => {
    let f = famNums.get(xref);
    if (f === undefined) {
      f = famc.newFamily();
      fams.newFamily();
      famNums.set(ownText(xref), f);
    }
    return f;
  };
  const personOf = persons.numberOf;
  // PEDI as a number: 0 for none, else 1 + its place in parentChildQualifiers.
  const pediCode = (q: ParentChildQualifier | null): number => (q === null ? 0 : 1 + parentChildQualifiers.indexOf(q));
  let held = 0;
  const links: Links = {
    famc: { push: (l) => (held++, famc.push(famOf(l.fam), personOf(l.child), l.line, pediCode(l.pedi))) },
    fams: { push: (l) => (held++, fams.push(famOf(l.fam), personOf(l.person), l.line, 0)) },
    adoptions,
  };
  const index: LinkIndex = {
    famc: {
      get: (xref) => {
        const f = famNums.get(xref);
        if (f === undefined) return undefined;
        const byChild = new Map<string, { line: number; pedi: ParentChildQualifier | null }>();
        famc.each(f, (child, line, code) => {
          const key = persons.xrefOf(child);
          const pedi = code === 0 ? null : parentChildQualifiers[code - 1]!;
          const seen = byChild.get(key);
          if (seen === undefined) byChild.set(key, { line, pedi });
          else if (seen.pedi === null && pedi !== null) byChild.set(key, { line: seen.line, pedi });
        });
        return byChild.size === 0 ? undefined : byChild;
      },
    },
    fams: {
      get: (xref) => {
        const f = famNums.get(xref);
        if (f === undefined) return undefined;
        const list: { person: string; line: number }[] = [];
        fams.each(f, (person, line) => list.push({ person: persons.xrefOf(person), line }));
        return list.length === 0 ? undefined : list;
      },
    },
    adoptions,
  };
  const finish = (families: ReadonlySet<string> | ReadonlyMap<string, unknown>, ctx: Context): LinkIndex => {
    for (const [fam, f] of famNums) {
      if (families.has(fam)) continue;
      famc.each(f, (_, line) => ctx.warn(line, `FAMC ${fam} is not a FAM record of this file: link left out`));
      fams.each(f, (_, line) => ctx.warn(line, `FAMS ${fam} is not a FAM record of this file: link left out`));
      famc.drop(f);
      fams.drop(f);
    }
    return index;
  };
  return { links, finish, held: () => ({ families: famNums.size, links: held + adoptions.size }) };
};
