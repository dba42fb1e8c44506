import { parentChildQualifiers, type ParentChildQualifier } from '../people/model.js';
import type { Id } from '../kernel/ids.js';
import type { ExportCitation, ExportEdge, PersonChunk, PersonKey } from './export-reads.js';
import { deriveFamilies, type DerivedFamily, type FamilyChild } from './families.js';
import { CUSTOM_FAMILY_TAGS, FAMILY_EVENT_TYPES } from './types.js';
import { eventTag } from './writer-events.js';
import { familyFormKey, putFamily, putIndividual, type ExportEvent, type WriterOptions, type Xrefs } from './writer.js';
import type { Out } from './writer-text.js';
import { familyForms, groupOf, isShared, keptOut, linkForms, parseKept, type ExtraLog } from './extensions.js';

// The INDI and FAM records of one chunk of persons, from the chunk alone. A child's families depend
// only on its own parent edges and the partnerships between its parents, which the chunk holds for
// its persons and their children, so the families derived from the chunk are, for those persons,
// the families of the whole tree, under the same keys. Each family is written by one chunk: a
// partnership's by the chunk of its person_a, a single-parent family by its parent's.
//
// Cross-references are numbers the read port gives (see export-reads.ts), so any chunk can name any
// record: `@I<n>@` a person, `@F<n>@` the family of partnership n, `@P<n>@` (and `@P<n>_<k>@`,
// `@P<n>_G<g>@`) the single-parent families of person n, `@S<n>@` a source. The chunk names persons by their numbers
// (PersonKey), so a person's xref, and whether it is one of the chunk's, costs no lookup.

const VOID = '@VOID@';
const NO_RECORDS: ReadonlySet<string> = new Set();

export const sourceXref = (n: number): string => `@S${n}@`;

/** The family key of the k-th link form of the parent_child edge from `parent` to `child` (extensions.ts linkForms). */
const linkFormKey = (parent: PersonKey, child: PersonKey, k: number): string => `L:${parent}:${child}:${k}`;

/**
 * The xref of a family key of deriveFamilies: `P:<partnership>`, `S:<parent>` or `S:<parent>:<k>` (a
 * group's `S:<parent>:G<g>`, `@P<parent>_G<g>@`); and
 * of a couple's k-th FAM record after their first (familyFormKey), `P:<partnership>|<k>`: `@F<n>_<k>@`.
 */
const familyXref = (c: PersonChunk, key: string): string => {
  // A link form's FAM (linkFormKey): `L:<parent>:<child>:<k>` as `@L<parent>_<child>_<k>@`.
  if (key.startsWith('L:')) return `@L${key.slice(2).replaceAll(':', '_')}@`;
  if (key.startsWith('P:')) {
    const bar = key.indexOf('|');
    const n = c.partnerships.get(bar < 0 ? key.slice(2) : key.slice(2, bar));
    return n === undefined ? VOID : bar < 0 ? `@F${n}@` : `@F${n}_${key.slice(bar + 1)}@`;
  }
  const cut = key.indexOf(':', 2);
  return cut < 0 ? `@P${key.slice(2)}@` : `@P${key.slice(2, cut)}_${key.slice(cut + 1)}@`;
};

export const chunkXrefs = (c: PersonChunk, records: ReadonlySet<string> = NO_RECORDS, log?: ExtraLog, media?: (id: Id) => string | undefined): Xrefs => {
  // A family is named on its FAM and on every partner's FAMS and child's FAMC: its xref is made once.
  const families = new Map<string, string>();
  return {
    person: (key) => (c.people.has(key) || (+key >= c.first && +key < c.first + c.count) ? `@I${key}@` : VOID),
    family: (key) => {
      let xref = families.get(key);
      if (xref === undefined) families.set(key, (xref = familyXref(c, key)));
      return xref;
    },
    source: (id) => {
      const n = c.sources.get(id);
      return n === undefined ? VOID : sourceXref(n);
    },
    kept: keptOut(c.pointers, records, log, media),
  };
};

const push = <K, T>(map: Map<K, T[]>, key: K, value: T): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

