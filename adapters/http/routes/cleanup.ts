import * as t from 'io-ts';
import { E } from '../../../core/kernel/either.js';
import { invalidInput } from '../../../core/kernel/errors.js';
import { accessTree } from '../../../core/trees/access.js';
import { MAX_APPLY_ROWS, type ApplyResult } from '../../../core/cleanup/apply.js';
import { applyDeceased } from '../../../core/cleanup/commands/apply-deceased.js';
import { applyNames } from '../../../core/cleanup/commands/apply-names.js';
import { applySex } from '../../../core/cleanup/commands/apply-sex.js';
import { nameFlags } from '../../../core/cleanup/broken-names.js';
import { previewBrokenNames, type BrokenNameRow } from '../../../core/cleanup/queries/preview-broken-names.js';
import { DEFAULT_BIRTH_CUTOFF, previewDeceasedByBirthYear, type DeceasedByBirthYearRow } from '../../../core/cleanup/queries/preview-deceased-by-birth-year.js';
import { previewDeceasedByChild, type DeceasedByChildRow } from '../../../core/cleanup/queries/preview-deceased-by-child.js';
import { previewSexFromFirstName, type SexFromFirstNameRow } from '../../../core/cleanup/queries/preview-sex-from-first-name.js';
import { previewSexFromGedcom, type SexFromGedcomRow } from '../../../core/cleanup/queries/preview-sex-from-gedcom.js';
import { previewSexFromSpouse, type SexFromSpouseRow } from '../../../core/cleanup/queries/preview-sex-from-spouse.js';
import { named, withMediaType, withSchema } from '../openapi/json-schema.js';
import { route, type AnyRoute, type HandlerInput } from '../route.js';
import { IdParams, Nullable, Text, Uuid } from '../wire.js';
import { SexCodec } from '../wire-records.js';
import { analysing, reply, type LazyDeps } from './deps.js';

/** A year in a query string: 1 to 9999. */
const Year = withSchema(
  new t.Type<number, string, unknown>('Year', (u): u is number => typeof u === 'number', (u, c) => {
    const n = typeof u === 'string' && u.length <= 4 && /^\d+$/.test(u) ? Number(u) : NaN;
    return n >= 1 && n <= 9999 ? t.success(n) : t.failure(u, c);
  }, String),
  { type: 'integer', minimum: 1, maximum: 9999 },
);
const Flag = t.keyof({ true: null, false: null });
const AmbiguousQuery = t.partial({ include_ambiguous: withSchema(Flag, { description: '`true` also lists the people left out as ambiguous, with `proposed: null` and the reason' }) });

const Base = { person_id: Uuid, display_name: t.string, reason: t.string };
const ByBirthYearRead = named('CleanupDeceasedByBirthYearRow', t.type({
  ...Base, birth_year: t.number, is_living: Nullable(t.boolean), proposed: t.type({ is_living: t.literal(false) }),
}));
const ByChildRead = named('CleanupDeceasedByChildRow', t.type({
  ...Base, child_birth_year: t.number, child_id: Uuid, proposed: t.type({ is_living: t.literal(false) }),
}));
const SexBase = { ...Base, sex: t.null, proposed: Nullable(SexCodec) };
const FromGedcomRead = named('CleanupSexFromGedcomRow', t.type({ ...SexBase, matched_xref: Nullable(t.string) }));
const FromFirstNameRead = named('CleanupSexFromFirstNameRow', t.type({ ...SexBase, first_name: t.string }));
const FromSpouseRead = named('CleanupSexFromSpouseRow', t.type({ ...SexBase, partner_ids: t.array(Uuid) }));
const FlagCodec = named('CleanupNameFlag', t.keyof(Object.fromEntries(nameFlags.map((f) => [f, null])) as Record<(typeof nameFlags)[number], null>));
const BrokenNameRead = named('CleanupBrokenNameRow', t.type({
  ...Base, flags: t.array(FlagCodec), given_name: t.string, surname: t.string, proposed: t.type({ given_name: t.string, surname: t.string }),
}));
const ApplyRead = named('CleanupApplyResult', t.type({
  updated: t.number,
  skipped: t.array(t.type({ person_id: Uuid, reason: t.keyof({ deleted: null, already_deceased: null, sex_already_set: null, no_longer_flagged: null }) })),
}));

