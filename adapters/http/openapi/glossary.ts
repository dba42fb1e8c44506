/**
 * The words of the API reference: what each field and parameter means, with an example value where
 * the schema alone cannot give a realistic one (describe.ts applies them to the OpenAPI document).
 *
 * Keys: `Owner.field`, where Owner is the component schema the field belongs to (PersonRead, EventCreate...) or
 * the operationId of an inline body or parameter, or `field` alone for a field that means the same
 * everywhere. The most specific key wins. spec/http/openapi-reference.spec.ts refuses a field or
 * parameter without words, a free-text field without an example, and an entry nothing uses.
 */

export type Entry = { readonly description: string; readonly example?: unknown };

// ---------------------------------------------------------------------------------------------
// The example family, one tree throughout: Mary Ann Smith, born 12 March 1850 in Boston, daughter of
// William Smith (born about 1822 in Salem); she married John Henry Brown in 1872; their daughter
// Eliza Jane was born in 1874; Mary Ann died on 3 January 1921 in Cambridge. A GEDCOM import brought
// her in twice (MARY_TWIN). Helen Brown, a living descendant, owns the tree; George Brown edits it.
// Ids are UUID v7 as the service makes them, except a change id, which has its own form (history).

const AT = '2026-11-23T09:30:00.000Z';
const TREE_ID = '01936b1e-4f20-7a8c-9d31-2b4c6e8f0a01';
const BACKUP_TREE_ID = '01920c11-7d3a-7e55-8a10-3c4d5e6f7a01';
const TREE_NAME = 'Smith and Brown Family';
const HELEN = { id: '01936b1d-9e00-7c12-8f45-6a7b8c9d0e01', email: 'helen.brown@example.org' };
const GEORGE = { id: '01936b1d-9e00-7c12-8f45-6a7b8c9d0e02', email: 'george.brown@example.org' };

const MARY_ID = '01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d01';
const JOHN_ID = '01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d02';
const ELIZA_ID = '01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d03';
const WILLIAM_ID = '01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d04';
const MARY_TWIN_ID = '01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d05';
const HELEN_PERSON_ID = '01936b1f-0a10-7b2c-8d3e-4f5a6b7c8d06';

const NAME_BIRTH_ID = '01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e01';
const NAME_MARRIED_ID = '01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e02';
const NAME_TWIN_ID = '01936b1f-2b30-7c4d-9e5f-6a7b8c9d0e05';
const BIRTH_ID = '01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f01';
const DEATH_ID = '01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f02';
const ELIZA_BIRTH_ID = '01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f03';
const WILLIAM_BIRTH_ID = '01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f04';
const TWIN_BIRTH_ID = '01936b1f-3c40-7d5e-8f6a-7b8c9d0e1f05';
const BOSTON_ID = '01936b1f-4d50-7e6f-9a7b-8c9d0e1f2a01';
const PARENT_EDGE_ID = '01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b01';
const PARTNERSHIP_ID = '01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b02';
const TWIN_PARENT_EDGE_ID = '01936b1f-5e60-7f7a-8b8c-9d0e1f2a3b05';
const SOURCE_ID = '01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c01';
const REPOSITORY_ID = '01936b1f-6f70-7a8b-9c9d-0e1f2a3b4c0f';
const CITATION_ID = '01936b1f-7a80-7b9c-8dae-1f2a3b4c5d01';
const MEDIA_ID = '01936b1f-8b90-7cad-9ebf-2a3b4c5d6e01';
const PROPOSAL_ID = '01936b20-1a2b-7c3d-8e4f-5a6b7c8d9e01';
const IMPORT_ID = '01936b20-2b3c-7d4e-9f5a-6b7c8d9e0f01';
const AUDIT_ID = '01936b20-3c4d-7e5f-8a6b-7c8d9e0f1a01';
/** A change id holds the change's place in the tree's order (here 1234): core/history/model.ts. */
const CHANGE_ID = '00000000-0000-4000-8000-0000000004d2';

const BOSTON = 'Boston, Suffolk, Massachusetts, USA';
const BIRTH_DATE = { qualifier: 'exact', year: 1850, month: 3, day: 12 };
const BIRTH = { event_id: BIRTH_ID, date: BIRTH_DATE, date_display: '12 MAR 1850', place: BOSTON };
const DEATH = {
  event_id: DEATH_ID, date: { qualifier: 'exact', year: 1921, month: 1, day: 3 }, date_display: '3 JAN 1921', place: 'Cambridge, Middlesex, Massachusetts, USA',
};
const MARY_NOTES = "Kept a boarding house on Salem Street after John Henry's death in 1903.";
const IDENTIFIERS = [{ kind: 'refn', value: 'SB-0017', type: 'Smith family register' }];

const NAME_BIRTH = {
  id: NAME_BIRTH_ID, person_id: MARY_ID, name_type: 'birth', given_name: 'Mary Ann', surname: 'Smith', prefix: '', suffix: '', surname_prefix: '', is_primary: true,
  notes: 'Spelled "Marey Ann" in the 1850 birth register.',
};
const NAME_MARRIED = {
  id: NAME_MARRIED_ID, person_id: MARY_ID, name_type: 'married', given_name: 'Mary Ann', surname: 'Brown', prefix: '', suffix: '', surname_prefix: '', is_primary: false,
  notes: 'Used after her marriage to John Henry Brown in 1872.',
};

/** A person record as a member reads it (PersonRead). */
const personRead = (p: {
  id: string; given: string; surname: string; sex: 'male' | 'female' | null; isLiving: boolean | null; notes: string;
  birth: unknown; death?: unknown; identifiers?: unknown[]; mergedInto?: string;
}) => ({
  id: p.id, tree_id: TREE_ID, display_name: `${p.given} ${p.surname}`, given_name: p.given, surname: p.surname, sex: p.sex, is_living: p.isLiving,
  privacy: 'default', notes: p.notes, identifiers: p.identifiers ?? [], birth: p.birth, death: p.death ?? null, redacted: false,
  merged_into: p.mergedInto ?? null, created_at: AT, updated_at: AT,
});

const WILLIAM = personRead({
  id: WILLIAM_ID, given: 'William', surname: 'Smith', sex: 'male', isLiving: null, notes: 'Cordwainer, of Salem Street, Boston.',
  birth: { event_id: WILLIAM_BIRTH_ID, date: { qualifier: 'about', year: 1822 }, date_display: 'ABT 1822', place: 'Salem, Essex, Massachusetts, USA' },
});
const ELIZA = personRead({
  id: ELIZA_ID, given: 'Eliza Jane', surname: 'Brown', sex: 'female', isLiving: false, notes: '',
  birth: { event_id: ELIZA_BIRTH_ID, date: { qualifier: 'exact', year: 1874, month: 6, day: 5 }, date_display: '5 JUN 1874', place: BOSTON },
});
const MARY_TWIN = personRead({
  id: MARY_TWIN_ID, given: 'Mary Ann', surname: 'Smith', sex: null, isLiving: null, notes: '',
  birth: { event_id: TWIN_BIRTH_ID, date: { qualifier: 'about', year: 1850 }, date_display: 'ABT 1850', place: BOSTON },
});

const TWIN_BIRTH_EVENT = {
  id: TWIN_BIRTH_ID, tree_id: TREE_ID, type: 'birth', custom_type: null, person_id: MARY_ID, partnership_id: null, date: { qualifier: 'about', year: 1850 },
  date_display: 'ABT 1850', place_id: BOSTON_ID, place: BOSTON, place_latitude: 42.3601, place_longitude: -71.0589, notes: 'From the 1850 census: age 3/12.', detail: '', cause: '', temple: null, ordinance_status: null,
};

/** A contributor's proposal: a new source, and a citation of it (by its `ref`) for the marriage. */
const PROPOSAL_OPERATIONS = [
  { op: 'create', entity: 'source', ref: 's1', data: { title: 'Boston Marriages, 1872', author: 'City of Boston, Registry Department' } },
  { op: 'create', entity: 'citation', data: { source_id: '$s1', relationship_id: PARTNERSHIP_ID, page: 'p. 112, no. 1431', confidence: 3 } },
];

const PROPOSAL_SUMMARY = "Cite the 1872 Boston marriage register for Mary Ann Smith and John Henry Brown's marriage.";
/** The proposal as stored, pending (ProposalRead). */
const PROPOSAL = {
  id: PROPOSAL_ID, tree_id: TREE_ID, status: 'pending', origin: 'contributor', summary: PROPOSAL_SUMMARY, operations: PROPOSAL_OPERATIONS,
  proposer_id: GEORGE.id, reviewer_id: null, apply_error: null, applied_count: 0, created_at: AT, decided_at: null,
};

/** One change of a record, as its history lists it (HistoryEntry); a restore writes one of origin `restore`. */
const change = (type: string, id: string, field: string, before: unknown, after: unknown, restore = false) => ({
  change_id: restore ? '00000000-0000-4000-8000-0000000004d3' : CHANGE_ID, at: AT, actor: { id: HELEN.id, display: HELEN.email },
  action: 'update', origin: restore ? 'restore' : 'api', record: { type, id }, changes: [{ field, before, after }],
});
const MEDIA_TITLE_TEXT = 'Mary Ann Smith, studio portrait, about 1870';
/** Per kind of record with a history: a change of one field (before, after), from the same example records. */
const HISTORY = {
  Citation: ['citation', CITATION_ID, 'page', 'p. 84', 'p. 48, entry 317'],
  Event: ['event', BIRTH_ID, 'date', { qualifier: 'about', year: 1850 }, BIRTH_DATE],
  Media: ['media', MEDIA_ID, 'title', '', MEDIA_TITLE_TEXT],
  Relationship: ['relationship', PARENT_EDGE_ID, 'qualifier', 'adoptive', 'biological'],
  Source: ['source', SOURCE_ID, 'title', 'Boston births 1850', 'Boston Births, 1850'],
  Repository: ['repository', REPOSITORY_ID, 'name', 'Boston Archives', 'Boston City Archives'],
} as const;
const historyOf = (kind: keyof typeof HISTORY) => {
  const [type, id, field, before, after] = HISTORY[kind];
  return { [`get${kind}History`]: { response: [change(type, id, field, before, after)] }, [`restore${kind}Change`]: { response: change(type, id, field, after, before, true) } };
};

const IMPORT_COUNTS = {
  persons: { created: 4, merged: 1, skipped: 0, overwritten: 0 },
  names: { created: 5, skipped: 1 },
  events: { created: 9, skipped: 1 },
  relationships: { created: 5, skipped: 0 },
  sources: { created: 1, reused: 0 },
  repositories: { created: 1, reused: 0 },
  citations: { created: 6, skipped: 0 },
  places: { created: 2, reused: 1 },
  media: { created: 0, skipped: 0 },
};