const FAMILY_TYPES = new Set(FAMILY_EVENT_TYPES);
/** Events GEDCOM keeps on a FAM: a person's own ones go into a FAM whose only partner is the person. */
const FAMILY_CUSTOM = new Set(CUSTOM_FAMILY_TAGS);
const onFamily = (e: ExportEvent): boolean => FAMILY_TYPES.has(e.type) || (e.type === 'custom' && FAMILY_CUSTOM.has(eventTag(e, true)));

const NONE: readonly never[] = [];

/** Who of a family adopted its child (an adoptive edge from them): both partners, or the one. */
const adoptersOf = (f: DerivedFamily<ExportEdge>, ch: FamilyChild): 'HUSB' | 'WIFE' | 'BOTH' | undefined => {
  const by = f.partners.map((_, i) => (ch.byPartner?.[i] ?? ch.qualifier) === 'adoptive');
  if (by.length === 2 && by[0] && by[1]) return 'BOTH';
  const i = by.indexOf(true);
  return i < 0 ? undefined : f.roles[i];
};

/**
 * Text is handed on in pieces of about this many parts of lines (some 40 KB): a chunk's records are
 * not held until the chunk ends (in the young generation, where every collection would copy them),
 * and a piece is still long enough that handing it on costs nothing that counts.
 */
const PIECE = 8 * 1024;

