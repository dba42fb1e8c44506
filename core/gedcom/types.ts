import type {
  EventType, NameType, ParentChildQualifier, PersonIdentifier, PersonPrivacy, Sex,
} from '../people/model.js';
import type { GenealogicalDate } from '../kernel/date.js';

/**
 * One GEDCOM structure as the reader hands it out: a level-0 record with its substructures nested.
 * CONT/CONC are already folded into `value` (CONT as "\n"), `@@` is already unescaped, and tags keep
 * their case as written (standard tags are upper case; extension tags start with `_`).
 */
export type GedcomNode = {
  readonly tag: string;
  /** The record's own cross-reference with its at signs (`@I1@`), or null. */
  readonly xref: string | null;
  /** The line value, or null when the line had none. A pointer value keeps its at signs (`@F1@`). */
  readonly value: string | null;
  /** True when `value` is a pointer (`@X@`), not text. */
  readonly pointer: boolean;
  /** The 1-based line number of the line in the file. */
  readonly line: number;
  readonly children: readonly GedcomNode[];
};

export type GedcomVersion = '5.5' | '5.5.1' | '5.5.5' | '7.0';

/** A problem the reader stepped over: the line is skipped, reading goes on. */
export type GedcomDiagnostic = { readonly line: number; readonly message: string };

/** Thrown by the reader, before yielding anything, when the bytes are not GEDCOM at all. */
export class NotGedcomError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotGedcomError';
  }
}

/**
 * Thrown by the reader when a line or one level-0 record is longer than it holds in memory (see
 * ReadLimits in reader.ts); `line` is the number of the line that is too long, or of the record's
 * first line. The reader throws nothing else for bad input.
 */
export class GedcomTooLargeError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'GedcomTooLargeError';
  }
}

// ---------------------------------------------------------------------------------------------
// The import plan: what the mapping makes of a file, still in the file's own cross-references.
// The import handler resolves xrefs to ids; nothing here touches a store.
// ---------------------------------------------------------------------------------------------

/** A source reference (`SOUR @S1@` with PAGE, QUAY, DATA), or an inline source (`SOUR some text`). */
export type PlanCitation = WithExtra & {
  /** The SOUR record's xref, or null for an inline source. */
  readonly sourceXref: string | null;
  /** For an inline source: its text, which becomes (or reuses, by equal title) a source. */
  readonly inlineTitle: string | null;
  readonly page: string;
  /** DATA.TEXT (and an inline source's TEXT), joined by blank lines. */
  readonly detail: string;
  /** DATA.DATE as written; absent when none. */
  readonly entryDate?: string;
  /** The citation's NOTEs, joined by blank lines; absent when none. */
  readonly notes?: string;
  /** QUAY 0..3, else null. */
  readonly confidence: number | null;
  readonly line: number;
};

export type PlanName = WithExtra & {
  readonly nameType: NameType;
  readonly givenName: string;
  readonly surname: string;
  /** NPFX, NSFX (else the NAME value's text after the surname), SPFX: '' when absent. */
  readonly prefix: string;
  readonly suffix: string;
  readonly surnamePrefix: string;
  readonly isPrimary: boolean;
  /** NAME.NOTE (inline and resolved shared notes), joined by blank lines. */
  readonly notes: string;
  readonly citations: readonly PlanCitation[];
};

export type PlanCoordinates = { readonly latitude: number; readonly longitude: number; readonly line: number };

export type PlanEvent = WithExtra & {
  readonly type: EventType;
  /** For `custom`: the GEDCOM tag's meaning or EVEN/FACT TYPE (see EVENT_TAGS). */
  readonly customType: string | null;
  readonly date: GenealogicalDate | null;
  /** The place text as written (trimmed), or null. Places are deduplicated on import. */
  readonly place: string | null;
  /**
   * PLAC.MAP.LATI and LONG as signed decimal degrees, with the MAP line; absent when the PLAC has no
   * MAP or its values are not coordinates (a warning). The first pair of a place's text wins on import.
   */
  readonly coordinates?: PlanCoordinates;
  readonly notes: string;
  readonly detail: string;
  /** CAUS; empty when the event has none. */
  readonly cause: string;
  /** Citations of the event, its DATE and its PLAC. */
  readonly citations: readonly PlanCitation[];
  /** LDS ordinances (lds_* types): TEMP, and STAT (see ORDINANCE_STATUS); null for other events. */
  readonly temple: string | null;
  readonly ordinanceStatus: string | null;
};