const ACCOUNT_COUNTS = {
  trees: 1, persons: 6, names: 7, places: 3, relationships: 5, events: 11, repositories: 1, sources: 1, citations: 2, media: 1, proposals: 1, duplicate_dismissals: 0,
};

// ---------------------------------------------------------------------------------------------
// Entries a few schemas share word for word (a create, its read and its update).

const CITATION_TARGET = (what: string): Entry => ({
  description: `The ${what} the citation supports. Give exactly one of person_id, event_id, name_id and relationship_id (422 otherwise).`,
});
const CITED = (what: string, example: string | null): Entry => ({ description: `The ${what} the citation supports; null when it supports another fact.`, example });
const EVENT_DETAIL: Entry = {
  description: "The event's value, as GEDCOM gives it on the event's line: the religion of a `religion` event, the occupation of an `occupation` one, the schooling of an `education` one; empty when none.",
  example: '',
};
const EVENT_NOTES: Entry = { description: 'Free-text notes on the event.', example: 'Birth registered by her father, William Smith, cordwainer.' };
const EVENT_PERSON: Entry = {
  description: 'The person the event is about; null for a partnership\'s event. An event has exactly one subject: person_id or partnership_id (422 otherwise).',
  example: MARY_ID,
};
const EVENT_TYPE: Entry = {
  description: 'What happened: one of a curated list (`birth`, `baptism`, `marriage`, `occupation`, `census`, `probate`...), `custom` (named in `custom_type`), or an LDS ordinance (`lds_*`, with `temple` and `ordinance_status`). A person\'s birth (else baptism, else christening) and death (else burial, else cremation) give their vitals.',
};
const MEDIA_ATTACHED = (what: string, example: string | null): Entry => ({
  description: `The ${what} the item is attached to; null when it is not (an item is attached to at most one person, event or source).`,
  example,
});
const MEDIA_ATTACH_UPDATE = (what: string): Entry => ({
  description: `Attach the item to this ${what} instead (at most one of person_id, event_id and source_id is non-null); null, given alone, detaches it.`,
});
const MEDIA_ATTACH_UPLOAD = (what: string): Entry => ({
  description: `The ${what} to attach the item to; empty or absent: none. At most one of person_id, event_id and source_id.`,
});
const MEDIA_TITLE: Entry = { description: 'A caption for the item; empty when none was given.', example: MEDIA_TITLE_TEXT };
const NAME_NOTES: Entry = { description: 'Notes on this name: where it is found, spellings.', example: NAME_BIRTH.notes };
const NAME_PREFIX: Entry = {
  description: 'A title or prefix before the given name (GEDCOM NPFX), such as `Dr.`, `Sir` or `Rev.`; empty when none. Not part of `display_name`.',
  example: 'Dr.',
};
const NAME_SUFFIX: Entry = {
  description: 'A suffix after the surname (GEDCOM NSFX), such as `Jr.`, `III` or `[FIRST U.S. PRESIDENT]`; empty when none. Not part of `display_name`.',
  example: 'Jr.',
};
const NAME_SURNAME_PREFIX: Entry = {
  description: 'A surname prefix or article written before the surname (GEDCOM SPFX), such as `van`, `de` or `von`; empty when none. '
    + 'The name search finds its words; `surname` holds the rest of the surname.',
  example: 'van',
};
const PERSON_BIRTH_INPUT: Entry = {
  description: 'The birth as `{ date, place }`, written as the person\'s birth event (updated, or created); null deletes it.',
  example: { date: BIRTH_DATE, place: BOSTON },
};
const PERSON_DEATH_INPUT: Entry = {
  description: 'The death as `{ date, place }`, written as the person\'s death event (updated, or created); null deletes it.',
  example: { date: DEATH.date, place: DEATH.place },
};
const PERSON_GIVEN_INPUT: Entry = { description: "The primary name's given name(s).", example: 'Mary Ann' };
const PERSON_NOTES_INPUT: Entry = { description: 'Free-text notes on the person.', example: MARY_NOTES };
const PERSON_SURNAME_INPUT: Entry = { description: "The primary name's surname.", example: 'Smith' };
const PROPOSAL_ID_ENTRY: Entry = { description: "The proposal's id.", example: PROPOSAL_ID };
const RELATIONSHIP_NOTES: Entry = { description: 'Free-text notes on the relationship.', example: 'Eliza is named as "my daughter" in Mary Ann\'s will of 1919.' };
const RELATIONSHIP_QUALIFIER: Entry = {
  description: 'For a `parent_child` edge, the kind of parenthood (required there): `biological`, `adoptive`, `step`, `foster`, `donor` or `guardian`; null for partnerships and associations.',
};
const RELATIONSHIP_ROLE: Entry = {
  description: 'An association\'s role: what person b is to person a (`godparent`, `witness`); null for other types (a value on another type is a 422).',
  example: null,
};
const RELATIONSHIP_TYPE: Entry = {
  description: '`parent_child` (person a is the parent of person b), `partnership` (a couple; symmetric: (a, b) and (b, a) are one edge) or `association` (person a holds it, person b is the associate, `role` says what b is to a).',
};
const ROW_DISPLAY_NAME: Entry = { description: "The person's primary name as shown.", example: 'William Smith' };
const SCORE_LEVEL: Entry = { description: 'How likely the two are one person: `high` or `medium`.' };
const SEX_PROPOSED: Entry = { description: 'The sex the apply would set; null on a row left out as ambiguous (`include_ambiguous=true`).', example: 'female' };
const SEX_ROW: Entry = { description: 'Always null: the sex tools list only people whose sex is unset.' };
const SOURCE_NOTES: Entry = { description: 'Notes on the source: where it is held, its condition.', example: 'A transcript; the original volume is at the Boston City Archives.' };
const SOURCE_TITLE: Entry = { description: "The source's title.", example: 'Boston Births, 1850' };
const SOURCE_REPOSITORIES: Entry = {
  description: 'The repositories that hold the source (GEDCOM SOUR.REPO), each a live repository of this tree named once, with its call number. At most 100; an update replaces the list.',
  example: [{ repository_id: REPOSITORY_ID, call_number: 'Vol. 37, film 0457220' }],
};
const REPOSITORY_NAME: Entry = { description: "The repository's name: an archive, a library, a church office or a person.", example: 'Boston City Archives' };
const REPOSITORY_ADDRESS: Entry = { description: 'Its postal address as lines of text; empty when none.', example: '201 Rivermoor Street\nWest Roxbury, MA 02132' };
const REPOSITORY_NOTES: Entry = { description: 'Notes on the repository: opening hours, how to order copies.', example: 'Research room by appointment.' };
const TREE_ID_ENTRY: Entry = { description: "The tree's id.", example: TREE_ID };

