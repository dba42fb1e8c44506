import type { ParentChildQualifier, PersonIdentifier, PersonPrivacy, Sex } from '../people/model.js';
import type { GedcomNode, PlanPerson, WithExtra } from './types.js';
import { finishCitations, readCitation, type CitationDraft } from './mapping-citations.js';
import { isVoid, lean, readNote, resolveText, text, type Context, type NoteStore, type TextPart } from './mapping-context.js';
import { finishEvent, individualEventKind, readEvent, type EventDraft } from './mapping-events.js';
import { adoptionKey, pedigree, type Links } from './mapping-links.js';
import { aliasName, finishNames, marriedName, readName, type NameDraft } from './mapping-names.js';
import { finishAssociation, readAssociation, type AssociationDraft } from './mapping-associations.js';
import { isIdentifier, readIdentifier } from './mapping-identifiers.js';
import { finishMediaLinks, type EventObje, type MediaStore } from './mapping-media.js';
import { ownText } from '../kernel/own-text.js';

export type PersonDraft = WithExtra & {
  readonly xref: string;
  readonly line: number;
  readonly sex: Sex | null;
  readonly privacy: PersonPrivacy;
  readonly notes: readonly TextPart[];
  readonly names: readonly NameDraft[];
  readonly events: readonly EventDraft[];
  readonly citations: readonly CitationDraft[];
  /** INDI.OBJE and event OBJE substructures, mapped once every OBJE record is in (mapping-media.ts). */
  readonly media: readonly (GedcomNode | EventObje)[];
  readonly identifiers: readonly PersonIdentifier[];
  readonly associations: readonly AssociationDraft[];
};

const NO_FAMILIES: ReadonlySet<string> = new Set();

/** SLGC.FAMC: the family the child was sealed to, which makes it a child of that family like INDI.FAMC (7.0 `@VOID@`: none). */
export const sealingFamc = (node: GedcomNode, child: string, path: string, ctx: Context, links: Links): boolean => {
  if (node.tag !== 'FAMC') return false;
  ctx.lostChildren(`${path}.SLGC.FAMC`, node);
  if (node.pointer && !isVoid(node)) links.famc.push({ child, fam: node.value ?? '', line: node.line, pedi: null });
  else if (!isVoid(node)) ctx.warn(node.line, `FAMC ${text(node) || '(empty)'} of a child sealing points to no family: left out`);
  return true;
};

export const readSex = (node: GedcomNode, ctx: Context): Sex | null => {
  const v = text(node).toUpperCase();
  if (v === 'M') return 'male';
  if (v === 'F') return 'female';
  // U (unknown), 7.0's X (neither) and no value say what an unset sex says; either way the line is kept as written.
  if (v !== 'U' && v !== 'X' && v !== '') ctx.warn(node.line, `SEX ${text(node) || '(empty)'} is neither M nor F: sex left unset`);
  return null;
};

/** RESN (a list in 7.0): confidential or privacy makes the person private; locked alone changes nothing. */
const readResn = (node: GedcomNode, ctx: Context): PersonPrivacy => {
  const values = text(node).toLowerCase().split(/[\s,]+/).filter((v) => v !== '');
  for (const v of values) {
    if (v !== 'confidential' && v !== 'privacy' && v !== 'locked') ctx.warn(node.line, `RESN ${v} is not a known restriction: left out`);
  }
  return values.includes('confidential') || values.includes('privacy') ? 'private' : 'default';
};

/** INDI.FAMC: a link to the family the person is a child of, with its PEDI. */
export const readFamc = (node: GedcomNode, child: string, path: string, ctx: Context, links: Links): void => {
  if (!node.pointer || isVoid(node)) {
    // 7.0 @VOID@ says "a family not in this file"; anything else is not a pointer. Kept as written.
    if (!isVoid(node)) ctx.warn(node.line, `FAMC ${text(node) || '(empty)'} points to no family: kept as written, linking nothing`);
    ctx.lost(`${path}.FAMC`, node);
    return;
  }
  let pedi: ParentChildQualifier | null = null;
  for (const c of node.children) {
    if (c.tag === 'PEDI') pedi ??= pedigree(c, `${path}.FAMC`, ctx);
    else ctx.lost(`${path}.FAMC.${c.tag}`, c);
  }
  links.famc.push({ child, fam: node.value ?? '', line: node.line, pedi });
};