/** INDI.ASSO: an association of the person with another person of the file (godparent, witness...). */
export type PlanAssociation = WithExtra & {
  /** The associate's INDI xref (checked: a record of the file). */
  readonly xref: string;
  /** RELA (5.5.1) or ROLE (7.0: the enumeration value, or its PHRASE when there is one); '' when none. */
  readonly role: string;
  readonly notes: string;
  readonly citations: readonly PlanCitation[];
  readonly line: number;
};

export type PlanPerson = WithExtra & {
  readonly xref: string;
  readonly line: number;
  readonly sex: Sex | null;
  readonly privacy: PersonPrivacy;
  /** Person notes (inline and resolved shared notes), joined by blank lines. */
  readonly notes: string;
  /** At least one name; exactly one is primary. A person without NAME gets one empty birth name. */
  readonly names: readonly PlanName[];
  readonly events: readonly PlanEvent[];
  /** Citations on the person itself (INDI.SOUR). */
  readonly citations: readonly PlanCitation[];
  /** REFN (+TYPE), AFN (7.0: EXID of TYPE AFN_EXID_TYPE), UID and _UID, in file order, at most MAX_IDENTIFIERS. */
  readonly identifiers: readonly PersonIdentifier[];
  readonly associations: readonly PlanAssociation[];
  /** Media the person links (INDI.OBJE, and its events'): with the bytes of a .gdz, or records without bytes (mapping-media.ts). */
  readonly media: readonly PlanMedia[];
};

/** An OBJE (a record, or inline) with a FILE: a media item, with the .gdz's bytes when it holds the file, else without (`missing`). */
export type PlanMedia = WithExtra & {
  /** The FILE value as written (a path relative to the zip's root, maybe percent-encoded). */
  readonly file: string;
  /** FILE.FORM (7.0: a media type; 5.5.1: `jpg`, `pdf`...), or null. */
  readonly form: string | null;
  readonly title: string;
  readonly line: number;
  /** For a person's media: the index in PlanPerson.events of the event that links it (INDI.BIRT.OBJE), if one does. */
  readonly event?: number;
  /** The file is not in the .gdz (or the file is a plain .ged): a media record without bytes (mapping-media.ts). */
  readonly missing?: true;
  /** The OBJE record's xref, for a media of a record (not an inline OBJE): what kept pointers at it name. */
  readonly xref?: string;
  /** An inline OBJE without its file (5.x): the structure as the file wrote it (a structure form of the media record). */
  readonly inline?: KeptNode;
};

export type PlanChild = {
  readonly xref: string;
  /** The qualifier of the edge from each partner, index-aligned with PlanFamily.partners. */
  readonly qualifiers: readonly ParentChildQualifier[];
};

export type PlanFamily = WithExtra & {
  readonly xref: string;
  readonly line: number;
  /** HUSB and WIFE xrefs that name INDI records of the file, 0..2 of them. */
  readonly partners: readonly string[];
  readonly children: readonly PlanChild[];
  /**
   * Family events (MARR, DIV, ...): they hang on the partnership; with one partner they become that
   * partner's own events; dropped (and reported) without any partner.
   */
  readonly events: readonly PlanEvent[];
  readonly notes: string;
  /** Citations on the family: they cite the partnership. */
  readonly citations: readonly PlanCitation[];
};

export type PlanSource = WithExtra & {
  readonly xref: string;
  readonly line: number;
  readonly title: string;
  readonly author: string;
  readonly publication: string;
  readonly notes: string;
  /** ABBR, '' when none (also the title when TITL is missing). */
  readonly abbreviation: string;
  /** DATA.EVEN, DATA.AGNC and DATA.NOTE (mapping-repositories.ts). */
  readonly recordedEvents: readonly PlanRecordedEvents[];
  readonly agency: string;
  readonly dataNotes: string;
  /** REPO pointers to REPO records of the file, each once, in file order. */
  readonly repositories: readonly PlanRepositoryLink[];
  /** Media the source links (SOUR.OBJE) that a .gdz holds; absent when none. */
  readonly media?: readonly PlanMedia[];
};

/** SOUR.DATA.EVEN: the event tags as written, with DATE and PLAC as text ('' when absent). */
export type PlanRecordedEvents = { readonly events: string; readonly date: string; readonly place: string };

/** SOUR.REPO @R@ with its CALN ('' when none). */
export type PlanRepositoryLink = { readonly xref: string; readonly callNumber: string; readonly line: number };