/** By record kind; in each group the plain keys come first, then the `Owner.field` ones, each in alphabetical order. */
export const FIELDS: Readonly<Record<string, Entry>> = {
  // --- Shared: fields that mean the same in every record that has them.
  created_at: { description: 'When the record was created (ISO 8601, UTC).' },
  deleted_at: { description: 'When the record was soft-deleted (recoverable until the purge, PURGE_AFTER_DAYS later, 30 by default); null while it is live.', example: null },
  display_name: { description: "The person's primary name as shown (`Unknown` when it has no given name or surname).", example: 'Mary Ann Smith' },
  person_id: { description: "The person's id.", example: MARY_ID },
  tree_id: { description: 'The tree the record belongs to.', example: TREE_ID },
  updated_at: { description: 'When the record last changed (ISO 8601, UTC).' },

  // --- Errors: the problem+json body of every error.
  code: {
    description: 'A stable machine word for what went wrong (`not_found`, `invalid_input`, `invalid_reference`, `last_owner`...): branch on this, not on the words.',
    example: 'invalid_reference',
  },
  detail: { description: 'What went wrong, in words for a person to read.', example: 'No such relationship.' },
  'FieldError.message': { description: 'What is wrong with it (`required`, `at most 500 characters`...).', example: 'required' },
  'FieldError.path': { description: 'Where the field is in the request: dotted, with list indexes (`birth.date.month`, `operations[2].data.sex`).', example: 'birth.date.month' },
  'Problem.errors': { description: 'The fields at fault, one entry each, when the problem is about particular fields of the request (mostly 422).' },
  'Problem.status': { description: 'The HTTP status code, as on the response.', example: 422 },
  'Problem.title': { description: 'The HTTP reason phrase of `status` (`Not Found`, `Unprocessable Content`...).', example: 'Unprocessable Content' },
  'Problem.type': { description: 'A URI naming the problem type: `about:blank#` followed by `code`.', example: 'about:blank#invalid_reference' },

  // --- Accounts and sessions.
  email: { description: "The account's email address: its sign-in name.", example: HELEN.email },
  new_password: { description: 'The new password, at least 8 characters (else 422 weak_password).', example: 'correct horse battery staple' },
  password: { description: "The account's password (a new one: at least 8 characters, else 422 weak_password).", example: 'correct horse battery staple' },
  'AccountDeletion.email': { description: "The account's email, retyped to confirm the deletion (422 email_mismatch when it differs).", example: HELEN.email },
  'AuthResult.token': {
    description: 'The session token: send it as `Authorization: Bearer <token>`. The same session is also set as the HttpOnly `session` cookie.',
    example: '9JZyUb33DBINylOq7eHToyUMCZborgyJ4AQlRgNjX2o',
  },
  'AuthResult.user': { description: 'The signed-in user.' },
  'ChangePassword.current_password': { description: 'The current password, verified again (422 wrong_password when it does not match).', example: 'Tr0ub4dor&3' },
  'PasswordResetConfirm.token': { description: 'The token of the reset link (its `token=` value).', example: 'sxRzw6D2h8Fqgv82LbUMUazGXgwuY6DVfDUaPLKEcC0' },
  'PasswordResetRequest.email': { description: 'The email of the account to reset; the answer is the same whether or not an account has it.', example: HELEN.email },
  'SelfPersonUpdate.person_id': { description: 'The person the caller is ("this is me"): a live person they see in full; null clears it.', example: HELEN_PERSON_ID },
  'TokenBody.token': { description: 'The token of the verification link (its `token=` value).', example: 'Q31oiHDdHRkvVgnB_WFqzBVdyIp6jqUzr03N4CZtpAE' },
  'UserRead.email_verified': { description: 'True once the email was confirmed through the mailed link; the instance owner role needs it.', example: true },
  'UserRead.id': { description: "The user's id.", example: HELEN.id },
  'UserRead.is_instance_owner': { description: "True when the account's email is listed in OWNER_EMAIL and verified: the operator, who may read GET /admin/instance (and no tree data through it)." },
  'UserRead.self_person_id': { description: 'The person the user is ("this is me"); null when unset. Cleared when that person is deleted.', example: HELEN_PERSON_ID },

  // --- Account backup: an export restored into new trees.
  'AccountCounts.citations': { description: 'Citations.', example: ACCOUNT_COUNTS.citations },
  'AccountCounts.duplicate_dismissals': { description: 'Pairs of persons dismissed as not duplicates.', example: ACCOUNT_COUNTS.duplicate_dismissals },
  'AccountCounts.events': { description: 'Life events.', example: ACCOUNT_COUNTS.events },
  'AccountCounts.media': { description: 'Media items, their files stored again and checked against their checksums.', example: ACCOUNT_COUNTS.media },
  'AccountCounts.names': { description: 'Names.', example: ACCOUNT_COUNTS.names },
  'AccountCounts.persons': { description: 'Persons.', example: ACCOUNT_COUNTS.persons },
  'AccountCounts.places': { description: 'Places (each place text of a tree once).', example: ACCOUNT_COUNTS.places },
  'AccountCounts.proposals': { description: 'Change proposals.', example: ACCOUNT_COUNTS.proposals },
  'AccountCounts.relationships': { description: 'Relationships (parent-child, partnership and association edges).', example: ACCOUNT_COUNTS.relationships },
  'AccountCounts.repositories': { description: 'Repositories (archives and libraries that hold sources).', example: ACCOUNT_COUNTS.repositories },
  'AccountCounts.sources': { description: 'Sources.', example: ACCOUNT_COUNTS.sources },
  'AccountCounts.trees': { description: 'Trees.', example: ACCOUNT_COUNTS.trees },
  'AccountImportReport.counts': { description: 'Records restored, by kind: for this tree, and at the top for the whole backup.', example: ACCOUNT_COUNTS },
  'AccountImportReport.email': { description: "The member's email in the backup.", example: GEORGE.email },
  'AccountImportReport.id': { description: "The new tree's id.", example: TREE_ID },
  'AccountImportReport.members_not_restored': {
    description: "The tree's other members in the backup: not restored (only the caller becomes a member); add them again by email.",
  },
  'AccountImportReport.name': { description: "The restored tree's name.", example: TREE_NAME },
  'AccountImportReport.source_id': { description: "The tree's id in the backup (the tree it was exported from).", example: BACKUP_TREE_ID },
  'AccountImportReport.trees': { description: 'One entry per restored tree: a new tree owned by the caller, with new ids throughout.' },

  // --- Trees, members, the AI policy, the audit trail and the instance.
  ai_member_provider: {
    description: 'The configured AI provider (its name in AI_PROVIDERS) the members\' assistant uses; null: none, and the assistant answers 409 ai_disabled. A name that is not configured is a 422.',
    example: 'openai',
  },
  ai_recommender_provider: {
    description: 'The configured AI provider (its name in AI_PROVIDERS) that re-ranks recommendations and explains them; null: none, the service\'s own ranking stands.',
    example: null,
  },
  description: { description: "What the tree holds, in words for its readers; empty when none.", example: 'Descendants of William Smith of Boston, and of Mary Ann Smith and John Henry Brown, married there in 1872.' },
  home_person_id: { description: 'The home person the tree and family views open on; null: none. Cleared when that person is deleted.', example: MARY_ID },
  model: { description: 'The model the provider runs, as configured in AI_PROVIDERS.', example: 'gpt-4o-mini' },
  name: { description: "The tree's name.", example: TREE_NAME },
  role: {
    description: 'A member\'s role in the tree: `owner` (everything, including members, the AI policy, delete and purge), `editor` (writes records, applies proposals) or `viewer` (reads, proposes changes).',
    example: 'editor',
  },
  visibility: {
    description: 'Who may view the tree besides its members: `private` (members only), `site_members` (any signed-in user of this instance), `unlisted` (anyone with the link; never in the directory) or `public` (anyone; listed in the directory). Non-members see possibly living persons redacted. A new tree is `private` unless one is given.',
    example: 'public',
  },
  'AiPolicyRead.ai_member_available': { description: 'True when ai_member_provider names a configured provider.', example: true },
  'AiPolicyRead.ai_recommender_available': { description: 'True when ai_recommender_provider names a configured provider (false when it is null).' },
  'AiPolicyRead.available': {
    description: 'False when the policy names a provider that is no longer configured (removed from AI_PROVIDERS; the assistant then answers 409 ai_disabled); true when every provider it names is configured.',
    example: true,
  },
  'AiPolicyRead.providers': { description: 'The providers configured on this instance, by name and model; never a key.' },
  'AiProviderRead.name': { description: "The provider's name, as AI_PROVIDERS configures it and a tree's policy names it.", example: 'openai' },
  'AuditEntryRead.action': { description: 'What was done, as `kind.verb` (`person.update`, `member.change_role`, `gedcom.import`, `tree.update_ai_policy`...).', example: 'person.update' },
  'AuditEntryRead.actor_id': { description: 'The user who acted; null when no user did (a system run).', example: HELEN.id },
  'AuditEntryRead.details': {
    description: 'The ids, counts and codes of the change, never its content (no names, notes, places, dates or emails): for a patch, which fields it gave.',
    example: { is_living: false, notes: true, death: true },
  },
  'AuditEntryRead.entity_id': { description: 'The id of the record acted on.', example: MARY_ID },
  'AuditEntryRead.entity_type': {
    description: 'The kind of record acted on: `tree`, `person`, `name`, `event`, `relationship`, `source`, `citation`, `media`, `membership`, `proposal`, `user`...',
    example: 'person',
  },
  'AuditEntryRead.id': { description: "The audit entry's id (ids are time-ordered).", example: AUDIT_ID },
  'AuditEntryRead.tree_id': { description: 'The tree acted on; null once the tree is purged (its audit entries stay).', example: TREE_ID },
  'InstanceStatus.ai_providers': { description: 'The AI providers configured on this instance, by name and model; never a key.' },
  'InstanceStatus.environment': { description: 'The deployment environment the service runs in (APP_ENV, else NODE_ENV; `production` by default).', example: 'production' },
  'InstanceStatus.tree_count': { description: 'Trees on this instance.', example: 57 },
  'InstanceStatus.user_count': { description: 'Accounts on this instance.', example: 42 },
  'InstanceStatus.version': { description: "The service's version.", example: '0.1.0' },
  'MemberCreate.email': { description: 'The email of an existing account to add (404 when no account has it; 409 when it is a member already).', example: GEORGE.email },
  'MemberRead.email': { description: "The member's email: the member list is shown to members only.", example: GEORGE.email },
  'MemberRead.joined_at': { description: 'When the user became a member of the tree.' },
  'MemberRead.user_id': { description: "The member's user id.", example: GEORGE.id },
  'PublicTreeRead.id': TREE_ID_ENTRY,
  'TreePurge.name': { description: "The tree's name, retyped to confirm the purge (422 when it differs).", example: TREE_NAME },
  'TreeRead.id': TREE_ID_ENTRY,
  'TreeRead.owner_id': { description: "The tree's longest-standing owner (a tree may have several); left out for a non-member.", example: HELEN.id },
  'TreeRead.role': { description: "The caller's role in this tree; null for a non-member reading a tree they may view.", example: 'owner' },

  // --- Persons: the person record, its identifiers and vitals.
  given_name: { description: 'Given name(s), in the order used.', example: 'Mary Ann' },
  identifiers: {
    description: 'Numbers other programs gave the person: `refn` (a user reference number, with its type), `afn` (an Ancestral File number) or `uid` (a unique id, GEDCOM _UID/UID). On a write the list replaces the person\'s identifiers (at most 100).',
    example: IDENTIFIERS,
  },
  is_living: {
    description: 'Whether the person is alive: true, false, or null (unknown: the privacy engine then deems them possibly living when they have no death fact and were born within 100 years or have no known birth). An explicit value wins over that rule.',
    example: false,
  },
  privacy: {
    description: "The person's own privacy setting: `default` (the privacy engine decides), `public` (shown in full to anyone who may view the tree, even if living: the family's choice) or `private` (hidden from every non-member).",
  },
  sex: { description: '`male` or `female`; null: unset. GEDCOM `U` and `X` import as null.', example: 'female' },
  surname: { description: 'The surname (family name).', example: 'Smith' },
  value: { description: 'The identifier as written.', example: 'SB-0017' },
  'DeletedCount.deleted': { description: 'How many persons were soft-deleted: the person, and with `cascade=true` their descendants too.', example: 1 },
  'PersonCreate.birth': PERSON_BIRTH_INPUT,
  'PersonCreate.death': PERSON_DEATH_INPUT,
  'PersonCreate.given_name': PERSON_GIVEN_INPUT,
  'PersonCreate.notes': PERSON_NOTES_INPUT,
  'PersonCreate.surname': PERSON_SURNAME_INPUT,
  'PersonIdentifier.kind': { description: '`refn` (a user reference number), `afn` (an Ancestral File number) or `uid` (a unique id another program gave).' },
  'PersonIdentifier.type': { description: 'For a `refn`, what the number refers to (GEDCOM REFN TYPE); null: none.', example: 'Smith family register' },
  'PersonIdentifierInput.kind': { description: '`refn` (a user reference number), `afn` (an Ancestral File number) or `uid` (a unique id another program gave).' },
  'PersonIdentifierInput.type': { description: 'For a `refn`, what the number refers to (GEDCOM REFN TYPE); absent or null: none.', example: 'Smith family register' },
  'PersonRead.birth': {
    description: "The birth, read from the person's birth event (else baptism, else christening): its event, date and place; null when none, or redacted.",
    example: BIRTH,
  },
  'PersonRead.death': {
    description: "The death, read from the person's death event (else burial, else cremation): its event, date and place; null when none, or redacted.",
    example: DEATH,
  },
  'PersonRead.display_name': { description: "The primary name as shown (`Unknown` when it has neither part); `Living person` when redacted.", example: 'Mary Ann Smith' },
  'PersonRead.given_name': { description: "The primary name's given name(s); null when redacted.", example: 'Mary Ann' },
  'PersonRead.id': { description: "The person's id.", example: MARY_ID },
  'PersonRead.identifiers': { description: 'Numbers other programs gave the person (REFN with its type, AFN, unique ids); null when redacted.', example: IDENTIFIERS },
  'PersonRead.is_living': { description: 'true, false, or null: unknown (the privacy engine decides whether the person is possibly living); null also when redacted.' },
  'PersonRead.merged_into': { description: 'The person this one was merged into (a deleted person, listed with `?deleted=true`); null otherwise, and when redacted.', example: null },
  'PersonRead.names': { description: "The person's names, on single reads, `?ids=` batches and searches; none for a redacted person.", example: [NAME_BIRTH, NAME_MARRIED] },
  'PersonRead.notes': { description: 'Free-text notes on the person; null when redacted.', example: MARY_NOTES },
  'PersonRead.privacy': { description: "The person's privacy setting: `default` (the privacy engine decides), `public` (in full to anyone who may view the tree) or `private` (hidden from non-members); null when redacted." },
  'PersonRead.redacted': {
    description: 'True when the reader (a non-member) sees a possibly living person redacted: display_name is `Living person`, and every other field but id and tree_id is null (no names).',
  },
  'PersonRead.sex': { description: '`male` or `female`; null when unset, or redacted.', example: 'female' },
  'PersonRead.surname': { description: "The primary name's surname; null when redacted.", example: 'Smith' },
  'PersonUpdate.birth': PERSON_BIRTH_INPUT,
  'PersonUpdate.death': PERSON_DEATH_INPUT,
  'PersonUpdate.given_name': PERSON_GIVEN_INPUT,
  'PersonUpdate.notes': PERSON_NOTES_INPUT,
  'PersonUpdate.surname': PERSON_SURNAME_INPUT,
  'VitalRead.event_id': { description: 'The event the date and place are read from.', example: BIRTH_ID },

  // --- Dates and places, of vitals and events.
  date: {
    description: 'The date as a structured genealogical date (qualifier and parts); null: no date known.',
    example: BIRTH_DATE,
  },
  date_display: { description: 'The date as GEDCOM writes it (`12 MAR 1850`, `ABT 1850`, `BET 1850 AND 1855`); null when there is no date.', example: '12 MAR 1850' },
  place: {
    description: 'The place as text, by custom from the most particular part to the most general (`Boston, Suffolk, Massachusetts, USA`); a tree keeps one place per text, shared by every event there. null: no place.',
    example: BOSTON,
  },
  'GenealogicalDate.calendar': { description: 'The calendar of the year, month and day: `julian`, `hebrew` or `french_r` (French Republican); absent: Gregorian.' },
  'GenealogicalDate.day': { description: 'The day of the month, 1 to 31; absent when unknown.' },
  'GenealogicalDate.end_day': { description: 'The end date\'s day of a `between` or `from_to` date.' },
  'GenealogicalDate.end_month': { description: 'The end date\'s month of a `between` or `from_to` date.' },
  'GenealogicalDate.end_year': { description: 'The end date\'s year of a `between` (BET … AND …) or `from_to` (FROM … TO …) date.' },
  'GenealogicalDate.month': { description: 'The month, 1 to 12 (to 13 in the Hebrew and French Republican calendars); absent when unknown.' },
  'GenealogicalDate.qualifier': {
    description: 'How the date is meant: `exact`, `about` (ABT), `estimated` (EST), `calculated` (CAL), `before` (BEF), `after` (AFT), `between` (BET … AND …, the end in end_*), `from_to` (a period FROM … TO …) or `text` (a phrase, in `text`).',
  },
  'GenealogicalDate.year': { description: 'The year, 1 to 9999; absent when unknown.' },

  // --- Names: a person's typed names, one of them primary.
  is_primary: {
    description: "True for the person's primary name (exactly one per person): the given name and surname the person record shows. Setting it makes this name the primary one.",
    example: true,
  },
  name_type: { description: 'The kind of name: `birth`, `maiden`, `married`, `alias`, `nickname`, `religious`, `professional` or `other`.' },
  'NameCreate.notes': NAME_NOTES,
  'NameCreate.prefix': NAME_PREFIX,
  'NameCreate.suffix': NAME_SUFFIX,
  'NameCreate.surname_prefix': NAME_SURNAME_PREFIX,
  'NameRead.id': { description: "The name's id.", example: NAME_BIRTH_ID },
  'NameRead.notes': NAME_NOTES,
  'NameRead.person_id': { description: 'The person who bears the name.', example: MARY_ID },
  'NameRead.prefix': NAME_PREFIX,
  'NameRead.suffix': NAME_SUFFIX,
  'NameRead.surname_prefix': NAME_SURNAME_PREFIX,
  'NameUpdate.notes': NAME_NOTES,
  'NameUpdate.prefix': NAME_PREFIX,
  'NameUpdate.suffix': NAME_SUFFIX,
  'NameUpdate.surname_prefix': NAME_SURNAME_PREFIX,

  // --- Events: life events of a person or of a partnership.
  custom_type: { description: 'The name of a `custom` event (`Apprenticeship`; required there, else 422); null for every other type (a value there is dropped).', example: null },
  ordinance_status: { description: 'LDS ordinances (`lds_*`) only: the ordinance status (GEDCOM STAT, e.g. `COMPLETED`); null for every other type (a value there is a 422).', example: null },
  partnership_id: {
    description: 'The partnership (a relationship of type `partnership`) a couple\'s event is about; null for a person\'s event. An event has exactly one subject: person_id or partnership_id.',
    example: null,
  },
  cause: { description: "What caused the event, as the record says it (GEDCOM CAUS): a death's `pneumonia`; empty when not known.", example: '' },
  temple: { description: 'LDS ordinances (`lds_*`) only: the temple code (GEDCOM TEMP); null for every other type (a value there is a 422).', example: null },
  'EventCreate.detail': EVENT_DETAIL,
  'EventCreate.notes': EVENT_NOTES,
  'EventCreate.person_id': EVENT_PERSON,
  'EventCreate.type': EVENT_TYPE,
  'EventRead.detail': EVENT_DETAIL,
  'EventRead.id': { description: "The event's id.", example: BIRTH_ID },
  'EventRead.notes': EVENT_NOTES,
  'EventRead.person_id': { description: "The person the event is about; null for a partnership's event.", example: MARY_ID },
  'EventRead.place_latitude': {
    description: "The latitude of the event's place in signed decimal degrees (north positive; GEDCOM PLAC.MAP.LATI); null: no place, or a place without coordinates.",
    example: 42.3601,
  },
  'EventRead.place_longitude': {
    description: "The longitude of the event's place in signed decimal degrees (east positive; GEDCOM PLAC.MAP.LONG); null when the latitude is.",
    example: -71.0589,
  },
  'EventRead.place_id': { description: "The tree's place record the place text names (shared by every event at that place); null: no place.", example: BOSTON_ID },
  'EventRead.type': EVENT_TYPE,
  'EventUpdate.detail': EVENT_DETAIL,
  'EventUpdate.notes': EVENT_NOTES,
  'EventUpdate.person_id': EVENT_PERSON,
  'EventUpdate.type': EVENT_TYPE,

  // --- Relationships: parent-child, partnership and association edges.
  person_a_id: { description: 'Person a: the parent of a `parent_child` edge, one partner of a `partnership`, the holder of an `association`.', example: MARY_ID },
  person_b_id: { description: 'Person b: the child, the other partner, or the associate.', example: ELIZA_ID },
  'RelationshipCreate.notes': RELATIONSHIP_NOTES,
  'RelationshipCreate.qualifier': { ...RELATIONSHIP_QUALIFIER, example: 'biological' },
  'RelationshipCreate.role': RELATIONSHIP_ROLE,
  'RelationshipCreate.type': RELATIONSHIP_TYPE,
  'RelationshipRead.id': { description: "The relationship's id.", example: PARENT_EDGE_ID },
  'RelationshipRead.notes': { description: 'Free-text notes on the relationship; null for a non-member when either person is not fully visible.', example: RELATIONSHIP_NOTES.example },
  'RelationshipRead.qualifier': { description: `${RELATIONSHIP_QUALIFIER.description} Null too for a non-member when either person is not fully visible.`, example: 'biological' },
  'RelationshipRead.role': {
    description: "An association's role: what person b is to person a (`godparent`, `witness`); null for other types, and for a non-member when either person is not fully visible.",
    example: null,
  },
  'RelationshipRead.type': RELATIONSHIP_TYPE,
  'RelationshipUpdate.notes': RELATIONSHIP_NOTES,
  'RelationshipUpdate.qualifier': { ...RELATIONSHIP_QUALIFIER, example: 'biological' },
  'RelationshipUpdate.role': RELATIONSHIP_ROLE,

  // --- Repositories: who holds sources.
  'RepositoryCreate.address': REPOSITORY_ADDRESS,
  'RepositoryCreate.name': REPOSITORY_NAME,
  'RepositoryCreate.notes': REPOSITORY_NOTES,
  'RepositoryRead.address': REPOSITORY_ADDRESS,
  'RepositoryRead.id': { description: "The repository's id.", example: REPOSITORY_ID },
  'RepositoryRead.name': REPOSITORY_NAME,
  'RepositoryRead.notes': REPOSITORY_NOTES,
  'RepositoryUpdate.address': REPOSITORY_ADDRESS,
  'RepositoryUpdate.name': REPOSITORY_NAME,
  'RepositoryUpdate.notes': REPOSITORY_NOTES,

  // --- Sources and citations: a source, and the facts it supports.
  author: { description: 'Who wrote or compiled the source; empty when unknown.', example: 'City of Boston, Registry Department' },
  confidence: {
    description: 'How reliable the evidence is, as GEDCOM QUAY: 0 unreliable, 1 questionable, 2 secondary evidence, 3 direct and primary evidence; null: not assessed.',
    example: 3,
  },
  page: { description: 'Where in the source: page, folio, entry or image number; empty when not given.', example: 'p. 48, entry 317' },
  publication: { description: 'Publication facts: publisher, place and year, or the archive and its reference; empty when none.', example: 'Boston: Municipal Printing Office, 1894' },
  entry_date: { description: 'When the source recorded the fact, as written (GEDCOM SOUR.DATA.DATE: `3 JAN 1900`); empty when not known.', example: '' },
  'CitationCreate.notes': { description: "The researcher's notes on this citation (GEDCOM NOTE under the citation).", example: '' },
  'CitationRead.notes': { description: "The researcher's notes on this citation (GEDCOM NOTE under the citation); empty when none.", example: '' },
  'CitationUpdate.notes': { description: "The researcher's notes on this citation (GEDCOM NOTE under the citation).", example: '' },
  'CitationCreate.detail': { description: 'What the source says for this fact, transcribed or summarised.', example: 'Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.' },
  'CitationCreate.event_id': CITATION_TARGET('event'),
  'CitationCreate.name_id': CITATION_TARGET('name'),
  'CitationCreate.person_id': CITATION_TARGET('person'),
  'CitationCreate.relationship_id': CITATION_TARGET('relationship'),
  'CitationCreate.source_id': { description: 'The source cited, of the same tree.', example: SOURCE_ID },
  'CitationRead.detail': { description: 'What the source says for this fact, transcribed or summarised; empty when none.', example: 'Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.' },
  'CitationRead.event_id': CITED('event', BIRTH_ID),
  'CitationRead.id': { description: "The citation's id.", example: CITATION_ID },
  'CitationRead.name_id': CITED('name', null),
  'CitationRead.person_id': CITED('person', null),
  'CitationRead.relationship_id': CITED('relationship', null),
  'CitationRead.source_id': { description: 'The source cited.', example: SOURCE_ID },
  'CitationUpdate.detail': { description: 'What the source says for this fact, transcribed or summarised.', example: 'Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.' },
  abbreviation: { description: 'A short title to file or find the source by (GEDCOM ABBR); empty when none.', example: 'Boston Births 1850' },
  agency: { description: 'The person or office responsible for the records the source holds (GEDCOM SOUR.DATA.AGNC); empty when none.', example: 'City of Boston, Registry Department' },
  call_number: { description: 'The number the repository files the source under (GEDCOM CALN); empty when none.', example: 'Vol. 37, film 0457220' },
  data_notes: { description: 'Notes on the records the source holds (GEDCOM SOUR.DATA.NOTE), apart from the source\'s own notes; empty when none.', example: 'Entries for 1850 are missing from March to May.' },
  events: { description: 'The kinds of events recorded, as GEDCOM event tags separated by commas (GEDCOM SOUR.DATA.EVEN).', example: 'BIRT' },
  recorded_events: {
    description: 'What the source records (GEDCOM SOUR.DATA.EVEN): kinds of events, each with the period (a GEDCOM date, as text) and the place it covers. At most 100; an update replaces the list.',
    example: [{ events: 'BIRT', date: 'FROM 1850 TO 1850', place: 'Boston, Suffolk, Massachusetts' }],
  },
  repository_id: { description: 'A repository of the same tree.', example: REPOSITORY_ID },
  'RecordedEventsRead.date': { description: 'The period the source covers for these events, as a GEDCOM date written as text (`FROM 1850 TO 1855`); empty when not given.', example: 'FROM 1850 TO 1850' },
  'RecordedEventsRead.place': { description: 'The place the source covers for these events, as written; empty when not given.', example: 'Boston, Suffolk, Massachusetts' },
  'RecordedEvents.date': { description: 'The period the source covers for these events, as a GEDCOM date written as text (`FROM 1850 TO 1855`); empty or left out when not known.', example: 'FROM 1850 TO 1850' },
  'RecordedEvents.place': { description: 'The place the source covers for these events, as written; empty or left out when not known.', example: 'Boston, Suffolk, Massachusetts' },
  'SourceCreate.repositories': SOURCE_REPOSITORIES,
  'SourceRead.repositories': { ...SOURCE_REPOSITORIES, description: 'The repositories that hold the source, each with its call number, in order (GEDCOM SOUR.REPO); a link to a repository deleted since stays listed.' },
  'SourceUpdate.repositories': SOURCE_REPOSITORIES,
  'SourceCreate.notes': SOURCE_NOTES,
  'SourceCreate.title': SOURCE_TITLE,
  'SourceRead.id': { description: "The source's id.", example: SOURCE_ID },
  'SourceRead.notes': SOURCE_NOTES,
  'SourceRead.title': SOURCE_TITLE,
  'SourceUpdate.notes': SOURCE_NOTES,
  'SourceUpdate.title': SOURCE_TITLE,

  // --- Media: files in the object store, attached to a person, an event or a source.
  checksum: { description: 'SHA-256 of the bytes, lower-case hex (the content\'s ETag).', example: '6210a06a067fabc2b1484d31f0324d521534c6b3b7df352d1fd7db71dfb12b4d' },
  url: { description: 'The content endpoint of this item under BASE_URL (GET /media/{id}/content).', example: `https://genealogy.example.org/api/v1/media/${MEDIA_ID}/content` },
  'MediaRead.content_type': { description: 'The media type the service read from the bytes at upload (`image/jpeg`, `application/pdf`...), served as the content\'s Content-Type.', example: 'image/jpeg' },
  'MediaRead.event_id': MEDIA_ATTACHED('event', null),
  'MediaRead.file_name': { description: "The file's name as uploaded, without any directory.", example: 'mary-ann-smith-1870.jpg' },
  'MediaRead.file_path': {
    description: "The file's path as a GEDCOM file named it (OBJE.FILE), written back on export; empty for an item uploaded here.",
    example: '',
  },
  'MediaRead.file_uploaded': {
    description: 'False for a record a GEDCOM import made from an OBJE whose file did not come with it: it has no bytes (`size` 0, `checksum` and `content_type` empty), its content is 409 `file_not_uploaded` until `PUT /media/{id}/file` brings them.',
    example: true,
  },
  'MediaRead.form': { description: "The file's format as a GEDCOM file gave it (OBJE.FILE.FORM: `jpg`, `image/jpeg`); empty when none.", example: '' },
  'MediaRead.id': { description: "The media item's id.", example: MEDIA_ID },
  'MediaRead.person_id': MEDIA_ATTACHED('person', MARY_ID),
  'MediaRead.size': { description: "The file's size in bytes.", example: 482113 },
  'MediaRead.source_id': MEDIA_ATTACHED('source', null),
  'MediaRead.title': MEDIA_TITLE,
  'MediaUpdate.event_id': MEDIA_ATTACH_UPDATE('event'),
  'MediaUpdate.person_id': MEDIA_ATTACH_UPDATE('person'),
  'MediaUpdate.source_id': MEDIA_ATTACH_UPDATE('source'),
  'MediaUpdate.title': MEDIA_TITLE,
  'MediaUpload.event_id': MEDIA_ATTACH_UPLOAD('event'),
  'MediaUpload.person_id': MEDIA_ATTACH_UPLOAD('person'),
  'MediaUpload.source_id': MEDIA_ATTACH_UPLOAD('source'),
  'MediaUpload.title': MEDIA_TITLE,

  // --- GEDCOM: import uploads, previews and reports.
  birth_year: { description: 'The birth year; null when unknown.', example: 1850 },
  import_id: { description: "The GEDCOM import's id, as the tree's import list names it (undo: POST /trees/{id}/imports/{import_id}/undo).", example: IMPORT_ID },
  resolutions: {
    description: 'JSON text: an object from incoming xref (`"@I1@"`, as the preview gives it) to `{ "action", "target_id"? }`, overriding `default_action` for that person.',
    example: JSON.stringify({ '@I1@': { action: 'merge', target_id: MARY_ID } }),
  },
  unmapped_tags: {
    description: 'GEDCOM structures the import does not map to the model, by tag path, with how often and where they first occur, and how many of their lines are kept verbatim on the record they came from and written back in place by export (`kept_lines`; 0 for HEAD\'s own lines, which export writes anew).',
    example: [{ tag: 'INDI._FSFTID', count: 5, first_line: 14, kept_lines: 5 }],
  },
  warning_count: { description: 'How many warnings there were in all (the list holds the first 1,000).', example: 1 },
  warnings: {
    description: 'What the reader found wrong or doubtful in the file, in file order: the line number and what it did about it. At most 1,000 are listed.',
    example: [{ line: 1843, message: 'the file ends without TRLR' }],
  },
  'DuplicateCandidate.person_id': { description: 'The existing person of the tree.', example: MARY_ID },
  'DuplicateCandidate.score': SCORE_LEVEL,
  'DuplicateCandidate.similarity': { description: "The best trigram similarity between any of the incoming person's names and any of the candidate's, 0 to 1 (1: the same).", example: 1 },
  'GedcomImportReport.citations': { description: 'Citations created and skipped.', example: IMPORT_COUNTS.citations },
  'GedcomImportReport.created': { description: 'How many were created.' },
  'GedcomImportReport.events': { description: 'Events created and skipped.', example: IMPORT_COUNTS.events },
  'GedcomImportReport.media': { description: 'Media items created and skipped (a GEDZIP\'s files).', example: IMPORT_COUNTS.media },
  'GedcomImportReport.merged': { description: 'Incoming persons merged into an existing person (`merge`): their names as alternates, events, citations and notes added to it.' },
  'GedcomImportReport.names': { description: 'Names created and skipped.', example: IMPORT_COUNTS.names },
  'GedcomImportReport.overwritten': { description: 'Existing persons soft-deleted and imported fresh (`overwrite`).' },
  'GedcomImportReport.persons': { description: 'Incoming persons: created, merged, skipped and overwritten.', example: IMPORT_COUNTS.persons },
  'GedcomImportReport.places': { description: 'Places created, and reused (a place of the tree with the same text).', example: IMPORT_COUNTS.places },
  'GedcomImportReport.relationships': { description: 'Relationships created and skipped (an edge the pair has already is never created twice).', example: IMPORT_COUNTS.relationships },
  'GedcomImportReport.repositories': { description: 'Repositories created from the file\'s REPO records, and reused (a live repository of the tree with the same name and address).', example: IMPORT_COUNTS.repositories },
  'GedcomImportReport.reused': { description: 'Reused instead of created: a source of the tree with the same title, author and publication; a place with the same text.' },
  'GedcomImportReport.skipped': {
    description: 'Persons: linked to an existing person with nothing copied (`skip`). Other kinds: not created, because the record is there already (on a merge target, an edge the pair has), belongs to a skipped person, or cannot be placed (a warning says why).',
  },
  'GedcomImportReport.sources': { description: 'Sources created, and reused.', example: IMPORT_COUNTS.sources },
  'GedcomImportUpload.default_action': {
    description: 'What to do with an incoming person whose best existing candidate scores high, unless `resolutions` names them: `new` (create a new person; the default), `skip` (link families to the existing person, copy nothing), `merge` (add the incoming names as alternates, events, citations and notes to the existing person) or `overwrite` (soft-delete the existing person and import the incoming one fresh).',
  },
  'GedcomMatch.candidates': { description: 'Existing persons of the tree this one may be, each scored `high` or `medium`, with the reasons.' },
  'GedcomMatch.display_name': { description: "The incoming person's name, as the file gives it.", example: 'Mary Ann Smith' },
  'GedcomMatch.xref': { description: "The incoming person's cross-reference as the file writes it, at signs included: the key of the import's `resolutions`.", example: '@I1@' },
  'GedcomPreview.counts': { description: 'What the file holds: persons (INDI records), families (FAM) and sources (SOUR).', example: { persons: 5, families: 2, sources: 1 } },
  'GedcomPreview.families': { description: 'Families (FAM records) in the file.' },
  'GedcomPreview.matches': { description: 'Incoming persons that resemble existing ones, each with its candidates.' },
  'GedcomPreview.persons': { description: 'Persons (INDI records) in the file.' },
  'GedcomPreview.sources': { description: 'Sources (SOUR records) in the file.' },
  'GedcomWarning.line': { description: 'The line of the file it concerns.' },
  'GedcomWarning.message': { description: 'What is wrong and what the reader did about it.' },
  'UnmappedTag.count': { description: 'How many lines carry it.' },
  'UnmappedTag.first_line': { description: 'The line number of its first occurrence.' },
  'UnmappedTag.kept_lines': { description: 'How many lines of these structures (their substructures and CONT lines included) are kept verbatim, to be written back in place by GEDCOM export. Less than the lines they had only for HEAD\'s own lines and what no record takes.' },
  'UnmappedTag.tag': { description: 'The tag path (`INDI.BIRT._UID`), as the file writes its tags.' },

  // --- History: a tree's GEDCOM imports, and every record's changes.
  'GedcomImport.actor': { description: 'Who imported: `id` the user\'s id and `display` their email, each null for an account since removed.', example: { id: HELEN.id, display: HELEN.email } },
  'GedcomImport.at': { description: 'When the import ran.' },
  'GedcomImport.counts': { description: "The import report's counts, by kind of record (created, merged, skipped, reused...).", example: IMPORT_COUNTS },
  'GedcomImport.display': { description: "In `actor`: the user's email; null for an account since removed." },
  'GedcomImport.file_name': { description: "The uploaded file's name as the client gave it; empty when none.", example: 'smith-brown-family.ged' },
  'GedcomImport.id': { description: "In `actor`: the user's id; null for an account since removed." },
  'GedcomImport.undone_at': { description: 'When the import was undone; null while it stands.', example: null },
  'GedcomImportUndone.deleted': {
    description: 'Records the import created, now soft-deleted (recoverable until the purge), by kind.',
    example: { person: 4, name: 5, event: 9, relationship: 5, source: 1, citation: 6, media: 0 },
  },
  'GedcomImportUndone.id': { description: "The record's id." },
  'GedcomImportUndone.left': {
    description: 'Records someone changed since the import, left as they are (none with `force`); at most 1,000 listed.',
    example: [{ type: 'person', id: ELIZA_ID }],
  },
  'GedcomImportUndone.reverted': { description: 'Existing records the import had changed (merged into, overwritten), put back.', example: 1 },
  'GedcomImportUndone.type': { description: "The record's kind." },
  'HistoryEntry.action': { description: '`create`, `update`, `delete` (soft) or `undelete` (a deletion restored).', example: 'update' },
  'HistoryEntry.actor': { description: 'Who wrote the change: `id` the user\'s id and `display` their email, each null for a system write or an account since removed.', example: { id: HELEN.id, display: HELEN.email } },
  'HistoryEntry.at': { description: 'When the change was written.' },
  'HistoryEntry.change_id': { description: "The change's id: restore the record as it was before it with POST …/history/{change_id}/restore.", example: CHANGE_ID },
  'HistoryEntry.changes': {
    description: 'The fields written, each with its value before and after. A created record lists its non-empty fields, `before` null; a deletion or undeletion lists none.',
    example: [{ field: 'is_living', before: null, after: false }, { field: 'notes', before: '', after: MARY_NOTES }],
  },
  'HistoryEntry.display': { description: "In `actor`: the user's email; null for a system write or an account since removed." },
  'HistoryEntry.field': { description: "The field's name as the API names it (an event's place as `place`)." },
  'HistoryEntry.id': { description: "In `actor`: the user's id (null for a system write or an account since removed); in `record`: the changed record's id." },
  'HistoryEntry.origin': {
    description: 'Why, by the operation that wrote it: `api` (a direct call), `cleanup` (a Cleanup apply), `proposal` (an applied proposal), `merge` (a person merge), `gedcom_import`, `account_import` (a restored backup) or `restore` (a history restore or an import undo).',
  },
  'HistoryEntry.record': { description: 'The record changed: its kind and id.', example: { type: 'person', id: MARY_ID } },
  'HistoryEntry.type': { description: "In `record`: the kind of record (a person's history includes its names', events' and edges' changes)." },
  'HistoryRestore.force': {
    description: '`true`: go ahead over later changes. A restore then writes over fields changed since (otherwise 409 history_conflict, naming them); an import undo also reverts records changed since (otherwise they are kept and listed in `left`).',
  },

  // --- Cleanup: previews of bulk fixes, and their applies.
  'CleanupApplyResult.person_id': { description: 'A person of the selection left unchanged.', example: MARY_TWIN_ID },
  'CleanupApplyResult.reason': {
    description: 'Why: `deleted` (the person is gone), `already_deceased` (is_living false or a death fact by now), `sex_already_set`, or `no_longer_flagged` (the name was fixed since the preview).',
  },
  'CleanupApplyResult.skipped': { description: 'People of the selection that no longer qualify, left unchanged, and why.' },
  'CleanupApplyResult.updated': { description: 'How many people were changed.', example: 1 },
  'CleanupBrokenNameRow.flags': {
    description: 'What is wrong with the primary name: `date_in_surname`, `date_in_given_name`, `no_surname`, `packed_given_names` (several people in the given name).',
  },
  'CleanupBrokenNameRow.given_name': { description: "The primary name's given name now; in `proposed`, the suggested one." },
  'CleanupBrokenNameRow.proposed': { description: 'The suggested given name and surname, to edit before applying.' },
  'CleanupBrokenNameRow.reason': { description: 'What is wrong, in words.', example: 'a date in the surname' },
  'CleanupBrokenNameRow.surname': { description: "The primary name's surname now; in `proposed`, the suggested one." },
  'CleanupDeceasedApply.person_ids': { description: 'The people kept from a deceased preview: is_living is set to false for each (at most 100,000).', example: [WILLIAM_ID] },
  'CleanupDeceasedByBirthYearRow.birth_year': {
    description: 'The birth year as the privacy engine reads it (ABT 1930: 1930; BET 1920 AND 1935: 1935; 1930/31: 1931).',
  },
  'CleanupDeceasedByBirthYearRow.is_living': { description: "The person's is_living now (null: unknown, or true); in `proposed`, the value the apply writes: false." },
  'CleanupDeceasedByBirthYearRow.proposed': { description: 'What the apply writes: is_living false.' },
  'CleanupDeceasedByBirthYearRow.reason': { description: 'Why the person is listed, in words.', example: 'born 1822, on or before 1930, with no death fact' },
  'CleanupDeceasedByChildRow.child_birth_year': { description: "The earliest such child's birth year.", example: 1850 },
  'CleanupDeceasedByChildRow.child_id': { description: 'The earliest child born on or before the cutoff.', example: MARY_ID },
  'CleanupDeceasedByChildRow.display_name': ROW_DISPLAY_NAME,
  'CleanupDeceasedByChildRow.is_living': { description: 'In `proposed`: the value the apply writes, false.' },
  'CleanupDeceasedByChildRow.person_id': { description: 'The parent listed.', example: WILLIAM_ID },
  'CleanupDeceasedByChildRow.proposed': { description: 'What the apply writes: is_living false.' },
  'CleanupDeceasedByChildRow.reason': { description: 'Why the person is listed, in words.', example: 'has a child born 1850, on or before 1930' },
  'CleanupGenderApply.changes': { description: 'The rows kept from the sex previews: whose sex to set, and to what (at most 100,000).' },
  'CleanupGenderApply.sex': { description: 'The sex to set.', example: 'female' },
  'CleanupNamesApply.changes': {
    description: "The rows kept from the broken-names preview, with the caller's given name and surname (edited or as proposed); at most 100,000.",
    example: [{ person_id: ELIZA_ID, given_name: 'Eliza Jane', surname: 'Brown' }],
  },
  'CleanupNamesApply.given_name': { description: "The given name to write over the primary name's." },
  'CleanupNamesApply.surname': { description: "The surname to write over the primary name's." },
  'CleanupSexFromFirstNameRow.first_name': { description: 'The first given name looked up in the dictionary.', example: 'Mary' },
  'CleanupSexFromFirstNameRow.proposed': SEX_PROPOSED,
  'CleanupSexFromFirstNameRow.reason': { description: 'Why, in words; a row left out as ambiguous starts with `ambiguous:`.', example: 'Mary is a female given name' },
  'CleanupSexFromFirstNameRow.sex': SEX_ROW,
  'CleanupSexFromGedcomRow.matched_xref': { description: "The xref of the file's INDI record the person matched (`@I1@`); null when no single record is named.", example: '@I1@' },
  'CleanupSexFromGedcomRow.proposed': SEX_PROPOSED,
  'CleanupSexFromGedcomRow.reason': { description: 'Why, in words; a row left out as ambiguous starts with `ambiguous:`.', example: '@I1@ has SEX F' },
  'CleanupSexFromGedcomRow.sex': SEX_ROW,
  'CleanupSexFromSpouseRow.partner_ids': { description: 'The partners whose sex is set.', example: [JOHN_ID] },
  'CleanupSexFromSpouseRow.proposed': SEX_PROPOSED,
  'CleanupSexFromSpouseRow.reason': { description: 'Why, in words; a row left out as ambiguous starts with `ambiguous:`.', example: 'partner is male' },
  'CleanupSexFromSpouseRow.sex': SEX_ROW,

  // --- Proposals: changes a member proposes and an editor applies or rejects.
  applied_count: { description: 'Operations applied so far, in order: a later apply resumes at this index.', example: 0 },
  apply_error: { description: 'Why an apply stopped: the failing operation\'s index, a code and a sentence; null when none failed. The operations before it stay applied.', example: null },
  decided_at: { description: 'When the proposal was applied or rejected; null while pending.', example: null },
  operations: {
    description: 'The changes, run in order when applied. Each is the API call it stands for: `op` on `entity`, `id` the record (an update, delete or merge), `data` the POST or PATCH body; a create may carry `ref`, and a later operation names the record it makes as `"$ref"`.',
    example: PROPOSAL_OPERATIONS,
  },
  origin: { description: 'Who proposed it: `contributor` (a member) or `assistant` (the AI assistant or the recommender).', example: 'contributor' },
  proposer_id: { description: 'The member who proposed it (for the assistant: the member who asked); null once that account is gone.', example: GEORGE.id },
  reviewer_id: { description: 'The editor who applied or rejected it, or whose apply last failed; null until then.', example: null },
  status: { description: '`pending` (waiting for an editor), `applied` or `rejected`.' },
  summary: { description: 'What the proposal does, in words for the reviewer; empty when none was given.', example: PROPOSAL_SUMMARY },
  'ProposalApply.operations': { description: 'Edited operations that replace the stored ones, checked as on propose; absent: the stored ones run.', example: PROPOSAL_OPERATIONS },
  'ProposalApplyError.index': { description: 'The index of the failing operation in `operations`.', example: 1 },
  'ProposalDetail.diff': {
    description: 'Per operation, in order: `before`, the current values of the fields it changes (null for a create; the whole record for a delete; `{ person, other }` for a merge), beside `after`, the proposed values (null for a delete).',
    example: [
      { index: 0, before: null, after: PROPOSAL_OPERATIONS[0]!.data },
      { index: 1, before: null, after: PROPOSAL_OPERATIONS[1]!.data },
    ],
  },
  'ProposalDetail.id': PROPOSAL_ID_ENTRY,
  'ProposalDiffEntry.after': { description: 'The proposed values; null for a delete.' },
  'ProposalDiffEntry.before': { description: 'The current values of the fields the operation changes; null for a create, or when the record is gone.' },
  'ProposalDiffEntry.index': { description: "The operation's index in `operations`." },
  'ProposalOperation.entity': { description: 'The kind of record: `person`, `name`, `event`, `relationship`, `source` or `citation`.' },
  'ProposalOperation.op': { description: '`create`, `update`, `delete`, or `merge` (a person: `id` the kept person, `data` `{ other_id }` the one merged into it).' },
  'ProposalRead.id': PROPOSAL_ID_ENTRY,

  // --- The assistant, the recommender and kinship.
  'AssistantMessage.content': { description: "The message's text.", example: 'When was Mary Ann Smith born, and do we have a source for it?' },
  'AssistantMessage.role': { description: '`user` for what the member wrote, `assistant` for an earlier reply.' },
  'AssistantReply.proposal_ids': { description: 'The pending proposals the assistant made while answering, for an editor to review.', example: [PROPOSAL_ID] },
  'AssistantReply.provider': { description: "The provider that answered: the tree's ai_member_provider.", example: 'openai' },
  'AssistantReply.reply': {
    description: "The assistant's answer, in words.",
    example: 'Mary Ann Smith was born on 12 March 1850 in Boston, as "Boston Births, 1850" (p. 48) records. I proposed citing the 1872 marriage register for her marriage to John Henry Brown: it waits for your review.',
  },
  'AssistantRequest.messages': { description: 'The conversation so far, oldest first: the member\'s messages and the assistant\'s earlier replies (1 to 50).' },
  'KinshipRead.common_ancestor_ids': { description: 'For blood relatives, their common ancestors (on a direct line, the ancestor of the two); empty otherwise.', example: [WILLIAM_ID] },
  'KinshipRead.path': {
    description: 'The shortest chain from `from` to `to`: each step says what that person is to the one before (`parent`, `child`, `partner`); the first, `from` itself, has step null. Empty when not connected.',
    example: [{ person_id: ELIZA_ID, step: null }, { person_id: MARY_ID, step: 'parent' }, { person_id: WILLIAM_ID, step: 'parent' }],
  },
  'KinshipRead.relationship': {
    description: 'What `to` is to `from`, as an English kinship term (`grandmother`, `first cousin once removed`, `half-brother`, `wife`, `father-in-law`, `stepson`); `self` for one person; null when they are not connected.',
    example: 'grandfather',
  },
  'KinshipRead.step': { description: 'What this person is to the one before: `parent`, `child` or `partner`; null for the first.' },
  'Recommendation.kind': {
    description: '`possible_duplicate` (the same person twice), `possible_parent` and `possible_child` (the same surname, a plausible generation gap, perhaps the same birth place) or `possible_partner` (two parents of one child with no partnership).',
  },
  'Recommendation.operations': {
    description: 'Ready to send as a proposal\'s operations (POST /trees/{id}/proposals): the merge of the candidate into the person, or the relationship to create.',
    example: [{ op: 'merge', entity: 'person', id: MARY_ID, data: { other_id: MARY_TWIN_ID } }],
  },
  'Recommendation.person_ids': { description: 'The person asked about, then the candidate.', example: [MARY_ID, MARY_TWIN_ID] },
  'Recommendation.rationale': {
    description: "The recommender provider's words on this candidate; present only when the tree's ai_recommender_provider re-ranked the list.",
    example: 'Both records name Mary Ann Smith, born in 1850 in Boston: very likely one woman entered twice.',
  },
  'Recommendation.score': { description: '0 to 1, higher is likelier.', example: 0.875 },

  // --- Duplicates and merging.
  reasons: { description: 'The evidence weighed, in words.', example: ['the same name (Mary Ann Smith)', 'born in 1850 on both sides', 'born in Boston on both sides'] },
  'DuplicateDismiss.person_ids': { description: 'The two persons that are not one, both of this tree.', example: [MARY_ID, MARY_TWIN_ID] },
  'DuplicatePair.person_ids': { description: 'The two persons, in id order.', example: [MARY_ID, MARY_TWIN_ID] },
  'DuplicatePair.score': SCORE_LEVEL,
  'MergeConflict.field': { description: 'The field the two edges disagree on: always `qualifier`.' },
  'MergeConflict.kept': { description: "The kept person's edge's qualifier." },
  'MergeConflict.kept_relationship_id': { description: "The kept person's edge that the other's duplicates." },
  'MergeConflict.other': { description: "The other person's edge's qualifier." },
  'MergeConflict.relationship_id': { description: "The other person's edge." },
  'MergeDroppedRelationship.reason': {
    description: '`self`: the edge would link the kept person to themselves (an edge between the two merged persons); `duplicate`: the kept person has that edge already.',
  },
  'MergeDroppedRelationship.relationship': { description: "The other person's edge, as it is." },
  'MergePreview.citations': { description: "How many of the other's citations are re-targeted to the kept person (or to the kept twin of a duplicate).", example: 1 },
  'MergePreview.conflicts': { description: "Edges that duplicate one of the kept person's but disagree on the qualifier." },
  'MergePreview.dropped': { description: 'Edges the merge drops, and why.' },
  'MergePreview.duplicates': { description: "Records that duplicate the kept person's: they stay with the other person, shown as they are." },
  'MergePreview.events': {
    description: "The other's events, and the events of their partnerships: those that move (as they will be) and those that duplicate the kept person's.",
    example: { moved: [TWIN_BIRTH_EVENT], duplicates: [] },
  },
  'MergePreview.fills': { description: "Unset fields of the kept person that take the other's value.", example: {} },
  'MergePreview.is_living': { description: "In `fills`: the other's is_living, taken because the kept person's is unset." },
  'MergePreview.media': { description: "How many of the other's media items are re-attached likewise.", example: 0 },
  'MergePreview.moved': { description: 'Records that move to the kept person, shown as they will be.' },
  'MergePreview.names': {
    description: "The other's names: those that move to the kept person (as alternates) and those that duplicate the kept person's.",
    example: { moved: [], duplicates: [{ ...NAME_BIRTH, id: NAME_TWIN_ID, person_id: MARY_TWIN_ID, notes: '' }] },
  },
  'MergePreview.notes': { description: "The kept person's notes after the merge.", example: MARY_NOTES },
  'MergePreview.other': { description: 'The other person as they are now; the merge soft-deletes them with merged_into set (restoring them undoes it).', example: MARY_TWIN },
  'MergePreview.person': { description: 'The kept person as they are now.' },
  'MergePreview.relationships': {
    description: "The other's relationships: those that move to the kept person, those dropped, and qualifier conflicts.",
    example: {
      moved: [],
      dropped: [{
        relationship: { id: TWIN_PARENT_EDGE_ID, tree_id: TREE_ID, type: 'parent_child', person_a_id: WILLIAM_ID, person_b_id: MARY_TWIN_ID, qualifier: 'biological', role: null, notes: '' },
        reason: 'duplicate',
      }],
      conflicts: [],
    },
  },
  'MergePreview.sex': { description: "In `fills`: the other's sex, taken because the kept person's is unset." },
  'MergeRequest.other_id': { description: 'The person to merge into this one; it is soft-deleted with merged_into set (restoring it undoes the merge).', example: MARY_TWIN_ID },

  // --- Charts: pedigrees and descendants.
  'DescendantNode.children': {
    description: "The person's children, by birth year; absent on a reference node.",
    example: [{ person: ELIZA, ref: false, children: [] }],
  },
  'DescendantNode.person': { description: 'The person here, as the privacy engine lets the reader see them (`Living person` when redacted).' },
  'DescendantNode.ref': { description: 'true: this person is expanded elsewhere in the chart (reached twice), and this node has no `children`.' },
  'DescendantNode.truncated': { description: 'true: the next generation was cut by the cap of 5,000 distinct persons; absent otherwise.' },
  'PedigreeNode.parents': {
    description: "The person's parents, male first, then female, then unknown, then by birth year; absent on a reference node.",
    example: [{ person: WILLIAM, ref: false, parents: [] }],
  },
  'PedigreeNode.person': { description: 'The person here, as the privacy engine lets the reader see them (`Living person` when redacted).' },
  'PedigreeNode.ref': { description: 'true: this person is expanded elsewhere in the chart (pedigree collapse), and this node has no `parents`.' },
  'PedigreeNode.truncated': { description: 'true: the next generation was cut by the cap of 5,000 distinct persons; absent otherwise.' },
};