/** ADOP.FAMC with ADOP HUSB|WIFE|BOTH: which partners of that family adopted (no ADOP line: both). */
export const adoptionFamc = (node: GedcomNode, child: string, path: string, ctx: Context, links: Links): boolean => {
  if (node.tag !== 'FAMC') return false;
  if (!node.pointer || isVoid(node)) {
    // 7.0 @VOID@ says "a family not in this file"; anything else is not a pointer. Kept as written.
    if (!isVoid(node)) ctx.warn(node.line, `FAMC ${text(node) || '(empty)'} of an adoption points to no family: kept as written, linking nothing`);
    ctx.lost(`${path}.ADOP.FAMC`, node);
    return true;
  }
  let who: 'HUSB' | 'WIFE' | 'BOTH' = 'BOTH';
  for (const c of node.children) {
    const v = text(c).toUpperCase();
    if (c.tag !== 'ADOP') ctx.lost(`${path}.ADOP.FAMC.${c.tag}`, c);
    else if (v === 'HUSB' || v === 'WIFE' || v === 'BOTH') who = v;
    else ctx.warn(c.line, `ADOP ${text(c)} is not HUSB, WIFE or BOTH: taken as BOTH`);
    if (c.tag === 'ADOP') ctx.lostChildren(`${path}.ADOP.FAMC.ADOP`, c);
  }
  const fam = node.value ?? '';
  links.adoptions.set(ownText(adoptionKey(child, fam)), who);
  links.famc.push({ child, fam, line: node.line, pedi: null });
  return true;
};

/** The names an INDI substructure gives (NAME, _MARNM, ALIA, _AKA), or null when it is no name structure. */
export const readNames = (c: GedcomNode, path: string, ctx: Context): NameDraft[] | null => {
  switch (c.tag) {
    case 'NAME':
      return readName(c, path, ctx);
    case '_MARNM': {
      const m = marriedName(c, path, ctx);
      return m === null ? [] : [m];
    }
    case 'ALIA':
    case '_AKA': {
      const a = aliasName(c, path, ctx);
      return a === null ? [] : [a];
    }
    default:
      return null;
  }
};

/**
 * The names of an INDI record alone, as readPerson reads them (a child it takes for an event or an
 * identifier first is no name here either): for the import's first pass (import-early-names.ts).
 */
export const readPersonNames = (record: GedcomNode, ctx: Context): NameDraft[] => {
  const names: NameDraft[] = [];
  for (const c of record.children) {
    if (individualEventKind(c.tag) !== null || isIdentifier(c)) continue;
    const named = readNames(c, record.tag, ctx);
    if (named !== null) names.push(...named);
  }
  return names;
};

