import type { NameType } from '../people/model.js';
import { NAME_TYPES_IN, type GedcomNode, type PlanName, type WithExtra } from './types.js';
import { finishCitations, readCitation, type CitationDraft } from './mapping-citations.js';
import { lean, lookup, readNote, resolveText, squash, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';
import { structureForm } from './extensions.js';

// Names. Choices the SPEC leaves open:
// - `Given /Surname/ Suffix`: the first pair of slashes delimits the surname; no slash: all given name.
// - GIVN and SURN replace the parts of the value when present. NPFX, SPFX and NSFX (else the text
//   after the surname) are the name's prefix, surname prefix and suffix, kept apart: a given name
//   that starts with the prefix or ends with the suffix (`Dr. John /Smith/` with NPFX `Dr.`), and a
//   surname that starts with the surname prefix (`/van Dijk/` with SPFX `van`), lose those words, so
//   the export writes each part once and the surname stays what people search and group by.
// - The primary name is the first NAME of type birth or maiden, else the first NAME. Alternates made
//   from NICK, _MARNM, ALIA and _AKA are never primary.

export type NameDraft = WithExtra & {
  readonly nameType: NameType;
  /** null: take the given name of the primary name (a `_MARNM` that gives only a surname). */
  readonly givenName: string | null;
  readonly surname: string;
  /** NPFX, NSFX (or the value's text after the surname), SPFX: '' when absent. */
  readonly prefix: string;
  readonly suffix: string;
  readonly surnamePrefix: string;
  /** Made from a NAME structure (so it may be primary), not from NICK/_MARNM/ALIA. */
  readonly fromName: boolean;
  /** NAME.NOTE: the notes of a name made from a NAME structure (its alternates have none). */
  readonly notes: readonly TextPart[];
  readonly citations: readonly CitationDraft[];
};

const split = (value: string): { given: string; surname: string; suffix: string; slashed: boolean } => {
  const i = value.indexOf('/');
  if (i < 0) return { given: squash(value), surname: '', suffix: '', slashed: false };
  const j = value.indexOf('/', i + 1);
  return {
    given: squash(value.slice(0, i)),
    surname: squash(j < 0 ? value.slice(i + 1) : value.slice(i + 1, j)),
    suffix: j < 0 ? '' : squash(value.slice(j + 1)),
    slashed: true,
  };
};

const words = (s: string): string[] => s.toLowerCase().split(' ');
const startsWith = (s: string, part: string): boolean => words(part).every((w, i) => words(s)[i] === w);
const endsWith = (s: string, part: string): boolean => {
  const a = words(s).reverse();
  return words(part).reverse().every((w, i) => a[i] === w);
};
/** `s` without the words of `part` at its start (or, `atEnd`, its end) when it has them there; else `s`. */
const without = (s: string, part: string, atEnd: boolean): string => {
  if (part === '' || !(atEnd ? endsWith(s, part) : startsWith(s, part))) return s;
  const all = s.split(' ');
  const n = part.split(' ').length;
  return (atEnd ? all.slice(0, all.length - n) : all.slice(n)).join(' ');
};
const noParts = { prefix: '', suffix: '', surnamePrefix: '' } as const;

/** NAME.TYPE (5.5.1 lower case, 7.0 upper case; `OTHER` + PHRASE): missing -> birth, unknown -> other. */
const nameType = (node: GedcomNode | undefined, path: string, ctx: Context, bare = false): NameType => {
  if (node === undefined) return 'birth';
  const raw = text(node).toLowerCase();
  // A TYPE that says what no TYPE says (birth) adds nothing to the name, but the file said it
  // (Gramps writes it on every name): kept verbatim, so export writes it back.
  if ((raw === 'birth' || raw === '') && node.children.length === 0) {
    ctx.lost(`${path}.TYPE`, node);
    return 'birth';
  }
  const phrase = raw === 'other' ? node.children.find((c) => c.tag === 'PHRASE') : undefined;
  for (const c of node.children) if (c !== phrase) ctx.lost(`${path}.TYPE.${c.tag}`, c);
  if (raw === '') return 'birth';
  if (raw === 'other') {
    const said = phrase === undefined ? undefined : lookup(NAME_TYPES_IN, text(phrase).toLowerCase());
    // A PHRASE that names no type of ours ("Pet name") is kept as written: export writes it back.
    if (phrase !== undefined && said === undefined) ctx.lost(`${path}.TYPE.PHRASE`, phrase);
    return said ?? 'other';
  }
  const known = lookup(NAME_TYPES_IN, raw);
  // A NAME of TYPE nickname that is a given name alone (`bare`) keeps its TYPE as written: export
  // then writes it as a NAME again (such a nickname without it, from a NICK, is NICK of the primary name).
  if (known === 'nickname' && bare) ctx.lost(`${path}.TYPE`, node);
  if (known !== undefined) return known;
  ctx.warn(node.line, `NAME TYPE ${text(node)} is not a known name type: imported as other`);
  return 'other';
};

/** A `_MARNM` value: a full `Given /Surname/`, or a surname alone (then the primary name's given name). */
export const marriedName = (node: GedcomNode, path: string, ctx: Context): NameDraft | null => {
  ctx.lostChildren(`${path}.${node.tag}`, node);
  const value = text(node);
  if (value === '') return null;
  const p = split(value);
  const given = p.slashed ? p.given : '';
  return {
    nameType: 'married', givenName: given === '' ? null : given, surname: p.slashed ? p.surname : squash(value), ...noParts, suffix: p.suffix,
    fromName: false, notes: lean([]), citations: lean([]),
  };
};

/** The fields of a name a structure form is bound to (extensions.ts): export writes the form while they are these. */
export const nameFields = (n: { readonly nameType: string; readonly givenName: string; readonly surname: string; readonly prefix: string; readonly suffix: string; readonly surnamePrefix: string; readonly notes: string }): string =>
  [n.nameType, n.givenName, n.surname, n.prefix, n.suffix, n.surnamePrefix, n.notes].join('\u001f');

/**
 * ALIA/_AKA with text (a pointer to another INDI is an association, not a name: not used). An ALIA
 * keeps its structure (a structure form: export writes `ALIA <text>` again while the name is as read).
 */
export const aliasName = (node: GedcomNode, path: string, ctx: Context): NameDraft | null => {
  if (node.pointer || text(node) === '') {
    ctx.lost(`${path}.${node.tag}`, node);
    return null;
  }
  ctx.lostChildren(`${path}.${node.tag}`, node);
  const p = split(text(node));
  const name = { nameType: 'alias', givenName: p.given, surname: p.surname, ...noParts, suffix: p.suffix, fromName: false, notes: lean([]), citations: lean([]) } as const;
  if (node.tag !== 'ALIA') return name;
  // A text ALIA is a 5.x structure (7.0's ALIA is a pointer): a 7.0 export writes the name as NAME.
  return { ...name, extra: structureForm({ ...node, children: [] }, nameFields({ ...name, notes: '' }), false) };
};

/** One NAME structure: the name itself, then its NICK, _MARNM and _AKA alternates. */
export const readName = (node: GedcomNode, path: string, ctx: Context): NameDraft[] => {
  const here = `${path}.NAME`;
  const scope = ctx.open(node);
  const v = split(node.value ?? '');
  const sub: Partial<Record<'GIVN' | 'SURN' | 'NPFX' | 'SPFX' | 'NSFX', string>> = {};
  const alternates: NameDraft[] = [];
  const citations: CitationDraft[] = [];
  const notes: TextPart[] = [];
  let typeNode: GedcomNode | undefined;
  for (const c of node.children) {
    switch (c.tag) {
      case 'GIVN': case 'SURN': case 'NPFX': case 'SPFX': case 'NSFX':
        if (text(c) !== '') sub[c.tag] = squash(text(c));
        ctx.lostChildren(`${here}.${c.tag}`, c);
        break;
      case 'TYPE':
        if (typeNode === undefined) typeNode = c;
        else ctx.lost(`${here}.TYPE`, c);
        break;
      case 'NICK':
        if (text(c) !== '') alternates.push({ nameType: 'nickname', givenName: squash(text(c)), surname: '', ...noParts, fromName: false, notes: lean([]), citations: lean([]) });
        ctx.lostChildren(`${here}.NICK`, c);
        break;
      case '_MARNM': {
        const m = marriedName(c, here, ctx);
        if (m !== null) alternates.push(m);
        break;
      }
      case '_AKA': {
        const a = aliasName(c, here, ctx);
        if (a !== null) alternates.push(a);
        break;
      }
      case 'SOUR': {
        const cit = readCitation(c, here, ctx);
        if (cit !== null) citations.push(cit);
        break;
      }
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
  const prefix = sub.NPFX ?? '';
  const suffix = sub.NSFX ?? v.suffix;
  const surnamePrefix = sub.SPFX ?? '';
  const given = without(without(sub.GIVN ?? v.given, prefix, false), suffix, true);
  const surname = without(sub.SURN ?? v.surname, surnamePrefix, false);
  const bare = given !== '' && surname === '' && prefix === '' && suffix === '' && surnamePrefix === '' && notes.length === 0 && citations.length === 0;
  const type = nameType(typeNode, here, ctx, bare);
  const extra = ctx.close(scope);
  return [{
    nameType: type, givenName: given, surname, prefix, suffix, surnamePrefix, fromName: true, notes: lean(notes), citations: lean(citations),
    ...(extra === undefined ? {} : { extra }),
  }, ...alternates];
};

/** Exactly one primary; a person without any NAME gets one empty birth name first. */
export const finishNames = (
  drafts: readonly NameDraft[], sources: ReadonlySet<string>, notes: NoteStore, ctx: Context,
): PlanName[] => {
  const all: readonly NameDraft[] = drafts.some((d) => d.fromName)
    ? drafts
    : [{ nameType: 'birth', givenName: '', surname: '', ...noParts, fromName: true, notes: lean([]), citations: lean([]) }, ...drafts];
  const primary = all.find((d) => d.fromName && (d.nameType === 'birth' || d.nameType === 'maiden')) ?? all.find((d) => d.fromName);
  const primaryGiven = primary?.givenName ?? '';
  return all.map((d) => ({
    nameType: d.nameType,
    givenName: d.givenName ?? primaryGiven,
    surname: d.surname,
    prefix: d.prefix,
    suffix: d.suffix,
    surnamePrefix: d.surnamePrefix,
    isPrimary: d === primary,
    notes: resolveText(d.notes, notes, ctx),
    citations: finishCitations(d.citations, sources, notes, ctx),
    ...(d.extra === undefined ? {} : { extra: d.extra }),
  }));
};