const HISTORY_LIMIT: Entry = { description: 'Changes per page, 1 to 1000; 50 when absent. The next page\'s cursor comes in the X-Next-Cursor header and a Link rel="next" header.', example: 50 };
const SEARCH_LIMIT = 'At most this many items (1 to 1000) in one page, with the next page\'s cursor in X-Next-Cursor and Link. Absent: every person, streamed; with `q`, 20.';

export const PARAMETERS: Readonly<Record<string, Entry>> = {
  // --- Lists: paging and filters.
  cursor: { description: 'The opaque cursor of the next page, from the previous page\'s X-Next-Cursor header (or its Link); send the same `limit`.' },
  deleted: { description: '`true`: list the soft-deleted records still recoverable (until the purge) instead of the live ones (members only).' },
  ids: { description: 'Comma-separated person ids (at most 1000): those persons in one answer, with their names.', example: `${MARY_ID},${JOHN_ID}` },
  limit: {
    description: 'At most this many items (1 to 1000) in one page, with the next page\'s cursor in the X-Next-Cursor header and a Link rel="next" header. Absent: every item in one answer.',
    example: 100,
  },
  q: { description: 'A fuzzy name search, typo tolerant (trigram similarity of its words to the words of every live name): best match first.', example: 'Mary Smyth' },
  'getCitationHistory.limit': HISTORY_LIMIT,
  'getEventHistory.limit': HISTORY_LIMIT,
  'getMediaHistory.limit': HISTORY_LIMIT,
  'getPersonHistory.limit': HISTORY_LIMIT,
  'getRelationshipHistory.limit': HISTORY_LIMIT,
  'getSourceHistory.limit': HISTORY_LIMIT,
  'getRepositoryHistory.limit': HISTORY_LIMIT,
  'listImports.limit': { description: 'Imports per page, 1 to 1000; 1000 when absent. The next page\'s cursor comes in X-Next-Cursor and Link.' },
  'listPersons.limit': { description: SEARCH_LIMIT, example: 20 },
  'listTreeChanges.limit': HISTORY_LIMIT,
  'listTrees.deleted': { description: '`true`: list the soft-deleted trees the caller owns, still recoverable (until the purge), instead of the live ones.' },
  'publicPersons.limit': { description: SEARCH_LIMIT, example: 20 },
  'publicPersons.q': { description: 'A fuzzy name search, typo tolerant, over fully visible persons only: best match first.', example: 'Mary Smyth' },

  // --- Path parameters the collection before them does not name.
  change_id: { description: "The change's id, as the record's history gives it (`change_id`).", example: CHANGE_ID },
  import_id: { description: "The import's id, as the import report or the tree's import list gives it.", example: IMPORT_ID },
  name_id: { description: "The name's id (a name of this person).", example: NAME_MARRIED_ID },
  pid: { description: "The proposal's id (a proposal of this tree).", example: PROPOSAL_ID },
  user_id: { description: "The member's user id.", example: GEORGE.id },

  // --- Operations' own query parameters.
  actor: { description: 'Only the changes this user wrote (a user id).', example: HELEN.id },
  cascade: { description: "`true`: also soft-delete the person's descendants (the answer counts them all)." },
  from: { description: 'The person to start from: the answer says what `to` is to this person.', example: ELIZA_ID },
  generations: { description: 'How many generations, counting the person (1: the person alone): 1 to 10, 4 when absent.', example: 4 },
  include_ambiguous: { description: '`true` also lists the people left out as ambiguous, with `proposed: null` and the reason.' },
  kind: { description: 'Only the changes of this kind of record.' },
  media: { description: '`true`, with `version=7.0` only: a GEDZIP (application/zip) holding gedcom.ged and the media files it names (a 422 with 5.5.1).' },
  other_id: { description: 'The other person, who would be merged into this one.', example: MARY_TWIN_ID },
  person_id: { description: 'The person to find candidates for.', example: MARY_ID },
  since: { description: 'Only the changes written at or after this instant (ISO 8601; a date alone is its midnight UTC).', example: '2026-11-01T00:00:00Z' },
  status: { description: 'Only the proposals in this state.', example: 'pending' },
  to: { description: 'The person whose kinship to `from` is asked.', example: WILLIAM_ID },
  version: { description: 'The GEDCOM version to write: `5.5.1` (the default) or `7.0`.' },
  'cleanupDeceasedByBirthYear.born_on_or_before': { description: 'The cutoff year: people whose latest known birth year is at most this (1 to 9999); 1930 when absent.', example: 1930 },
  'cleanupDeceasedByChild.born_on_or_before': { description: 'The cutoff year: parents of a child born in this year or before (1 to 9999).', example: 1930 },
};