export const readPerson = (
  record: GedcomNode, xref: string, ctx: Context, links: Links,
  /** Families kept whole (the scan's `rowless`): a FAMS or FAMC naming one is kept as written. */
  rowless: ReadonlySet<string> = NO_FAMILIES,
): PersonDraft => {
  const path = record.tag;
  const scope = ctx.open(record);
  let sex: Sex | null = null;
  let privacy: PersonPrivacy = 'default';
  const notes: TextPart[] = [];
  const names: NameDraft[] = [];
  const events: EventDraft[] = [];
  const citations: CitationDraft[] = [];
  const media: (GedcomNode | EventObje)[] = [];
  const identifiers: PersonIdentifier[] = [];
  const associations: AssociationDraft[] = [];
  for (const c of record.children) {
    const kind = individualEventKind(c.tag);
    if (kind !== null) {
      const special = c.tag === 'ADOP' ? (n: GedcomNode) => adoptionFamc(n, xref, path, ctx, links)
        : c.tag === 'SLGC' ? (n: GedcomNode) => sealingFamc(n, xref, path, ctx, links) : undefined;
      // An event's ASSO (7.0: the godparent of a baptism, a witness) is kept as an association of the person.
      const extra = (n: GedcomNode): boolean => {
        if (n.tag !== 'ASSO') return special !== undefined && special(n);
        const a = readAssociation(n, `${path}.${c.tag}`, ctx);
        if (a !== null) associations.push(a);
        return true;
      };
      const at = events.length;
      const objeOr = (n: GedcomNode): boolean => (n.tag === 'OBJE' ? media.push({ node: n, event: at, path: `${path}.${c.tag}` }) > 0 : extra !== undefined && extra(n));
      events.push(readEvent(c, path, kind, ctx, objeOr));
      continue;
    }
    if (isIdentifier(c)) {
      readIdentifier(c, path, identifiers, ctx);
      continue;
    }
    const named = readNames(c, path, ctx);
    if (named !== null) {
      names.push(...named);
      continue;
    }
    switch (c.tag) {
      case 'SEX':
        sex = readSex(c, ctx);
        // A value the model has no sex for (U, X, ...) is kept verbatim with what it holds.
        if (sex === null) ctx.lost(`${path}.SEX`, c);
        else ctx.lostChildren(`${path}.SEX`, c);
        break;
      case 'RESN': {
        // A restriction that does not make the person private (locked) is kept as written.
        const read = readResn(c, ctx);
        if (read === 'private') {
          privacy = read;
          ctx.lostChildren(`${path}.RESN`, c);
        } else ctx.lost(`${path}.RESN`, c);
        break;
      }
      case 'NOTE':
      case 'SNOTE': {
        const n = readNote(c, path, ctx);
        if (n !== null) notes.push(n);
        break;
      }
      case 'SOUR': {
        const cit = readCitation(c, path, ctx);
        if (cit !== null) citations.push(cit);
        break;
      }
      case 'FAMC':
        if (c.pointer && rowless.has(c.value ?? '')) ctx.lost(`${path}.FAMC`, c);
        else readFamc(c, xref, path, ctx, links);
        break;
      case 'OBJE':
        media.push(c);
        break;
      case 'ASSO': {
        const a = readAssociation(c, path, ctx);
        if (a !== null) associations.push(a);
        break;
      }
      case 'FAMS':
        if (c.pointer && rowless.has(c.value ?? '')) {
          ctx.lost(`${path}.FAMS`, c);
          break;
        }
        if (c.pointer && !isVoid(c)) {
          ctx.lostChildren(`${path}.FAMS`, c);
          links.fams.push({ person: xref, fam: c.value ?? '', line: c.line });
          break;
        }
        // 7.0 @VOID@ says "a family not in this file"; anything else is not a pointer. Kept as written.
        if (!isVoid(c)) ctx.warn(c.line, `FAMS ${text(c) || '(empty)'} points to no family: kept as written, linking nothing`);
        ctx.lost(`${path}.FAMS`, c);
        break;
      default:
        ctx.lost(`${path}.${c.tag}`, c);
    }
  }
  const extra = ctx.close(scope);
  return {
    xref, line: record.line, sex, privacy, notes: lean(notes), names: lean(names), events: lean(events), citations: lean(citations), media: lean(media),
    identifiers: lean(identifiers), associations: lean(associations), ...(extra === undefined ? {} : { extra }),
  };
};

export const finishPerson = (p: PersonDraft, sources: ReadonlySet<string>, notes: NoteStore, ctx: Context, media?: MediaStore): PlanPerson => ({
  xref: p.xref,
  line: p.line,
  sex: p.sex,
  privacy: p.privacy,
  notes: resolveText(p.notes, notes, ctx),
  names: finishNames(p.names, sources, notes, ctx),
  events: lean(p.events.map((e) => finishEvent(e, sources, notes, ctx))),
  citations: finishCitations(p.citations, sources, notes, ctx),
  media: finishMediaLinks(p.media, 'INDI', p.xref, ctx, media),
  identifiers: p.identifiers,
  associations: lean(p.associations.map((a) => finishAssociation(a, sources, notes, ctx))),
  ...(p.extra === undefined ? {} : { extra: p.extra }),
});
