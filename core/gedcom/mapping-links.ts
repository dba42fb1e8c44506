import type { ParentChildQualifier } from '../people/model.js';
import { PEDI_IN, type GedcomNode } from './types.js';
import { lookup, text, type Context } from './mapping-context.js';

// Parent-child links written on the INDI side (FAMC with PEDI, FAMS, ADOP.FAMC), gathered while
// reading and matched with the FAM records at the end, since either may come first in the file.

/** The links as read, in file order. */
export type Links = {
  readonly famc: { readonly child: string; readonly fam: string; readonly line: number; readonly pedi: ParentChildQualifier | null }[];
  readonly fams: { readonly person: string; readonly fam: string; readonly line: number }[];
  /** Key `child\nfam` (see adoptionKey): which partners adopted. */
  readonly adoptions: Map<string, 'HUSB' | 'WIFE' | 'BOTH'>;
};

export const adoptionKey = (child: string, fam: string): string => `${child}\n${fam}`;

export const createLinks = (): Links => ({ famc: [], fams: [], adoptions: new Map() });

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

/** Indexes the INDI-side links; a FAMC/FAMS naming a family the file does not have is a warning. */
export const indexLinks = (links: Links, families: ReadonlySet<string>, ctx: Context): LinkIndex => {
  const famc = new Map<string, Map<string, { line: number; pedi: ParentChildQualifier | null }>>();
  for (const l of links.famc) {
    if (!families.has(l.fam)) {
      ctx.warn(l.line, `FAMC ${l.fam} is not a FAM record of this file: link left out`);
      continue;
    }
    const byChild = famc.get(l.fam) ?? new Map();
    famc.set(l.fam, byChild);
    const seen = byChild.get(l.child);
    if (seen === undefined) byChild.set(l.child, { line: l.line, pedi: l.pedi });
    else if (seen.pedi === null && l.pedi !== null) byChild.set(l.child, { line: seen.line, pedi: l.pedi });
  }
  const fams = new Map<string, { person: string; line: number }[]>();
  for (const l of links.fams) {
    if (!families.has(l.fam)) {
      ctx.warn(l.line, `FAMS ${l.fam} is not a FAM record of this file: link left out`);
      continue;
    }
    const list = fams.get(l.fam) ?? [];
    fams.set(l.fam, list);
    list.push({ person: l.person, line: l.line });
  }
  return { famc, fams, adoptions: links.adoptions };
};
