import type { ParentChildQualifier } from '../people/model.js';
import { PEDI_IN, type GedcomNode } from './types.js';
import { lookup, text, type Context } from './mapping-context.js';

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
  readonly famc: ReadonlyMap<string, ReadonlyMap<string, { readonly line: number; readonly pedi: ParentChildQualifier | null }>>;
  readonly fams: ReadonlyMap<string, readonly { readonly person: string; readonly line: number }[]>;
  readonly adoptions: ReadonlyMap<string, 'HUSB' | 'WIFE' | 'BOTH'>;
};

/**
 * Links indexed by family as they are read (a 1,000,000-person file has some 1.5 million: holding them
 * as read and indexing them at the end needed both at once). `finish`, once every FAM xref is known,
 * leaves out with a warning each FAMC/FAMS naming a family the file does not have.
 */
export const createLinkIndex = (): { readonly links: Links; readonly finish: (families: ReadonlySet<string> | ReadonlyMap<string, unknown>, ctx: Context) => LinkIndex } => {
  const famc = new Map<string, Map<string, { line: number; pedi: ParentChildQualifier | null }>>();
  const fams = new Map<string, { person: string; line: number }[]>();
  const adoptions = new Map<string, 'HUSB' | 'WIFE' | 'BOTH'>();
  const links: Links = {
    famc: {
      push: (l) => {
        let byChild = famc.get(l.fam);
        if (byChild === undefined) {
          byChild = new Map();
          famc.set(l.fam, byChild);
        }
        const seen = byChild.get(l.child);
        if (seen === undefined) byChild.set(l.child, { line: l.line, pedi: l.pedi });
        else if (seen.pedi === null && l.pedi !== null) byChild.set(l.child, { line: seen.line, pedi: l.pedi });
      },
    },
    fams: {
      push: (l) => {
        const list = fams.get(l.fam);
        if (list === undefined) fams.set(l.fam, [{ person: l.person, line: l.line }]);
        else list.push({ person: l.person, line: l.line });
      },
    },
    adoptions,
  };
  const finish = (families: ReadonlySet<string> | ReadonlyMap<string, unknown>, ctx: Context): LinkIndex => {
    for (const [fam, byChild] of famc) {
      if (families.has(fam)) continue;
      for (const l of byChild.values()) ctx.warn(l.line, `FAMC ${fam} is not a FAM record of this file: link left out`);
      famc.delete(fam);
    }
    for (const [fam, list] of fams) {
      if (families.has(fam)) continue;
      for (const l of list) ctx.warn(l.line, `FAMS ${fam} is not a FAM record of this file: link left out`);
      fams.delete(fam);
    }
    return { famc, fams, adoptions };
  };
  return { links, finish };
};
