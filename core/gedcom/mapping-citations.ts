import type { GedcomNode, PlanCitation, WithExtra } from './types.js';
import { isVoid, lean, readNote, resolveText, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';

/** A citation as read: its detail may still hold shared-note references, its source is checked at the end. */
export type CitationDraft = WithExtra & {
  readonly sourceXref: string | null;
  readonly inlineTitle: string | null;
  readonly page: string;
  readonly detail: readonly TextPart[];
  readonly confidence: number | null;
  readonly line: number;
};

/**
 * A SOUR substructure (under INDI, NAME, an event or FAM). A pointer cites a SOUR record; text is a
 * 5.5 inline source whose text becomes the title (its TEXT the detail). Detail: DATA.DATE, DATA.TEXT,
 * TEXT and the citation's notes, in file order, joined by blank lines at the end.
 * Null (with a warning) for `SOUR @VOID@` and an inline source with no text at all.
 */
export const readCitation = (node: GedcomNode, path: string, ctx: Context): CitationDraft | null => {
  const here = `${path}.${node.tag}`;
  const scope = ctx.open(node);
  let page = '';
  let confidence: number | null = null;
  const detail: TextPart[] = [];
  for (const c of node.children) {
    switch (c.tag) {
      case 'PAGE':
        page = text(c);
        ctx.lostChildren(`${here}.PAGE`, c);
        break;
      case 'QUAY': {
        const q = text(c);
        if (/^[0-3]$/.test(q)) confidence = Number(q);
        else if (q !== '') ctx.warn(c.line, `QUAY ${q} is not 0 to 3: the citation has no confidence`);
        ctx.lostChildren(`${here}.QUAY`, c);
        break;
      }
      case 'DATA':
        for (const d of c.children) {
          if ((d.tag === 'DATE' || d.tag === 'TEXT') && text(d) !== '') {
            detail.push(d.value ?? '');
            ctx.lostChildren(`${here}.DATA.${d.tag}`, d);
          } else if (d.tag !== 'DATE' && d.tag !== 'TEXT') ctx.lost(`${here}.DATA.${d.tag}`, d);
        }
        break;
      case 'TEXT':
        if (text(c) !== '') detail.push(c.value ?? '');
        ctx.lostChildren(`${here}.TEXT`, c);
        break;
      case 'NOTE':
      case 'SNOTE': {
        const n = readNote(c, here, ctx);
        if (n !== null) detail.push(n);
        break;
      }
      default:
        ctx.lost(`${here}.${c.tag}`, c);
    }
  }
  const kept = ctx.close(scope);
  const extra = kept === undefined ? {} : { extra: kept };
  if (isVoid(node)) {
    ctx.warn(node.line, 'SOUR @VOID@ cites no source: left out');
    return null;
  }
  if (node.pointer) return { sourceXref: node.value ?? '', inlineTitle: null, page, detail: lean(detail), confidence, line: node.line, ...extra };
  const title = text(node);
  if (title === '') {
    ctx.warn(node.line, 'SOUR without a source pointer or text: left out');
    return null;
  }
  return { sourceXref: null, inlineTitle: title, page, detail: lean(detail), confidence, line: node.line, ...extra };
};

/** The finished citation, or null (with a warning) when it points to no SOUR record of the file. */
export const finishCitation = (
  c: CitationDraft, sources: ReadonlySet<string>, notes: NoteStore, ctx: Context,
): PlanCitation | null => {
  if (c.sourceXref !== null && !sources.has(c.sourceXref)) {
    ctx.warn(c.line, `SOUR ${c.sourceXref} is not a SOUR record of this file: citation left out`);
    return null;
  }
  return { ...c, detail: resolveText(c.detail, notes, ctx) };
};

export const finishCitations = (
  cs: readonly CitationDraft[], sources: ReadonlySet<string>, notes: NoteStore, ctx: Context,
): readonly PlanCitation[] => lean(cs.flatMap((c) => finishCitation(c, sources, notes, ctx) ?? []));