const rowsOf = <C extends t.Mixed>(item: C) => withSchema(t.array(item), { maxItems: MAX_APPLY_ROWS });
const DeceasedBody = named('CleanupDeceasedApply', t.type({ person_ids: rowsOf(Uuid) }));
const SexBody = named('CleanupGenderApply', t.type({ changes: rowsOf(t.type({ person_id: Uuid, sex: SexCodec })) }));
const NamesBody = named('CleanupNamesApply', t.type({ changes: rowsOf(t.type({ person_id: Uuid, given_name: Text(500), surname: Text(500) })) }));
const GedcomForm = withMediaType('multipart/form-data', named('CleanupGedcomUpload', t.type({
  file: withSchema(t.string, { type: 'string', format: 'binary', description: "The tree's original GEDCOM file (one part)" }),
})));

/** 100,000 rows of names of 500 characters each do not fit; 16 MiB holds 10,000 rows of any names and 100,000 ordinary ones. */
const APPLY_JSON_LIMIT = 16 * 1024 * 1024;

const base = (r: { personId: string; displayName: string; reason: string }) => ({ person_id: r.personId, display_name: r.displayName, reason: r.reason });
const applyWire = (r: ApplyResult) => ({ updated: r.updated, skipped: r.skipped.map((s) => ({ person_id: s.personId, reason: s.reason })) });
const ambiguous = (q: { include_ambiguous?: 'true' | 'false' }) => ({ includeAmbiguous: q.include_ambiguous === 'true' });

/** Who may call every cleanup path, and what a preview is. */
const PREVIEW = 'Editors and owners of the tree; a viewer or a non-member is 403, on a public tree too. A preview writes nothing: it lists the rows a fix would change, sorted by display name (case and accents aside, ties by person id), each with a `reason` in words and the `proposed` value. Members see every person, so no privacy filtering applies. A preview reads the whole tree: the service runs a few tree-wide analyses at once (cleanup previews, GEDCOM previews and `GET /trees/{id}/duplicates`, one per two cores), and the others wait their turn; a request whose client goes away while it waits never runs. An account has at most 2 running or waiting at once on an instance: past that, 429 `too_many_analyses` (with `Retry-After`).';

/** What every apply does. */
const APPLY = [
  'Editors and owners of the tree; a viewer or a non-member is 403. Send the rows of the preview you keep. Everything runs in one transaction, all or nothing, through the same write as `PATCH /persons/{id}`: one `person.update` audit entry per person, plus one `cleanup.apply` entry with the tool and the counts; the history of each record shows the changes with origin `cleanup`. At most 100,000 rows and a 16 MiB body.',
  '',
  'A person who no longer qualifies when the apply runs is not changed but listed in `skipped` with the reason (`deleted`, `already_deceased`, `sex_already_set`, `no_longer_flagged`); `updated` counts the others.',
].join('\n');

/** The refusals of an apply whose rows may not repeat a person. */
const UNKNOWN_PERSON = '- 422 `unknown_person`: an id that is not a person of this tree (the paths in `errors` name the rows); nothing is changed.';
const DUPLICATE_PERSON = '- 422 `duplicate_person`: a person appears in two rows; nothing is changed.';