/** A REPO record: NAME, ADDR as lines of text, notes. */
export type PlanRepository = {
  readonly xref: string; readonly line: number; readonly name: string; readonly address: string; readonly notes: string;
  /** What the record does not map, kept verbatim (extensions.ts); absent when nothing. */
  readonly extra?: string;
};

/**
 * Structures at one tag path the mapping did not map to the model: how many, the first line, and how
 * many lines of them (substructures included) are kept verbatim to be written back (extensions.ts).
 */
export type UnmappedTag = { readonly tag: string; readonly count: number; readonly firstLine: number; readonly keptLines: number };

/** A kept structure (extensions.ts): tag, value (null: none), 1 when the value is a pointer, substructures. */
export type KeptNode = readonly [tag: string, value: string | null, pointer: 0 | 1, children: readonly KeptNode[]];

/**
 * A record no row takes, kept whole for export (extensions.ts): its xref as written in the file in an
 * import plan, as the import renamed it (keptXref) once stored.
 */
export type KeptRecord = { readonly xref: string | null; readonly node: KeptNode; readonly seven?: boolean };

/** The verbatim structures of a mapped structure that it does not map (extensions.ts); absent when none. */
export type WithExtra = { readonly extra?: string };

export type ImportPlan = {
  readonly version: GedcomVersion | null;
  readonly persons: readonly PlanPerson[];
  readonly families: readonly PlanFamily[];
  readonly sources: readonly PlanSource[];
  /** Media of a .gdz that no person or source links: imported unattached. Absent when none. */
  readonly media?: readonly PlanMedia[];
  /** Tags the mapping did not use, keyed by path (`INDI.ASSO`, `HEAD.SOUR`), with counts and the first line. */
  readonly unmapped: readonly UnmappedTag[];
  /** Records no row takes, kept whole (extensions.ts). Absent when none. */
  readonly records?: readonly KeptRecord[];
  /**
   * Values it could not take (SEX U, a date it could not read, a pointer to nothing), with line
   * numbers: the first MAX_WARNINGS by line (warnings.ts); `warningCount` counts them all.
   */
  readonly warnings: readonly GedcomDiagnostic[];
  readonly warningCount: number;
};

// ---------------------------------------------------------------------------------------------
// The tag table shared by the mapping (import) and the writer (export), so a round trip keeps
// every event type. Tags not listed become `custom` events with customType = the tag's meaning.
// ---------------------------------------------------------------------------------------------

/** Individual and family event tags for each built-in event type. The first tag is the one export writes. */
export const EVENT_TAGS: Readonly<Record<Exclude<EventType, 'custom'>, readonly string[]>> = {
  birth: ['BIRT'],
  baptism: ['BAPM'],
  christening: ['CHR'],
  death: ['DEAT'],
  burial: ['BURI'],
  cremation: ['CREM'],
  marriage: ['MARR'],
  divorce: ['DIV'],
  engagement: ['ENGA'],
  residence: ['RESI'],
  occupation: ['OCCU'],
  education: ['EDUC'],
  religion: ['RELI'],
  immigration: ['IMMI'],
  emigration: ['EMIG'],
  naturalization: ['NATU'],
  census: ['CENS'],
  military: ['_MILT', '_MIL', 'MILI', '_MILITARY', '_MILITARY_SERVICE'],
  graduation: ['GRAD'],
  probate: ['PROB'],
  will: ['WILL'],
  lds_baptism: ['BAPL'],
  lds_confirmation: ['CONL'],
  lds_endowment: ['ENDL'],
  lds_initiatory: ['INIL'],
  lds_child_sealing: ['SLGC'],
  lds_spouse_sealing: ['SLGS'],
};

/**
 * STAT values of the 5.5.1 and 7.0 ordinance status enumerations, compared case-insensitively, to the
 * value kept (the 7.0 spelling: `DNS/CAN` and `PRE-1970` of 5.5.1 are `DNS_CAN` and `PRE_1970`). Any
 * other value is kept as written. Export writes 7.0 values from this list (others as the `_STAT`
 * extension, since 7.0 STAT has no PHRASE), 5.5.1 values in 5.5.1 spelling.
 */
export const ORDINANCE_STATUS: Readonly<Record<string, string>> = {
  BIC: 'BIC', CANCELED: 'CANCELED', CHILD: 'CHILD', COMPLETED: 'COMPLETED', DNS: 'DNS', 'DNS/CAN': 'DNS_CAN', DNS_CAN: 'DNS_CAN',
  EXCLUDED: 'EXCLUDED', INFANT: 'INFANT', 'PRE-1970': 'PRE_1970', PRE_1970: 'PRE_1970', STILLBORN: 'STILLBORN',
  SUBMITTED: 'SUBMITTED', UNCLEARED: 'UNCLEARED',
};