/** What a component schema is, shown above its fields. */
export const SCHEMAS: Readonly<Record<string, string>> = {
  AccountImportReport: 'What a restored backup became: one new tree per tree of the backup, with the counts of what was restored.',
  AuditEntryRead: 'One audit entry: who did what to which record, with the ids, counts and codes of the change (never its content).',
  AuthResult: 'A new session: the user and their token (also set as the HttpOnly `session` cookie).',
  CitationRead: 'A citation: a source cited for exactly one fact (a person, an event, a name or a relationship).',
  DescendantNode: "A node of a descendant chart: a person and their children's nodes.",
  DuplicatePair: 'Two persons of the tree that may be one, with the evidence.',
  EventRead: 'A life event of a person or of a partnership: type, date, place, notes and value.',
  GedcomImport: 'A GEDCOM import into the tree: the file, when, who, its counts, and whether it was undone.',
  GedcomImportReport: 'What a GEDCOM import did: counts per kind of record, unmapped tags and warnings.',
  GedcomPreview: 'A dry run of a GEDCOM import: what the file holds and which incoming persons resemble existing ones.',
  GenealogicalDate: 'A genealogical date: a qualifier (exact, about, before, between...) and the parts that are known.',
  HistoryEntry: "One change of a record: who, when, why, and each field's value before and after.",
  KinshipRead: 'How two persons are related: the kinship term, the shortest path and the common ancestors.',
  MediaRead: 'A media item: the metadata of a file kept in the object store, with the URL of its content.',
  MemberRead: 'A member of a tree: the user, their email and their role.',
  MergePreview: 'What merging another person into this one would do; nothing is written.',
  NameRead: "One of a person's typed names (birth, married, alias...); exactly one is primary.",
  PedigreeNode: "A node of a pedigree chart: a person and their parents' nodes.",
  PersonRead: 'A person as the reader may see them: in full, or redacted to `Living person` for a non-member.',
  Problem: 'The problem+json body of every error: a stable `code` to branch on, and the fields at fault when there are any.',
  ProposalDetail: 'A change proposal with its diff: the current values beside the proposed ones.',
  ProposalOperation: 'One operation of a proposal: the API call it stands for.',
  ProposalRead: 'A change proposal: operations a member proposed, waiting for an editor to apply or reject them.',
  PublicTreeRead: 'A tree as the public surface shows it: no members, no owner.',
  Recommendation: 'A candidate for a person (a duplicate, a parent, a child, a partner), with operations ready to propose.',
  RelationshipRead: 'An edge between two persons: parent-child, partnership or association.',
  SourceRead: 'A source: a record, book or document that citations point to.',
  RepositoryRead: 'A repository: an archive, library or person that holds sources (GEDCOM REPO), for members of the tree.',
  RecordedEventsRead: 'Kinds of events a source records, with the period and place it covers (GEDCOM SOUR.DATA.EVEN).',
  RepositoryLinkRead: 'A repository that holds the source, with the call number it files it under.',
  TreeRead: 'A family tree, with the caller\'s role in it.',
  UserRead: 'The signed-in user.',
  VitalRead: "A person's birth or death as read from their events: the event, its date and place.",
};