export const cleanupRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  const editorFirst = async ({ actor, params }: HandlerInput<{ id: string }, unknown, undefined>) => accessTree(deps().storage, actor, params.id, 'editor');
  const common = { tag: 'cleanup', auth: 'user' as const, params: IdParams };
  return [
    route({
      ...common, operationId: 'cleanupDeceasedByBirthYear', method: 'get', path: '/trees/{id}/cleanup/deceased-by-birth-year',
      summary: 'Preview: people born on or before a year, not yet deceased (editor)',
      description: [
        `The people whose birth year is on or before \`born_on_or_before\` (default ${DEFAULT_BIRTH_CUTOFF}) and who are not already deceased, to be marked deceased with \`POST /trees/{id}/cleanup/deceased\`. The birth year is read as the privacy engine reads it: the latest year the birth fact allows (\`ABT 1930\`: 1930; \`BET 1920 AND 1935\`: 1935; \`1930/31\`: 1931); a birth event wins over a baptism, a baptism over a christening. People with no birth year are not listed. Already deceased: \`is_living\` false, or a death, burial, cremation, probate or will fact. A person marked \`is_living: true\` is listed too (\`is_living\` shows the current value): the cutoff is the question.`,
        '',
        PREVIEW,
      ].join('\n'),
      query: t.partial({ born_on_or_before: Year }),
      success: { status: 200, description: 'The people to mark deceased, by display name.', body: t.array(ByBirthYearRead) },
      errors: [429],
      handle: async ({ actor, params, query, clientGone }) =>
        reply(200, (rows: readonly DeceasedByBirthYearRow[]) => rows.map((r) => ({ ...base(r), birth_year: r.birthYear, is_living: r.isLiving, proposed: { is_living: false as const } })))(
          await previewDeceasedByBirthYear(analysing(deps(), { actor, clientGone }))(actor, params.id, query.born_on_or_before ?? DEFAULT_BIRTH_CUTOFF)),
    }),
    route({
      ...common, operationId: 'cleanupDeceasedByChild', method: 'get', path: '/trees/{id}/cleanup/deceased-by-child',
      summary: 'Preview: parents of a child born on or before a year (editor)',
      description: [
        'The parents (through `parent_child` edges of any qualifier) of a child born on or before `born_on_or_before` (required), unless the parent is already deceased (`is_living` false, or a death, burial, cremation, probate or will fact). Each row names the earliest born such child (`child_id`, `child_birth_year`; ties: the lowest id). Birth years are read as the privacy engine reads them (the latest year the birth fact allows). Mark the kept rows deceased with `POST /trees/{id}/cleanup/deceased`.',
        '',
        PREVIEW,
      ].join('\n'),
      query: t.type({ born_on_or_before: Year }),
      success: { status: 200, description: 'The parents to mark deceased, by display name.', body: t.array(ByChildRead) },
      errors: [429],
      handle: async ({ actor, params, query, clientGone }) =>
        reply(200, (rows: readonly DeceasedByChildRow[]) => rows.map((r) => ({ ...base(r), child_birth_year: r.childBirthYear, child_id: r.childId, proposed: { is_living: false as const } })))(
          await previewDeceasedByChild(analysing(deps(), { actor, clientGone }))(actor, params.id, query.born_on_or_before)),
    }),
    route({
      ...common, operationId: 'cleanupApplyDeceased', method: 'post', path: '/trees/{id}/cleanup/deceased',
      summary: 'Apply: mark the kept people deceased (editor)',
      description: [
        'Sets `is_living` to false for the people in `person_ids`: the kept rows of either deceased preview. A person deceased by now (`is_living` false, or a death fact) is skipped as `already_deceased`. An id given twice is one change, not an error.',
        '',
        APPLY,
        '',
        UNKNOWN_PERSON,
      ].join('\n'),
      body: DeceasedBody, jsonLimitBytes: APPLY_JSON_LIMIT,
      success: { status: 200, description: 'How many were changed, and who was skipped and why.', body: ApplyRead },
      errors: [],
      handle: async ({ actor, params, body }) => reply(200, applyWire)(await applyDeceased(deps())(actor, params.id, body.person_ids)),
    }),
    route({
      ...common, operationId: 'cleanupSexFromGedcom', method: 'post', path: '/trees/{id}/cleanup/gender/from-gedcom',
      summary: "Preview: sex from the tree's original GEDCOM file (editor)",
      description: [
        "Upload the tree's original GEDCOM file as the multipart part `file`: for the people whose sex is unset, the preview proposes the SEX of the file's INDI record that matches them. People and records match by full name (any of the person's names against any of the record's, case, accents and spacing aside) and, when both have one, the same birth year. A person matching two records, or a record matching two people, is ambiguous and left out; a matched record without SEX is not listed. `matched_xref` names the record. With `include_ambiguous=true` the ambiguous people are listed too, with `proposed: null` and the reason. Set the kept rows with `POST /trees/{id}/cleanup/gender`.",
        '',
        `${PREVIEW} A caller who is not an editor is refused before the file is read.`,
        '',
        '- 422 `not_gedcom`: the file is not GEDCOM; 422 `gedcom_too_large`: a line or record past the import\'s limits; 422 `invalid_input`: no `file` part.',
        '- 413: the upload is larger than `MAX_UPLOAD_BYTES`.',
      ].join('\n'),
      query: AmbiguousQuery, body: GedcomForm,
      upload: { field: 'file', maxBytes: () => deps().maxUploadBytes, before: editorFirst },
      success: { status: 200, description: 'The proposals, by display name.', body: t.array(FromGedcomRead) },
      errors: [429],
      handle: async ({ actor, params, query, upload, clientGone }) => {
        if (upload === null) return E.left(invalidInput('invalid_input', 'Send the GEDCOM file as the `file` part.', [{ path: 'file', message: 'required' }]));
        return reply(200, (rows: readonly SexFromGedcomRow[]) => rows.map((r) => ({ ...base(r), sex: null, proposed: r.proposed, matched_xref: r.matchedXref })))(
          await previewSexFromGedcom(analysing(deps(), { actor, clientGone }))(actor, params.id, upload.open(), ambiguous(query)));
      },
    }),
    route({
      ...common, operationId: 'cleanupSexFromFirstName', method: 'get', path: '/trees/{id}/cleanup/gender/from-first-name',
      summary: 'Preview: sex from the first given name (editor)',
      description: [
        'For the people whose sex is unset, the sex that the bundled English and German given-name dictionary (used offline) gives the first given name of their primary name, case and accents aside (Jürgen = Jurgen; for `Hans-Peter`, `Hans` when the whole name is not in the dictionary). A name the dictionary marks ambiguous, or that this tree gives (in any live name) to people of both sexes, is never proposed; with `include_ambiguous=true` those people are listed with `proposed: null` and the reason. Names the dictionary does not know are not listed. Set the kept rows with `POST /trees/{id}/cleanup/gender`.',
        '',
        PREVIEW,
      ].join('\n'),
      query: AmbiguousQuery,
      success: { status: 200, description: 'The proposals, by display name.', body: t.array(FromFirstNameRead) },
      errors: [429],
      handle: async ({ actor, params, query, clientGone }) =>
        reply(200, (rows: readonly SexFromFirstNameRow[]) => rows.map((r) => ({ ...base(r), sex: null, proposed: r.proposed, first_name: r.firstName })))(
          await previewSexFromFirstName(analysing(deps(), { actor, clientGone }))(actor, params.id, ambiguous(query))),
    }),
    route({
      ...common, operationId: 'cleanupSexFromSpouse', method: 'get', path: '/trees/{id}/cleanup/gender/from-spouse',
      summary: "Preview: sex opposite to the partners' (editor)",
      description: [
        "For the people whose sex is unset, the opposite of their partners' sex (live partnerships, partners whose sex is set; `partner_ids` names them). A person whose partners are of both sexes is ambiguous and left out; with `include_ambiguous=true` they are listed with `proposed: null` and the reason. People with no partner of known sex are not listed. Set the kept rows with `POST /trees/{id}/cleanup/gender`.",
        '',
        PREVIEW,
      ].join('\n'),
      query: AmbiguousQuery,
      success: { status: 200, description: 'The proposals, by display name.', body: t.array(FromSpouseRead) },
      errors: [429],
      handle: async ({ actor, params, query, clientGone }) =>
        reply(200, (rows: readonly SexFromSpouseRow[]) => rows.map((r) => ({ ...base(r), sex: null, proposed: r.proposed, partner_ids: [...r.partnerIds] })))(
          await previewSexFromSpouse(analysing(deps(), { actor, clientGone }))(actor, params.id, ambiguous(query))),
    }),
    route({
      ...common, operationId: 'cleanupApplyGender', method: 'post', path: '/trees/{id}/cleanup/gender',
      summary: 'Apply: set the sex of the kept people (editor)',
      description: [
        'Sets `sex` of each person in `changes`: the kept rows of the three sex previews, each with the sex to set (the preview\'s `proposed`, or another). A person whose sex is set by now is skipped as `sex_already_set`.',
        '',
        APPLY,
        '',
        UNKNOWN_PERSON,
        DUPLICATE_PERSON,
      ].join('\n'),
      body: SexBody, jsonLimitBytes: APPLY_JSON_LIMIT,
      success: { status: 200, description: 'How many were changed, and who was skipped and why.', body: ApplyRead },
      errors: [],
      handle: async ({ actor, params, body }) =>
        reply(200, applyWire)(await applySex(deps())(actor, params.id, body.changes.map((c) => ({ personId: c.person_id, sex: c.sex })))),
    }),
    route({
      ...common, operationId: 'cleanupBrokenNames', method: 'get', path: '/trees/{id}/cleanup/broken-names',
      summary: 'Preview: broken primary names with a suggested fix (editor)',
      description: [
        'Primary names that hold a date in the surname or the given name, have no surname, or pack several people into the given name ("John and Mary", "Anna & Karl", "Hans u. Grete"). `flags` says which, in this order: `date_in_surname`, `date_in_given_name`, `no_surname`, `packed_given_names`. Each row carries the name now (`given_name`, `surname`) and a suggestion (`proposed`): the date and the date words around it removed, only the first person of a packed name kept; a given name is never split to make up a surname. A person with no name at all is listed as having no surname. Edit the suggestions and send the kept rows to `POST /trees/{id}/cleanup/names`.',
        '',
        PREVIEW,
      ].join('\n'),
      success: { status: 200, description: 'The flagged names, by display name.', body: t.array(BrokenNameRead) },
      errors: [429],
      handle: async ({ actor, params, clientGone }) =>
        reply(200, (rows: readonly BrokenNameRow[]) => rows.map((r) => ({
          ...base(r), flags: [...r.flags], given_name: r.givenName, surname: r.surname, proposed: { given_name: r.proposed.givenName, surname: r.proposed.surname },
        })))(await previewBrokenNames(analysing(deps(), { actor, clientGone }))(actor, params.id)),
    }),
    route({
      ...common, operationId: 'cleanupApplyNames', method: 'post', path: '/trees/{id}/cleanup/names',
      summary: 'Apply: write the edited names of the kept people (editor)',
      description: [
        "Writes the caller's `given_name` and `surname` over the primary name of each person in `changes`: the kept rows of the broken-names preview, as edited. A person whose primary name is no longer flagged (someone fixed it since the preview) is skipped as `no_longer_flagged`, so a stale preview never undoes an edit.",
        '',
        APPLY,
        '',
        UNKNOWN_PERSON,
        DUPLICATE_PERSON,
      ].join('\n'),
      body: NamesBody, jsonLimitBytes: APPLY_JSON_LIMIT,
      success: { status: 200, description: 'How many were changed, and who was skipped and why.', body: ApplyRead },
      errors: [],
      handle: async ({ actor, params, body }) =>
        reply(200, applyWire)(await applyNames(deps())(actor, params.id, body.changes.map((c) => ({ personId: c.person_id, givenName: c.given_name, surname: c.surname })))),
    }),
  ];
};
