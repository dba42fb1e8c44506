import type { GedcomNode, PlanAssociation } from './types.js';
import { finishCitations, readCitation, type CitationDraft } from './mapping-citations.js';
import { capped, isVoid, lean, readNote, resolveText, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';

// INDI.ASSO: the person's association with another person (godparent, witness, friend). 5.5.1 names
// the role in RELA (5.5 also had `TYPE INDI`); 7.0 in ROLE, an enumeration (GODP, WITN, OTHER...),
// with a PHRASE that says it in words. The role kept is the PHRASE when there is one, else the value;
// `OTHER` alone says nothing and is kept as no role. 7.0 also puts ASSO under events (the godparents
// of a baptism): under an INDI event it is an association of that person (the model ties it to two
// persons, not to the event, so export writes it under INDI). On a FAM or its events there is no one
// person to hold it: it stays unmapped.

export type AssociationDraft = Omit<PlanAssociation, 'notes' | 'citations'> & {
  readonly notes: readonly TextPart[];
  readonly citations: readonly CitationDraft[];
};

const readRole = (node: GedcomNode, here: string, ctx: Context): string => {
  const phrase = node.children.find((c) => c.tag === 'PHRASE' && text(c) !== '');
  for (const c of node.children) if (c !== phrase) ctx.lost(`${here}.${node.tag}.${c.tag}`, c);
  if (phrase !== undefined) ctx.lostChildren(`${here}.${node.tag}.PHRASE`, phrase);
  const value = phrase !== undefined ? text(phrase) : node.tag === 'ROLE' && text(node).toUpperCase() === 'OTHER' ? '' : text(node);
  return capped(value, phrase ?? node, ctx);
};

/** One ASSO, or null (with a warning) when it points to no record. */
export const readAssociation = (node: GedcomNode, path: string, ctx: Context): AssociationDraft | null => {
  const here = `${path}.ASSO`;
  if (!node.pointer || isVoid(node)) {
    ctx.lost(here, node);
    return null;
  }
  // 5.5 `TYPE`: the kind of record pointed to; only INDI makes an association between persons.
  const type = node.children.find((c) => c.tag === 'TYPE');
  if (type !== undefined && text(type).toUpperCase() !== 'INDI') {
    ctx.lost(here, node);
    return null;
  }
  const scope = ctx.open(node);
  let role = '';
  const notes: TextPart[] = [];
  const citations: CitationDraft[] = [];
  for (const c of node.children) {
    switch (c.tag) {
      case 'RELA':
      case 'ROLE':
        if (role === '') role = readRole(c, here, ctx);
        else ctx.lost(`${here}.${c.tag}`, c);
        break;
      case 'TYPE':
        ctx.lostChildren(`${here}.TYPE`, c);
        break;
      case 'NOTE':
      case 'SNOTE': {
        const n = readNote(c, here, ctx);
        if (n !== null) notes.push(n);
        break;
      }
      case 'SOUR': {
        const cit = readCitation(c, here, ctx);
        if (cit !== null) citations.push(cit);
        break;
      }
      default:
        ctx.lost(`${here}.${c.tag}`, c);
    }
  }
  const extra = ctx.close(scope);
  return { xref: node.value ?? '', role, notes: lean(notes), citations: lean(citations), line: node.line, ...(extra === undefined ? {} : { extra }) };
};

export const finishAssociation = (a: AssociationDraft, sources: ReadonlySet<string>, notes: NoteStore, ctx: Context): PlanAssociation => ({
  ...a,
  notes: resolveText(a.notes, notes, ctx),
  citations: finishCitations(a.citations, sources, notes, ctx),
});