const GEDCOM_551 = [
  '0 HEAD', '1 SOUR GenealogyService', '2 VERS 0.1.0', '2 NAME GenealogyService', `2 DATA ${TREE_NAME}`, '1 DATE 23 NOV 2026', '2 TIME 09:30:00',
  '1 SUBM @U1@', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', '0 @U1@ SUBM', '1 NAME GenealogyService',
  '0 @I1@ INDI', '1 NAME Mary Ann /Smith/', '2 GIVN Mary Ann', '2 SURN Smith', '1 SEX F', '1 BIRT', '2 DATE 12 MAR 1850', `2 PLAC ${BOSTON}`,
  '0 TRLR', '',
].join('\n');

const GEDCOM_70 = [
  '0 HEAD', '1 GEDC', '2 VERS 7.0', '1 SOUR GenealogyService', '2 VERS 0.1.0', '2 NAME GenealogyService', `2 DATA ${TREE_NAME}`,
  '1 DATE 23 NOV 2026', '2 TIME 09:30:00Z',
  '0 @I1@ INDI', '1 NAME Mary Ann /Smith/', '2 GIVN Mary Ann', '2 SURN Smith', '1 SEX F', '1 BIRT', '2 DATE 12 MAR 1850', `2 PLAC ${BOSTON}`,
  '0 TRLR', '',
].join('\n');

