import type { GedcomNode, PlanRecordedEvents, PlanRepository, PlanRepositoryLink } from './types.js';
import { isVoid, readNote, text, type Context, type TextPart } from './mapping-context.js';

// REPO records and what a SOUR record says beyond its title (issue 28). Choices:
// - A repository keeps NAME, ADDR (as lines of text) and its notes. PHON, EMAIL, FAX, WWW and the
//   rest are not mapped: they are kept verbatim on the repository (extensions.ts) and counted as unmapped.
// - ADDR: its own text (CONT lines included) is the address; ADR1..3, CITY, STAE, POST and CTRY are
//   the same address in parts, so a part already in the text adds nothing and one that is not is
//   added as a line of its own (an ADDR of parts only becomes those lines).
// - SOUR.REPO @R@ becomes a link with the first CALN as call number; further CALN, CALN.MEDI and the
//   link's NOTE are not used. A REPO naming no REPO record of the file is a warning; one without a
//   pointer (5.5.1 allows `REPO` with only NOTE and CALN) or @VOID@ has no repository to link and is
//   not used; a second link to the same repository is not used either.
// - SOUR.DATA: each EVEN (event tags, with DATE and PLAC as text) is a recorded event; AGNC is the
//   agency; NOTE the data notes. A second DATA, AGNC, or DATE/PLAC of one EVEN is not used.

const ADDRESS_PARTS = ['ADR1', 'ADR2', 'ADR3', 'CITY', 'STAE', 'POST', 'CTRY'];

/**
 * ADDR as lines of text: its own value, then each part the value does not already hold. The parts
 * (ADR1, CITY...) are also kept verbatim as the file wrote them (extensions.ts), so export writes
 * them back under ADDR while the address still holds their text (`keptAddressPart`); an empty ADDR
 * is kept as it was.
 */
export const readAddress = (node: GedcomNode, path: string, ctx: Context): string => {
  if (node.value === null && node.children.length === 0) {
    ctx.lost(`${path}.ADDR`, node);
    return '';
  }
  const lines = (node.value ?? '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const held = lines.join('\n').toLowerCase();
  for (const c of node.children) {
    if (!ADDRESS_PARTS.includes(c.tag)) {
      ctx.lost(`${path}.ADDR.${c.tag}`, c);
      continue;
    }
    ctx.keep(`${path}.ADDR.${c.tag}`, c);
    const part = text(c);
    if (part !== '' && !held.includes(part.toLowerCase())) lines.push(part);
  }
  return lines.join('\n');
};

export type RepositoryDraft = Omit<PlanRepository, 'notes'> & { readonly notes: readonly TextPart[] };

/** A REPO record; what it does not map (PHON, EMAIL, WWW, ...) is kept verbatim as its `extra` (extensions.ts). */
export const readRepository = (record: GedcomNode, xref: string, ctx: Context): RepositoryDraft => {
  const path = record.tag;
  const scope = ctx.open(record);
  let name: string | null = null;
  let address: string | null = null;
  const notes: TextPart[] = [];
  for (const c of record.children) {
    if (c.tag === 'NAME' && name === null) {
      name = text(c);
      ctx.lostChildren(`${path}.NAME`, c);
    } else if (c.tag === 'ADDR' && address === null) address = readAddress(c, path, ctx);
    else if (c.tag === 'NOTE' || c.tag === 'SNOTE') {
      const n = readNote(c, path, ctx);
      if (n !== null) notes.push(n);
    } else ctx.lost(`${path}.${c.tag}`, c);
  }
  const extra = ctx.close(scope);
  return { xref, line: record.line, name: name ?? '', address: address ?? '', notes, ...(extra === undefined ? {} : { extra }) };
};

/** SOUR.REPO: a link to a REPO record of the file with its first call number, or null when it is not one. */
export const readRepositoryLink = (node: GedcomNode, path: string, repositories: ReadonlySet<string>, seen: Set<string>, ctx: Context): PlanRepositoryLink | null => {
  const here = `${path}.REPO`;
  if (!node.pointer || isVoid(node) || seen.has(node.value ?? '')) {
    ctx.lost(here, node);
    return null;
  }
  const xref = node.value ?? '';
  if (!repositories.has(xref)) {
    ctx.warn(node.line, `repository ${xref} is not a REPO record of this file: left out`);
    ctx.lost(here, node);
    return null;
  }
  seen.add(xref);
  let callNumber: string | null = null;
  for (const c of node.children) {
    if (c.tag === 'CALN' && callNumber === null) {
      callNumber = text(c);
      ctx.lostChildren(`${here}.CALN`, c);
    } else ctx.lost(`${here}.${c.tag}`, c);
  }
  return { xref, callNumber: callNumber ?? '', line: node.line };
};

export type SourceData = { readonly recordedEvents: readonly PlanRecordedEvents[]; readonly agency: string; readonly dataNotes: readonly TextPart[] };

/** SOUR.DATA: the events recorded (EVEN with DATE and PLAC), the agency (AGNC) and the data's notes. */
export const readSourceData = (node: GedcomNode, path: string, ctx: Context): SourceData => {
  const here = `${path}.DATA`;
  const recordedEvents: PlanRecordedEvents[] = [];
  let agency: string | null = null;
  const dataNotes: TextPart[] = [];
  for (const c of node.children) {
    if (c.tag === 'EVEN') {
      let date: string | null = null;
      let place: string | null = null;
      for (const g of c.children) {
        if (g.tag === 'DATE' && date === null) {
          // 7.0 takes only a period here: export writes any other date text as an empty DATE's PHRASE.
          const phrase = text(g) === '' ? g.children.find((x) => x.tag === 'PHRASE') : undefined;
          date = phrase === undefined ? text(g) : text(phrase);
          for (const x of g.children) {
            if (x === phrase) ctx.lostChildren(`${here}.EVEN.DATE.PHRASE`, x);
            else ctx.lost(`${here}.EVEN.DATE.${x.tag}`, x);
          }
        } else if (g.tag === 'PLAC' && place === null) {
          place = text(g);
          ctx.lostChildren(`${here}.EVEN.PLAC`, g);
        } else ctx.lost(`${here}.EVEN.${g.tag}`, g);
      }
      recordedEvents.push({ events: text(c), date: date ?? '', place: place ?? '' });
    } else if (c.tag === 'AGNC' && agency === null) {
      agency = text(c);
      ctx.lostChildren(`${here}.AGNC`, c);
    } else if (c.tag === 'NOTE' || c.tag === 'SNOTE') {
      const n = readNote(c, here, ctx);
      if (n !== null) dataNotes.push(n);
    } else ctx.lost(`${here}.${c.tag}`, c);
  }
  return { recordedEvents, agency: agency ?? '', dataNotes };
};