/** The GEDCOM 7 EXID TYPE of an Ancestral File Number (the 5.5.1 AFN), from the FamilySearch EXID registry. */
export const AFN_EXID_TYPE = 'https://gedcom.io/terms/v7/AFN';

/**
 * Event types that live on a partnership (FAM) as a rule. A person may have them too (INDI.MARR,
 * INDI.DIV, INDI.ENGA read back, and a FAM with one partner gives them): export writes those inside a
 * FAM whose only partner is the person (writeIndividual).
 */
export const FAMILY_EVENT_TYPES: readonly EventType[] = ['marriage', 'divorce', 'engagement', 'lds_spouse_sealing'];

/**
 * Other standard event and attribute tags, imported as `custom` with this customType, and exported as
 * this tag again (by reverse lookup of customType). Anything else (EVEN/FACT with TYPE) is exported as
 * `EVEN` (individual) or `EVEN` (family) with `TYPE customType`.
 */
export const CUSTOM_EVENT_TAGS: Readonly<Record<string, string>> = {
  ADOP: 'Adoption', BARM: 'Bar mitzvah', BASM: 'Bat mitzvah', BLES: 'Blessing', CHRA: 'Adult christening',
  CONF: 'Confirmation', FCOM: 'First communion', ORDN: 'Ordination', RETI: 'Retirement',
  CAST: 'Caste', DSCR: 'Physical description', IDNO: 'Identity number', NATI: 'Nationality',
  NCHI: 'Number of children', NMR: 'Number of marriages', PROP: 'Property', SSN: 'Social security number',
  TITL: 'Title', ANUL: 'Annulment', DIVF: 'Divorce filed', MARB: 'Marriage banns', MARC: 'Marriage contract',
  MARL: 'Marriage licence', MARS: 'Marriage settlement',
};

/** Custom family event tags (they hang on the partnership like MARR). */
export const CUSTOM_FAMILY_TAGS: readonly string[] = ['ANUL', 'DIVF', 'MARB', 'MARC', 'MARL', 'MARS'];

/**
 * NAME TYPE values (5.5.1 lower case or GEDCOM 7 upper case, compared case-insensitively) to name
 * types. Export writes 5.5.1: the name type itself in lower case (`birth`, `maiden`, `married`,
 * `nickname`, ...; `alias` as `aka`); 7.0: BIRTH, MAIDEN, MARRIED, AKA, PROFESSIONAL, and OTHER with
 * `PHRASE nickname|religious|other`. A nickname can also arrive as NAME.NICK, and a married name as
 * `_MARNM`; both import as alternate names of that type.
 */
export const NAME_TYPES_IN: Readonly<Record<string, NameType>> = {
  birth: 'birth', maiden: 'maiden', married: 'married', aka: 'alias', alias: 'alias', nickname: 'nickname', nick: 'nickname',
  religious: 'religious', professional: 'professional', immigrant: 'other', other: 'other',
};

/**
 * PEDI values (compared case-insensitively) to parent-child qualifiers. `birth` and a missing PEDI are
 * biological; ADOP events with FAMC and ADOP HUSB/WIFE/BOTH make that parent's edge adoptive. Export
 * writes 5.5.1 `birth|adopted|foster` and `_PEDI step|donor|guardian`-style extension values as
 * `PEDI <qualifier>`; 7.0 writes BIRTH, ADOPTED, FOSTER, and OTHER with `PHRASE step|donor|guardian`.
 */
export const PEDI_IN: Readonly<Record<string, ParentChildQualifier>> = {
  birth: 'biological', natural: 'biological', biological: 'biological', adopted: 'adoptive', adoptive: 'adoptive',
  foster: 'foster', step: 'step', stepchild: 'step', donor: 'donor', guardian: 'guardian', sealing: 'biological',
};

/** What an import created, merged, reused or skipped, by kind of record. */
export type ImportCounts = {
  readonly persons: { readonly created: number; readonly merged: number; readonly skipped: number; readonly overwritten: number };
  readonly names: { readonly created: number; readonly skipped: number };
  readonly events: { readonly created: number; readonly skipped: number };
  readonly relationships: { readonly created: number; readonly skipped: number };
  readonly sources: { readonly created: number; readonly reused: number };
  readonly repositories: { readonly created: number; readonly reused: number };
  readonly citations: { readonly created: number; readonly skipped: number };
  readonly places: { readonly created: number; readonly reused: number };
};
