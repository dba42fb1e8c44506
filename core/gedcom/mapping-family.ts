import type { ParentChildQualifier } from '../people/model.js';
import type { GedcomNode, PlanChild, PlanFamily, WithExtra } from './types.js';
import { finishCitations, readCitation, type CitationDraft } from './mapping-citations.js';
import { isVoid, lean, readNote, resolveText, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';
import { familyEventKind, finishEvent, readEvent, type EventDraft } from './mapping-events.js';
import { adoptionKey, pedigree, type LinkIndex } from './mapping-links.js';

// Families. Choices the SPEC leaves open:
// - Partners: the first HUSB, then the first WIFE (a second one is left out with a warning). A
//   person whose FAMS names the family but whom the family does not list fills a free HUSB (else
//   WIFE) place, as a child listed on one side only does; when both places are taken it is a warning.
// - A child's qualifier for each partner: that partner's `_FREL` (HUSB) / `_MREL` (WIFE) under CHIL,
//   else the child's FAMC.PEDI for the family (7.0 `OTHER` + PHRASE), else an ADOP event with
//   FAMC + ADOP HUSB|WIFE|BOTH (no ADOP line: BOTH) for that partner, else biological. The
//   per-partner value wins over PEDI because it says more. Unknown values are warnings and fall
//   through to the next rule. An ADOP event's FAMC also links the child to the family.
// - Family events: MARR, DIV, ENGA, the custom family tags, EVEN/FACT, NCHI, and every other
//   EVENT_TAGS tag (RESI and CENS are GEDCOM family attributes; export writes any built-in type there).

type Partner = { readonly xref: string; readonly line: number };
type ChildDraft = { readonly xref: string; readonly line: number; frel: ParentChildQualifier | null; mrel: ParentChildQualifier | null };

export type FamilyDraft = WithExtra & {
  readonly xref: string;
  readonly line: number;
  readonly husb: Partner | null;
  readonly wife: Partner | null;
  readonly children: readonly ChildDraft[];
  readonly events: readonly EventDraft[];
  readonly notes: readonly TextPart[];
  readonly citations: readonly CitationDraft[];
};

const pointerTo = (node: GedcomNode, path: string, ctx: Context): string | null => {
  if (node.pointer && !isVoid(node)) {
    ctx.lostChildren(`${path}.${node.tag}`, node);
    return node.value ?? '';
  }
  // 7.0 @VOID@ says "a person not in this file"; anything else is not a pointer. Kept as written.
  if (!isVoid(node)) ctx.warn(node.line, `${node.tag} ${text(node) || '(empty)'} points to no record: kept as written, linking nothing`);
  ctx.lost(`${path}.${node.tag}`, node);
  return null;
};

export const readFamily = (record: GedcomNode, xref: string, ctx: Context): FamilyDraft => {
  const path = record.tag;
  const scope = ctx.open(record);
  let husb: Partner | null = null;
  let wife: Partner | null = null;
  const children = new Map<string, ChildDraft>();
  const events: EventDraft[] = [];
  const notes: TextPart[] = [];
  const citations: CitationDraft[] = [];
  // A family of one partner (or none) makes no partnership row to hold its notes: they are kept as
  // written (on the family's kept lines, which go on its first child's edge: import-build.ts).
  const couple = record.children.filter((c) => (c.tag === 'HUSB' || c.tag === 'WIFE') && c.pointer && !isVoid(c)).length >= 2;
  for (const c of record.children) {
    const kind = familyEventKind(c.tag);
    if (kind !== null) {
      events.push(readEvent(c, path, kind, ctx));
      continue;
    }
    switch (c.tag) {
      case 'HUSB':
      case 'WIFE': {
        const to = pointerTo(c, path, ctx);
        if (to === null) break;
        if ((c.tag === 'HUSB' ? husb : wife) !== null) ctx.warn(c.line, `a second ${c.tag} in one family: ${to} left out of ${xref}`);
        else if (c.tag === 'HUSB') husb = { xref: to, line: c.line };
        else wife = { xref: to, line: c.line };
        break;
      }
      case 'CHIL': {
        if (!c.pointer || isVoid(c)) {
          pointerTo(c, path, ctx);
          break;
        }
        const to = c.value ?? '';
        const child = children.get(to) ?? { xref: to, line: c.line, frel: null, mrel: null };
        children.set(to, child);
        for (const s of c.children) {
          if (s.tag === '_FREL') child.frel ??= pedigree(s, `${path}.CHIL`, ctx);
          else if (s.tag === '_MREL') child.mrel ??= pedigree(s, `${path}.CHIL`, ctx);
          else ctx.lost(`${path}.CHIL.${s.tag}`, s);
        }
        break;
      }
      case 'NOTE':
      case 'SNOTE': {
        if (!couple) {
          ctx.lost(`${path}.${c.tag}`, c);
          break;
        }
        const n = readNote(c, path, ctx);
        if (n !== null) notes.push(n);
        break;
      }
      case 'SOUR': {
        const cit = readCitation(c, path, ctx);
        if (cit !== null) citations.push(cit);
        break;
      }
      default:
        ctx.lost(`${path}.${c.tag}`, c);
    }
  }
  const extra = ctx.close(scope);
  return {
    xref, line: record.line, husb, wife, children: lean([...children.values()]), events: lean(events), notes: lean(notes), citations: lean(citations),
    ...(extra === undefined ? {} : { extra }),
  };
};

type Role = { readonly xref: string; readonly role: 'HUSB' | 'WIFE' };

const partnersOf = (f: FamilyDraft, index: LinkIndex, persons: { has(xref: string): boolean }, ctx: Context): Role[] => {
  const roles: Role[] = [];
  for (const [p, role] of [[f.husb, 'HUSB'], [f.wife, 'WIFE']] as const) {
    if (p === null) continue;
    if (persons.has(p.xref)) roles.push({ xref: p.xref, role });
    else ctx.warn(p.line, `${role} ${p.xref} is not an INDI record of this file: left out of ${f.xref}`);
  }
  for (const l of index.fams.get(f.xref) ?? []) {
    if (roles.some((r) => r.xref === l.person)) continue;
    if (roles.length >= 2) {
      ctx.warn(l.line, `FAMS ${f.xref}: the family has two other partners, so ${l.person} is left out of it`);
      continue;
    }
    const role = roles.some((r) => r.role === 'HUSB') ? 'WIFE' : 'HUSB';
    if (role === 'HUSB') roles.unshift({ xref: l.person, role });
    else roles.push({ xref: l.person, role });
  }
  return roles;
};

export const finishFamily = (
  f: FamilyDraft, index: LinkIndex, persons: { has(xref: string): boolean }, sources: ReadonlySet<string>, notes: NoteStore, ctx: Context,
): PlanFamily => {
  const roles = partnersOf(f, index, persons, ctx);
  const listed = new Map<string, { line: number; frel: ParentChildQualifier | null; mrel: ParentChildQualifier | null }>(
    f.children.map((c) => [c.xref, c]),
  );
  const famc = index.famc.get(f.xref);
  for (const [child, l] of famc ?? []) if (!listed.has(child)) listed.set(child, { line: l.line, frel: null, mrel: null });
  const children: PlanChild[] = [];
  for (const [xref, c] of listed) {
    if (!persons.has(xref)) {
      ctx.warn(c.line, `CHIL ${xref} is not an INDI record of this file: left out of ${f.xref}`);
      continue;
    }
    const pedi = famc?.get(xref)?.pedi ?? null;
    const adopted = index.adoptions.get(adoptionKey(xref, f.xref));
    const qualifiers = roles.map(({ role }): ParentChildQualifier =>
      (role === 'HUSB' ? c.frel : c.mrel) ?? pedi ?? (adopted === 'BOTH' || adopted === role ? 'adoptive' : 'biological'));
    children.push({ xref, qualifiers });
  }
  return {
    xref: f.xref,
    line: f.line,
    partners: roles.map((r) => r.xref),
    children: lean(children),
    events: lean(f.events.map((e) => finishEvent(e, sources, notes, ctx))),
    notes: resolveText(f.notes, notes, ctx),
    citations: finishCitations(f.citations, sources, notes, ctx),
    ...(f.extra === undefined ? {} : { extra: f.extra }),
  };
};