/** The chunk's INDI records (in id order), then the FAM records it owns, in pieces of about PIECE characters. */
export function* chunkRecords(o: WriterOptions, c: PersonChunk, records?: ReadonlySet<string>, log?: ExtraLog): Generator<string> {
  const x = chunkXrefs(c, records, log, o.mediaXref);
  const first = c.first;
  const last = first + c.count;
  const inChunk = (key: PersonKey): boolean => {
    const n = +key;
    return n >= first && n < last;
  };
  // 5.5.1 says a child's relation to each partner (_FREL/_MREL): a couple's child is in their family either way.
  // A parent's children the file wrote as several FAMs without a partner, and a child the file wrote in
  // FAMs of one parent with two partners, are written so again (group and shared forms).
  const families = deriveFamilies(c.relationships, (key) => c.people.get(key) ?? null, o.version === '5.5.1', {
    groupOf: (e) => groupOf(e.gedcomExtra),
    shared: (e) => isShared(e.gedcomExtra),
  });

  const famc = new Map<PersonKey, { familyKey: string; qualifier: ParentChildQualifier }[]>();
  const fams = new Map<PersonKey, string[]>();
  const written: DerivedFamily<ExportEdge>[] = [];
  const singleOf = new Set<PersonKey>();
  for (const f of families) {
    for (const p of f.partners) if (inChunk(p)) push(fams, p, f.key);
    // A couple the file wrote as several FAM records is written so again (putFamily): each partner has them all.
    const forms = f.partnership === null ? 0 : familyForms(f.partnership.gedcomExtra).length;
    for (let k = 1; k <= forms; k++) for (const p of f.partners) if (inChunk(p)) push(fams, p, familyFormKey(f.key, k));
    // A couple's child listed in one of their later FAM records is that record's child (its FAMC names it).
    for (const ch of f.children) {
      if (!inChunk(ch.id)) continue;
      const familyKey = ch.form !== undefined && ch.form <= forms ? familyFormKey(f.key, ch.form) : f.key;
      const adopters = adoptersOf(f, ch);
      push(famc, ch.id, adopters === undefined ? { familyKey, qualifier: ch.qualifier } : { familyKey, qualifier: ch.qualifier, adopters });
    }
    const owner = f.partnership === null ? f.partners[0]! : f.partnership.personAId;
    if (!inChunk(owner)) continue;
    written.push(f);
    if (f.partnership === null && f.key === `S:${owner}`) singleOf.add(owner);
  }

  // A FAM of one parent and a child that parent has through another family too (link forms): written
  // by the parent's chunk, named by the child's FAMC and the parent's FAMS.
  const linked: { readonly family: DerivedFamily<ExportEdge>; readonly extra: string }[] = [];
  for (const r of c.relationships) {
    if (r.type !== 'parent_child') continue;
    linkForms(r.gedcomExtra).forEach((form, i) => {
      const key = linkFormKey(r.personAId, r.personBId, i + 1);
      const qualifier = (parentChildQualifiers as readonly string[]).includes(form.qualifier) ? form.qualifier as ParentChildQualifier : 'biological';
      if (inChunk(r.personBId)) push(famc, r.personBId, { familyKey: key, qualifier });
      if (!inChunk(r.personAId)) return;
      push(fams, r.personAId, key);
      linked.push({
        family: { key, partnership: null, partners: [r.personAId], roles: [c.people.get(r.personAId) === 'female' ? 'WIFE' : 'HUSB'], children: [{ id: r.personBId, qualifier, edgeIds: [] }] },
        extra: form.extra,
      });
    });
  }

  // A person's own family events (and their citations) go into the person's single-parent family,
  // or into one of its own without children when there is none.
  const ownFamilyEvents = new Map<string, { readonly events: readonly ExportEvent[]; readonly citations: readonly ExportCitation[] }>();
  let out: Out = [];
  let n = first;
  for (const { person, names, events: all, citations: cited, associations } of c.individuals) {
    const key = String(n++);
    let events = all;
    let citations = cited;
    if (events.some(onFamily)) {
      const moved = events.filter(onFamily);
      const ids = new Set(moved.map((e) => e.id));
      events = events.filter((e) => !ids.has(e.id));
      const familyKey = `S:${key}`;
      if (!singleOf.has(key)) {
        const own: DerivedFamily<ExportEdge> = { key: familyKey, partnership: null, partners: [key], roles: [person.sex === 'female' ? 'WIFE' : 'HUSB'], children: [] };
        written.push(own);
        push(fams, key, familyKey);
      }
      ownFamilyEvents.set(familyKey, { events: moved, citations: citations.filter((ci) => ci.target.kind === 'event' && ids.has(ci.target.id)) });
      citations = citations.filter((ci) => !(ci.target.kind === 'event' && ids.has(ci.target.id)));
    }
    putIndividual(out, o, x, {
      person, xref: `@I${key}@`, names, events, citations, famc: famc.get(key) ?? NONE, fams: fams.get(key) ?? NONE, associations,
    });
    if (out.length >= PIECE) {
      yield out.join('');
      out = [];
    }
  }
  // A single-parent family's own kept lines are on its children's edges (import-build.ts).
  let edgeExtras: Map<Id, string> | null = null;
  const extraOf = (family: DerivedFamily<ExportEdge>): string | undefined => {
    edgeExtras ??= new Map(c.relationships.flatMap((r) => (r.type === 'parent_child' && r.gedcomExtra != null ? [[r.id, r.gedcomExtra] as const] : [])));
    if (edgeExtras.size === 0) return undefined;
    const texts = family.children.flatMap((ch) => ch.edgeIds.flatMap((e) => edgeExtras!.get(e) ?? []));
    return texts.length < 2 ? texts[0] : JSON.stringify(texts.flatMap(parseKept));
  };
  for (const family of written) {
    const id = family.partnership?.id;
    const own = id === undefined ? ownFamilyEvents.get(family.key) : c.partnershipRecords.get(id);
    putFamily(out, o, x, {
      family, events: own?.events ?? NONE, citations: own?.citations ?? NONE, notes: family.partnership?.notes ?? '',
      ...(family.partnership === null ? { extra: extraOf(family) } : {}),
    });
    if (out.length >= PIECE) {
      yield out.join('');
      out = [];
    }
  }
  // After the families the edges come from: a file read back makes the edge from those first, and
  // these again as its link forms.
  for (const { family, extra } of linked) {
    putFamily(out, o, x, { family, events: NONE, citations: NONE, notes: '', ...(extra === '' ? {} : { extra }) });
    if (out.length >= PIECE) {
      yield out.join('');
      out = [];
    }
  }
  if (out.length > 0) yield out.join('');
}
