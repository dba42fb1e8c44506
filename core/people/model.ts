import type { GenealogicalDate } from '../kernel/date.js';
import type { Deletion } from '../kernel/deletion.js';
import type { Id } from '../kernel/ids.js';

export const sexes = ['male', 'female'] as const;
export type Sex = (typeof sexes)[number];

/** `default`: the engine decides; `public`: full to anyone who may view the tree; `private`: hidden from non-members. */
export const personPrivacies = ['default', 'public', 'private'] as const;
export type PersonPrivacy = (typeof personPrivacies)[number];


/**
 * GEDCOM lines an import did not map to the model, kept verbatim on the row they came from and
 * written back in place by export (core/gedcom/extensions.ts): absent or null when none. Only the
 * GEDCOM import writes it and only the export reads it; every other write leaves it as it is.
 */
export type GedcomKept = { readonly gedcomExtra?: string | null };

export type Person = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly sex: Sex | null;
  readonly isLiving: boolean | null;
  readonly privacy: PersonPrivacy;
  readonly notes: string;
  /** Identifiers other programs gave the person (GEDCOM REFN, AFN, _UID/UID); a redacted person never shows them. */
  readonly identifiers: readonly PersonIdentifier[];
  /**
   * Kept facts, the privacy engine's inputs from the person's own live events (engine.keptFactsOf):
   * the latest year the earliest known birth fact allows, and whether a death fact exists. Kept by
   * the commands that write events, in their transaction, so any read decides a person's visibility
   * from this row alone; the repository's `update` never writes them (only `keepLifeFacts` does).
   */
  readonly birthYear: number | null;
  readonly hasDeathFact: boolean;
  /** Set when this person was merged into another (and soft-deleted by that merge); null otherwise. */
  readonly mergedInto: Id | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/** refn: a user reference number (REFN, with its TYPE); afn: Ancestral File Number; uid: a unique id (_UID, UID). */
export const identifierKinds = ['refn', 'afn', 'uid'] as const;
export type IdentifierKind = (typeof identifierKinds)[number];
/** `type`: the REFN's TYPE, else null. */
export type PersonIdentifier = { readonly kind: IdentifierKind; readonly value: string; readonly type: string | null };
/** At most this many identifiers per person; value and type at most MAX_IDENTIFIER_LENGTH characters each. */
export const MAX_IDENTIFIERS = 100;
export const MAX_IDENTIFIER_LENGTH = 255;

export const nameTypes = ['birth', 'maiden', 'married', 'alias', 'nickname', 'religious', 'professional', 'other'] as const;
export type NameType = (typeof nameTypes)[number];

export type Name = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly personId: Id;
  readonly nameType: NameType;
  readonly givenName: string;
  readonly surname: string;
  /** Name parts around given name and surname ('' when absent): prefix (GEDCOM NPFX: `Dr.`, `Sir`), suffix (NSFX: `Jr.`, `III`), surname prefix (SPFX: `van`, `de`). */
  readonly prefix: string;
  readonly suffix: string;
  readonly surnamePrefix: string;
  readonly isPrimary: boolean;
  /** The name's own notes (GEDCOM NAME.NOTE); as long as a person's notes may be. */
  readonly notes: string;
  readonly createdAt: Date;
};

export const eventTypes = [
  'birth', 'baptism', 'christening', 'death', 'burial', 'cremation', 'marriage', 'divorce', 'engagement', 'residence',
  'occupation', 'education', 'religion', 'immigration', 'emigration', 'naturalization', 'census', 'military',
  'graduation', 'probate', 'will', 'custom',
  // LDS ordinances: BAPL, CONL, ENDL, INIL (7.0), SLGC (a person's sealing to parents), SLGS (a couple's sealing).
  'lds_baptism', 'lds_confirmation', 'lds_endowment', 'lds_initiatory', 'lds_child_sealing', 'lds_spouse_sealing',
] as const;
export type EventType = (typeof eventTypes)[number];

/** Facts that mean a person has died (API.md). */
export const deathFacts: readonly EventType[] = ['death', 'burial', 'cremation', 'probate', 'will'];
export const birthFacts: readonly EventType[] = ['birth', 'baptism', 'christening'];
/** The event types that carry a temple and an ordinance status; other types keep both null. */
export const ldsEventTypes: readonly EventType[] = ['lds_baptism', 'lds_confirmation', 'lds_endowment', 'lds_initiatory', 'lds_child_sealing', 'lds_spouse_sealing'];
export const isLdsEvent = (type: EventType): boolean => ldsEventTypes.includes(type);
/** Longest temple code (TEMP), ordinance status (STAT) and association role. */
export const MAX_CODE_LENGTH = 255;

export type LifeEvent = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly type: EventType;
  readonly customType: string | null;
  /** Exactly one of personId and partnershipId is set. */
  readonly personId: Id | null;
  readonly partnershipId: Id | null;
  readonly date: GenealogicalDate | null;
  readonly placeId: Id | null;
  readonly notes: string;
  readonly detail: string;
  /** What caused it (GEDCOM CAUS: a death's "pneumonia"); empty when not known. */
  readonly cause: string;
  /** LDS ordinances only (else null): the temple code (TEMP) and the status as written (STAT, e.g. COMPLETED). */
  readonly temple: string | null;
  readonly ordinanceStatus: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};

/**
 * A place of a tree. `latitude` and `longitude` are signed decimal degrees (north and east positive;
 * GEDCOM PLAC.MAP.LATI and LONG), both null or both set.
 */
export type Place = {
  readonly id: Id; readonly treeId: Id; readonly name: string; readonly latitude: number | null; readonly longitude: number | null;
};

/** A place's coordinates in signed decimal degrees: latitude in [-90, 90], longitude in [-180, 180]. */
export type Coordinates = { readonly latitude: number; readonly longitude: number };

/** Whether the pair is a place's coordinates: finite numbers, each in its range. */
export const areCoordinates = (latitude: number, longitude: number): boolean =>
  Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;

/**
 * Longest place text. Places are unique per tree by their lower-cased text, and a PostgreSQL btree
 * entry holds at most about 2,700 bytes: 500 characters take at most 2,000 bytes of UTF-8, far above
 * any real place (GEDCOM 5.5.1 allows 120). The API refuses longer ones; a GEDCOM import cuts them.
 */
export const MAX_PLACE_LENGTH = 500;

/**
 * association: a typed link between two persons that is not kinship (godparent, witness: GEDCOM ASSO);
 * families, kinship, cleanup and the recommender walk only the genealogical types.
 */
export const relationshipTypes = ['parent_child', 'partnership', 'association'] as const;
export type RelationshipType = (typeof relationshipTypes)[number];
export const isGenealogical = (r: { readonly type: RelationshipType }): boolean => r.type !== 'association';
export const parentChildQualifiers = ['biological', 'adoptive', 'step', 'foster', 'donor', 'guardian'] as const;
export type ParentChildQualifier = (typeof parentChildQualifiers)[number];

export type Relationship = Deletion & GedcomKept & {
  readonly id: Id;
  readonly treeId: Id;
  readonly type: RelationshipType;
  /** parent_child: a is the parent, b the child. partnership: symmetric. association: a holds it, b is the associate. */
  readonly personAId: Id;
  readonly personBId: Id;
  readonly qualifier: ParentChildQualifier | null;
  /** association only (else null): what b is to a (ASSO RELA / ROLE), at most MAX_CODE_LENGTH characters. */
  readonly role: string | null;
  readonly notes: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
};