/**
 * Whole-body examples, by operationId, where the example built from the fields would not be right
 * (fields that exclude each other, a body whose meaning depends on the combination).
 * `responses` by media type, for answers that are not JSON (a GEDCOM file).
 */
export const BODY_EXAMPLES: Readonly<Record<string, { readonly request?: unknown; readonly response?: unknown; readonly responses?: Readonly<Record<string, unknown>> }>> = {
  // `is_living` is the person's now at the top and the proposed value in `proposed`.
  cleanupDeceasedByBirthYear: {
    response: [{
      person_id: WILLIAM_ID, display_name: 'William Smith', reason: 'born 1822, on or before 1930, with no death fact', birth_year: 1822, is_living: null,
      proposed: { is_living: false },
    }],
  },
  // The name as it is at the top, and the suggested fix in `proposed`.
  cleanupBrokenNames: {
    response: [{
      person_id: ELIZA_ID, display_name: 'Eliza Jane Brown 1874', reason: 'a date in the surname', flags: ['date_in_surname'],
      given_name: 'Eliza Jane', surname: 'Brown 1874', proposed: { given_name: 'Eliza Jane', surname: 'Brown' },
    }],
  },
  // A citation supports exactly one fact.
  createCitation: {
    request: {
      source_id: SOURCE_ID, event_id: BIRTH_ID, page: 'p. 48, entry 317', detail: 'Mary Ann, daughter of William and Eliza Smith, born 12 March 1850, Salem Street.', confidence: 3,
    },
  },
  // A second name: the married name, beside the birth name that stays primary.
  createName: {
    request: { name_type: 'married', given_name: 'Mary Ann', surname: 'Brown', is_primary: false, notes: NAME_MARRIED.notes },
    response: NAME_MARRIED,
  },
  exportGedcom: { responses: { 'application/x-gedcom': GEDCOM_551, 'text/vnd.familysearch.gedcom': GEDCOM_70 } },
  // A proposal's state after the operation: applied (both operations ran) or rejected.
  applyProposal: { response: { ...PROPOSAL, status: 'applied', reviewer_id: HELEN.id, applied_count: 2, decided_at: AT } },
  rejectProposal: { response: { ...PROPOSAL, status: 'rejected', reviewer_id: HELEN.id, decided_at: AT } },
  // The history of each kind of record names a record of that kind; a restore writes the change back, as origin `restore`.
  ...historyOf('Citation'),
  ...historyOf('Event'),
  ...historyOf('Media'),
  ...historyOf('Relationship'),
  ...historyOf('Source'),
  ...historyOf('Repository'),
  restorePersonChange: { response: change('person', MARY_ID, 'is_living', false, null, true) },
  // A media item is attached to at most one of a person, an event and a source.
  updateMedia: { request: { title: MEDIA_TITLE_TEXT, person_id: MARY_ID } },
  uploadMedia: { request: { title: MEDIA_TITLE_TEXT, person_id: MARY_ID } },
};
