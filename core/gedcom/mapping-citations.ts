import type { GedcomNode, KeptNode, PlanCitation, WithExtra } from './types.js';
import { detailForm, parseKept, placeForm } from './extensions.js';
import { isVoid, lean, readNote, resolveText, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';

/** A citation as read: its detail may still hold shared-note references, its source is checked at the end. */
export type CitationDraft = WithExtra & {
  readonly sourceXref: string | null;
  readonly inlineTitle: string | null;
  readonly page: string;
  readonly detail: readonly TextPart[];
  /**
   * How the detail was written when not as one DATA.TEXT (a TEXT under the citation, several
   * DATA.TEXT): its TEXT and DATA structures in file order, each DATA with its TEXTs only.
   */
  readonly shape?: { readonly nodes: readonly KeptNode[]; readonly seven: boolean };
  /** Written under the event's PLAC (a place form: extensions.ts). */
  readonly underPlace?: true;
  readonly entryDate?: string;
  readonly notes?: readonly TextPart[];
  readonly confidence: number | null;
  readonly line: number;
};

/**
 * A SOUR substructure (under INDI, NAME, an event or FAM). A pointer cites a SOUR record; text is a
 * 5.5 inline source whose text becomes the title (its TEXT the detail). Detail: DATA.TEXT and TEXT,
 * in file order, joined by blank lines at the end; DATA.DATE is the entry date (a second one is kept
 * verbatim), the NOTEs the citation's notes.
 * Null for `SOUR @VOID@` (kept as written) and, with a warning, an inline source with no text at all.
 */
export const readCitation = (node: GedcomNode, path: string, ctx: Context): CitationDraft | null => {
  const here = `${path}.${node.tag}`;
  // 7.0 `SOUR @VOID@` cites a source not in the file: no citation, kept as written (with its PAGE...).
  if (isVoid(node)) {
    ctx.lost(here, node);
    return null;
  }
  const scope = ctx.open(node);
  let page = '';
  let confidence: number | null = null;
  const detail: TextPart[] = [];
  const notes: TextPart[] = [];
  let entryDate = '';
  // How the detail's parts were written (CitationDraft.shape): needed when not as one DATA.TEXT.
  const shape: KeptNode[] = [];
  let direct = false;
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
      case 'DATA': {
        const texts: KeptNode[] = [];
        for (const d of c.children) {
          if (d.tag === 'TEXT' && text(d) !== '') {
            detail.push(d.value ?? '');
            texts.push(['TEXT', d.value ?? '', 0, []]);
            ctx.lostChildren(`${here}.DATA.${d.tag}`, d);
          } else if (d.tag === 'DATE' && entryDate === '' && dateText(d) !== '') {
            // 7.0: a date that is not one is an empty DATE with its PHRASE (as export writes it).
            entryDate = dateText(d);
            for (const p of d.children) if (text(d) !== '' || p.tag !== 'PHRASE') ctx.lost(`${here}.DATA.DATE.${p.tag}`, p);
          } else ctx.lost(`${here}.DATA.${d.tag}`, d);
        }
        if (texts.length > 0) shape.push(['DATA', null, 0, texts]);
        break;
      }
      case 'TEXT':
        if (text(c) !== '') {
          detail.push(c.value ?? '');
          shape.push(['TEXT', c.value ?? '', 0, []]);
          direct = true;
        }
        ctx.lostChildren(`${here}.TEXT`, c);
        break;
      case 'NOTE':
      case 'SNOTE': {
        const n = readNote(c, here, ctx);
        if (n !== null) notes.push(n);
        break;
      }
      default:
        ctx.lost(`${here}.${c.tag}`, c);
    }
  }
  const kept = ctx.close(scope);
  const several = direct || shape.length > 1 || (shape.length === 1 && shape[0]![3].length > 1);
  const extra = {
    ...(kept === undefined ? {} : { extra: kept }),
    ...(several ? { shape: { nodes: shape, seven: ctx.seven() } } : {}),
    ...(entryDate === '' ? {} : { entryDate }),
    ...(notes.length === 0 ? {} : { notes: lean(notes) }),
  };
  if (node.pointer) return { sourceXref: node.value ?? '', inlineTitle: null, page, detail: lean(detail), confidence, line: node.line, ...extra };
  const title = text(node);
  if (title === '') {
    ctx.warn(node.line, 'SOUR without a source pointer or text: left out');
    return null;
  }
  return { sourceXref: null, inlineTitle: title, page, detail: lean(detail), confidence, line: node.line, ...extra };
};

/** A DATE's text, or the PHRASE of an empty one. */
const dateText = (d: GedcomNode): string => {
  const v = text(d);
  if (v !== '') return v;
  const phrase = d.children.find((p) => p.tag === 'PHRASE');
  return phrase === undefined ? '' : text(phrase);
};

/** The finished citation, or null (with a warning) when it points to no SOUR record of the file. */
export const finishCitation = (
  c: CitationDraft, sources: ReadonlySet<string>, notes: NoteStore, ctx: Context,
): PlanCitation | null => {
  if (c.sourceXref !== null && !sources.has(c.sourceXref)) {
    ctx.warn(c.line, `SOUR ${c.sourceXref} is not a SOUR record of this file: citation left out`);
    return null;
  }
  const { notes: parts, shape, underPlace, ...rest } = c;
  const text = parts === undefined ? '' : resolveText(parts, notes, ctx);
  const detail = resolveText(c.detail, notes, ctx);
  // The detail's shape as a structure form, bound to the detail (writer-events.ts putCitation), and
  // whether it was under the event's PLAC (a place form).
  const forms = [...(shape === undefined ? [] : [detailForm(shape.nodes, detail, shape.seven)]), ...(underPlace === true ? [placeForm()] : [])];
  const form = forms.length === 0 ? undefined : JSON.stringify([...(rest.extra === undefined ? [] : parseKept(rest.extra)), ...forms]);
  return { ...rest, ...(form === undefined ? {} : { extra: form }), detail, ...(text === '' ? {} : { notes: text }) };
};

export const finishCitations = (
  cs: readonly CitationDraft[], sources: ReadonlySet<string>, notes: NoteStore, ctx: Context,
): readonly PlanCitation[] => lean(cs.flatMap((c) => finishCitation(c, sources, notes, ctx) ?? []));
