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
import { reply, type LazyDeps } from './deps.js';

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

export const cleanupRoutes = (deps: LazyDeps): readonly AnyRoute[] => {
  const editorFirst = async ({ actor, params }: HandlerInput<{ id: string }, unknown, undefined>) => accessTree(deps().storage, actor, params.id, 'editor');
  const common = { tag: 'cleanup', auth: 'user' as const, params: IdParams };
  return [
    route({
      ...common, operationId: 'cleanupDeceasedByBirthYear', method: 'get', path: '/trees/{id}/cleanup/deceased-by-birth-year',
      summary: `People born on or before \`born_on_or_before\` (default ${DEFAULT_BIRTH_CUTOFF}) who are not already deceased (editor). Birth years as the privacy engine reads them (ABT 1930: 1930; BET 1920 AND 1935: 1935; 1930/31: 1931).`,
      query: t.partial({ born_on_or_before: Year }),
      success: { status: 200, description: 'The people to mark deceased, by display name.', body: t.array(ByBirthYearRead) },
      errors: [],
      handle: async ({ actor, params, query }) =>
        reply(200, (rows: readonly DeceasedByBirthYearRow[]) => rows.map((r) => ({ ...base(r), birth_year: r.birthYear, is_living: r.isLiving, proposed: { is_living: false as const } })))(
          await previewDeceasedByBirthYear(deps())(actor, params.id, query.born_on_or_before ?? DEFAULT_BIRTH_CUTOFF)),
    }),
    route({
      ...common, operationId: 'cleanupDeceasedByChild', method: 'get', path: '/trees/{id}/cleanup/deceased-by-child',
      summary: 'Parents (parent_child edges of any qualifier) of a child born on or before `born_on_or_before`, not already deceased, with the earliest such child (editor).',
      query: t.type({ born_on_or_before: Year }),
      success: { status: 200, description: 'The parents to mark deceased, by display name.', body: t.array(ByChildRead) },
      errors: [],
      handle: async ({ actor, params, query }) =>
        reply(200, (rows: readonly DeceasedByChildRow[]) => rows.map((r) => ({ ...base(r), child_birth_year: r.childBirthYear, child_id: r.childId, proposed: { is_living: false as const } })))(
          await previewDeceasedByChild(deps())(actor, params.id, query.born_on_or_before)),
    }),
    route({
      ...common, operationId: 'cleanupApplyDeceased', method: 'post', path: '/trees/{id}/cleanup/deceased',
      summary: 'Set `is_living` to false for the kept people of either deceased preview (editor), in one transaction; people deceased by now are skipped.',
      body: DeceasedBody, jsonLimitBytes: APPLY_JSON_LIMIT,
      success: { status: 200, description: 'How many were changed, and who was skipped and why.', body: ApplyRead },
      errors: [],
      handle: async ({ actor, params, body }) => reply(200, applyWire)(await applyDeceased(deps())(actor, params.id, body.person_ids)),
    }),
    route({
      ...common, operationId: 'cleanupSexFromGedcom', method: 'post', path: '/trees/{id}/cleanup/gender/from-gedcom',
      summary: "Preview (editor, writes nothing): the SEX of the tree's original GEDCOM file for people whose sex is unset, matched by full name (any name) and, when both have one, birth year. A person matching two records, or a record matching two people, is left out as ambiguous.",
      query: AmbiguousQuery, body: GedcomForm,
      upload: { field: 'file', maxBytes: () => deps().maxUploadBytes, before: editorFirst },
      success: { status: 200, description: 'The proposals, by display name.', body: t.array(FromGedcomRead) },
      errors: [],
      handle: async ({ actor, params, query, upload }) => {
        if (upload === null) return E.left(invalidInput('invalid_input', 'Send the GEDCOM file as the `file` part.', [{ path: 'file', message: 'required' }]));
        return reply(200, (rows: readonly SexFromGedcomRow[]) => rows.map((r) => ({ ...base(r), sex: null, proposed: r.proposed, matched_xref: r.matchedXref })))(
          await previewSexFromGedcom(deps())(actor, params.id, upload.open(), ambiguous(query)));
      },
    }),
    route({
      ...common, operationId: 'cleanupSexFromFirstName', method: 'get', path: '/trees/{id}/cleanup/gender/from-first-name',
      summary: 'Preview (editor): a sex from the bundled English and German given-name dictionary for people whose sex is unset, by the first given name (case and accents aside). Names the dictionary marks ambiguous, or that this tree gives to both sexes, are left out.',
      query: AmbiguousQuery,
      success: { status: 200, description: 'The proposals, by display name.', body: t.array(FromFirstNameRead) },
      errors: [],
      handle: async ({ actor, params, query }) =>
        reply(200, (rows: readonly SexFromFirstNameRow[]) => rows.map((r) => ({ ...base(r), sex: null, proposed: r.proposed, first_name: r.firstName })))(
          await previewSexFromFirstName(deps())(actor, params.id, ambiguous(query))),
    }),
    route({
      ...common, operationId: 'cleanupSexFromSpouse', method: 'get', path: '/trees/{id}/cleanup/gender/from-spouse',
      summary: 'Preview (editor): the opposite sex of the partners whose sex is set, for people whose sex is unset. Partners of both sexes: left out as ambiguous.',
      query: AmbiguousQuery,
      success: { status: 200, description: 'The proposals, by display name.', body: t.array(FromSpouseRead) },
      errors: [],
      handle: async ({ actor, params, query }) =>
        reply(200, (rows: readonly SexFromSpouseRow[]) => rows.map((r) => ({ ...base(r), sex: null, proposed: r.proposed, partner_ids: [...r.partnerIds] })))(
          await previewSexFromSpouse(deps())(actor, params.id, ambiguous(query))),
    }),
    route({
      ...common, operationId: 'cleanupApplyGender', method: 'post', path: '/trees/{id}/cleanup/gender',
      summary: 'Set the sex of the kept rows of the sex previews (editor), in one transaction; people whose sex is set by now are skipped.',
      body: SexBody, jsonLimitBytes: APPLY_JSON_LIMIT,
      success: { status: 200, description: 'How many were changed, and who was skipped and why.', body: ApplyRead },
      errors: [],
      handle: async ({ actor, params, body }) =>
        reply(200, applyWire)(await applySex(deps())(actor, params.id, body.changes.map((c) => ({ personId: c.person_id, sex: c.sex })))),
    }),
    route({
      ...common, operationId: 'cleanupBrokenNames', method: 'get', path: '/trees/{id}/cleanup/broken-names',
      summary: 'Preview (editor): primary names with a date in the surname or given name, no surname, or several people packed in the given name, with a suggested given name and surname.',
      success: { status: 200, description: 'The flagged names, by display name.', body: t.array(BrokenNameRead) },
      errors: [],
      handle: async ({ actor, params }) =>
        reply(200, (rows: readonly BrokenNameRow[]) => rows.map((r) => ({
          ...base(r), flags: [...r.flags], given_name: r.givenName, surname: r.surname, proposed: { given_name: r.proposed.givenName, surname: r.proposed.surname },
        })))(await previewBrokenNames(deps())(actor, params.id)),
    }),
    route({
      ...common, operationId: 'cleanupApplyNames', method: 'post', path: '/trees/{id}/cleanup/names',
      summary: "Write the caller's given name and surname over the primary name of the kept rows (editor), through the same command as PATCH /persons/{id}; names fixed since the preview are skipped.",
      body: NamesBody, jsonLimitBytes: APPLY_JSON_LIMIT,
      success: { status: 200, description: 'How many were changed, and who was skipped and why.', body: ApplyRead },
      errors: [],
      handle: async ({ actor, params, body }) =>
        reply(200, applyWire)(await applyNames(deps())(actor, params.id, body.changes.map((c) => ({ personId: c.person_id, givenName: c.given_name, surname: c.surname })))),
    }),
  ];
};
