import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { errorStatuses } from '../../adapters/http/route.js';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';
import { givenMediaWithoutFile, upload, uploadFile } from '../support/media.js';
import { importGedcomFile, previewGedcomFile, TINY_GEDCOM } from '../support/gedcom.js';
import { emptyBackup } from '../support/account-archive.js';

// REQUIRE_EMAIL_VERIFICATION=true (issue 23, deliverable 4): an unverified session reads nothing but
// itself. The core refuses it (403 email_unverified) in every operation of the route table except a
// short allow-list: signing in, out and up, verifying, resetting a password, reading /users/me and
// deleting the account. A route added to the table without a row here fails the first test, and its
// row then fails unless the core refuses an unverified session there or the route joins ALLOW_LIST.
//
// The unverified account is an OWNER of a PUBLIC tree, listed in OWNER_EMAIL: no role, visibility or
// instance-owner rule can be the reason for its 403. Its twin, a verified co-owner also listed in
// OWNER_EMAIL, makes every call right after it and must succeed: the only difference is verification.

/** The operations an unverified session may call: each row below proves it works for one. */
const ALLOW_LIST = ['register', 'login', 'logout', 'verifyEmail', 'resendVerification', 'requestPasswordReset', 'confirmPasswordReset', 'getMe', 'deleteMe'];

const PASSWORD = 'correct horse';
const UNVERIFIED = 'vr-unverified@example.org';
const TWIN = 'vr-twin@example.org';
const LIVING_NOTES = 'LIVING-NOTES-vr';
const DEAD = { birth: { date: { qualifier: 'exact' as const, year: 1800 } }, death: { date: { qualifier: 'exact' as const, year: 1870 } } };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const SOURCE_OPS = [{ op: 'create' as const, entity: 'source' as const, data: { title: 'Parish register' } }];

type Fixture = {
  readonly personId: string;
  readonly livingId: string;
  readonly nameId: string;
  readonly partnerId: string;
  readonly partnershipId: string;
  readonly eventId: string;
  readonly sourceId: string;
  readonly repositoryId: string;
  readonly citationId: string;
  readonly mediaId: string;
};

type Ctx = {
  readonly svc: TestService;
  /** The tree of this call: the shared public one, or fresh for destructive rows. */
  readonly treeId: string;
  readonly treeName: string;
  /** A viewer of the tree (target of role changes and removals). */
  readonly extraId: string;
  /** The verified owner who set everything up, for setup inside a call. */
  readonly owner: ApiClient;
  readonly fx: () => Fixture;
  readonly unique: () => string;
};

type Call = (c: ApiClient, ctx: Ctx) => Promise<{ response: Response; error?: unknown }>;

type Row =
  /** Refused to the unverified session; the verified twin gets `verified` (default: any 2xx). */
  | { readonly kind: 'refused'; readonly call: Call; readonly fresh?: 'tree' | 'deleted'; readonly verified?: number }
  /** On ALLOW_LIST: the unverified session gets `status`; `caller` makes the call with a session of its own. */
  | { readonly kind: 'allowed'; readonly status: number; readonly call: Call; readonly caller?: (ctx: Ctx) => Promise<string> };

const must = async <T>(what: string, p: Promise<{ data?: T; response: Response; error?: unknown }>): Promise<T> => {
  const { data, response, error } = await p;
  if (data === undefined) throw new Error(`setup: ${what} ${response.status} ${JSON.stringify(error)}`);
  return data;
};
const pid = (id: string) => ({ params: { path: { id } } });
const path = (ctx: Ctx) => pid(ctx.treeId);
const newPerson = async (ctx: Ctx, given = 'Fresh') =>
  (await must('create person', ctx.owner.POST('/trees/{id}/persons', { ...path(ctx), body: { given_name: given, surname: 'Row', ...DEAD } }))).id;
const ownerProposal = async (ctx: Ctx): Promise<string> =>
  (await must('propose', ctx.owner.POST('/trees/{id}/proposals', { ...path(ctx), body: { summary: 'setup', operations: SOURCE_OPS } }))).id;
const gedcomForm = (text: string): FormData => {
  const f = new FormData();
  f.append('file', new Blob([text], { type: 'application/octet-stream' }), 'tree.ged');
  return f;
};
/** A fresh unverified account of its own (for rows that sign out, verify or delete the caller). */
const freshUnverified = async (ctx: Ctx): Promise<string> => (await registerUser(ctx.svc, `${ctx.unique()}@example.org`, PASSWORD)).token;

const refused = (call: Call, o: { readonly fresh?: 'tree' | 'deleted'; readonly verified?: number } = {}): Row => ({ kind: 'refused', call, ...o });

const table: Readonly<Record<string, Row>> = {
  register: { kind: 'allowed', status: 201, call: (c, ctx) => c.POST('/auth/register', { body: { email: `${ctx.unique()}@example.org`, password: PASSWORD } }) },
  login: { kind: 'allowed', status: 200, call: (c) => c.POST('/auth/login', { body: { email: UNVERIFIED, password: PASSWORD } }) },
  logout: { kind: 'allowed', status: 204, caller: freshUnverified, call: (c) => c.POST('/auth/logout') },
  verifyEmail: {
    kind: 'allowed', status: 204,
    caller: async (ctx) => (await registerUser(ctx.svc, 'vr-verifies@example.org', PASSWORD)).token,
    call: (c, ctx) => c.POST('/auth/verify-email', { body: { token: tokenFromMail(ctx.svc, 'vr-verifies@example.org') } }),
  },
  resendVerification: { kind: 'allowed', status: 204, call: (c) => c.POST('/auth/verify-email/resend') },
  requestPasswordReset: { kind: 'allowed', status: 202, call: (c) => c.POST('/auth/password-reset', { body: { email: UNVERIFIED } }) },
  confirmPasswordReset: {
    kind: 'allowed', status: 204,
    caller: async (ctx) => {
      const own = await registerUser(ctx.svc, 'vr-resets@example.org', PASSWORD);
      const asked = await ctx.svc.client().POST('/auth/password-reset', { body: { email: own.email } });
      if (asked.response.status !== 202) throw new Error(`setup: request reset ${asked.response.status}`);
      return own.token;
    },
    call: (c, ctx) => c.POST('/auth/password-reset/confirm', { body: { token: tokenFromMail(ctx.svc, 'vr-resets@example.org'), new_password: PASSWORD } }),
  },
  getMe: { kind: 'allowed', status: 200, call: (c) => c.GET('/users/me') },
  deleteMe: {
    kind: 'allowed', status: 204,
    caller: async (ctx) => (await registerUser(ctx.svc, 'vr-leaves@example.org', PASSWORD)).token,
    call: (c) => c.DELETE('/users/me', { body: { email: 'vr-leaves@example.org' } }),
  },

  changePassword: refused((c) => c.POST('/auth/change-password', { body: { current_password: PASSWORD, new_password: PASSWORD } })),
  setSelfPerson: refused((c, ctx) => c.PATCH('/users/me/self-person', { body: { person_id: ctx.fx().personId } })),
  exportAccount: refused((c) => c.GET('/users/me/export', { parseAs: 'arrayBuffer' })),
  importAccount: refused(async (c) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await emptyBackup())]), 'backup.zip');
    return c.POST('/users/me/import', { body: {} as never, bodySerializer: () => form });
  }),
  getInstanceStatus: refused((c) => c.GET('/admin/instance')),

  createTree: refused((c) => c.POST('/trees', { body: { name: 'Another' } })),
  listTrees: refused((c) => c.GET('/trees')),
  getTree: refused((c, ctx) => c.GET('/trees/{id}', path(ctx))),
  updateTree: refused((c, ctx) => c.PATCH('/trees/{id}', { ...path(ctx), body: { description: 'touched' } })),
  deleteTree: refused((c, ctx) => c.DELETE('/trees/{id}', path(ctx)), { fresh: 'tree' }),
  restoreTree: refused((c, ctx) => c.POST('/trees/{id}/restore', path(ctx)), { fresh: 'deleted' }),
  purgeTree: refused((c, ctx) => c.POST('/trees/{id}/purge', { ...path(ctx), body: { name: ctx.treeName } }), { fresh: 'deleted' }),
  getAiPolicy: refused((c, ctx) => c.GET('/trees/{id}/ai', path(ctx))),
  updateAiPolicy: refused((c, ctx) => c.PATCH('/trees/{id}/ai', { ...path(ctx), body: { ai_member_provider: null } })),
  listTreeAudit: refused((c, ctx) => c.GET('/trees/{id}/audit', path(ctx))),
  listMembers: refused((c, ctx) => c.GET('/trees/{id}/members', path(ctx))),
  addMember: refused(async (c, ctx) => {
    const u = await registerUser(ctx.svc, `${ctx.unique()}@example.org`);
    return c.POST('/trees/{id}/members', { ...path(ctx), body: { email: u.email, role: 'viewer' } });
  }),
  changeMemberRole: refused(
    (c, ctx) => c.PATCH('/trees/{id}/members/{user_id}', { params: { path: { id: ctx.treeId, user_id: ctx.extraId } }, body: { role: 'editor' } }),
    { fresh: 'tree' },
  ),
  removeMember: refused((c, ctx) => c.DELETE('/trees/{id}/members/{user_id}', { params: { path: { id: ctx.treeId, user_id: ctx.extraId } } }), { fresh: 'tree' }),

  createPerson: refused((c, ctx) => c.POST('/trees/{id}/persons', { ...path(ctx), body: { given_name: 'New', surname: 'Row' } })),
  listPersons: refused((c, ctx) => c.GET('/trees/{id}/persons', path(ctx))),
  getPerson: refused((c, ctx) => c.GET('/persons/{id}', pid(ctx.fx().livingId))),
  updatePerson: refused((c, ctx) => c.PATCH('/persons/{id}', { ...pid(ctx.fx().personId), body: { notes: 'touched' } })),
  deletePerson: refused(async (c, ctx) => c.DELETE('/persons/{id}', pid(await newPerson(ctx)))),
  restorePerson: refused(async (c, ctx) => {
    const id = await newPerson(ctx);
    await must('delete person', ctx.owner.DELETE('/persons/{id}', pid(id)));
    return c.POST('/persons/{id}/restore', pid(id));
  }),
  previewMerge: refused(async (c, ctx) => c.GET('/persons/{id}/merge-preview', { params: { path: { id: await newPerson(ctx) }, query: { other_id: await newPerson(ctx) } } })),
  mergePersons: refused(async (c, ctx) => c.POST('/persons/{id}/merge', { ...pid(await newPerson(ctx)), body: { other_id: await newPerson(ctx) } })),

  listNames: refused((c, ctx) => c.GET('/persons/{id}/names', pid(ctx.fx().personId))),
  createName: refused((c, ctx) => c.POST('/persons/{id}/names', { ...pid(ctx.fx().personId), body: { name_type: 'alias', given_name: 'Alias', surname: 'Row' } })),
  updateName: refused((c, ctx) =>
    c.PATCH('/persons/{id}/names/{name_id}', { params: { path: { id: ctx.fx().personId, name_id: ctx.fx().nameId } }, body: { given_name: 'Shared' } })),
  deleteName: refused(async (c, ctx) => {
    const id = await newPerson(ctx);
    const extra = await must('create name', ctx.owner.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'alias', given_name: 'Other' } }));
    return c.DELETE('/persons/{id}/names/{name_id}', { params: { path: { id, name_id: extra.id } } });
  }),
  makePrimaryName: refused((c, ctx) => c.POST('/persons/{id}/names/{name_id}/make-primary', { params: { path: { id: ctx.fx().personId, name_id: ctx.fx().nameId } } })),

  createEvent: refused((c, ctx) => c.POST('/trees/{id}/events', { ...path(ctx), body: { type: 'residence', person_id: ctx.fx().personId, place: 'Boston' } })),
  listTreeEvents: refused((c, ctx) => c.GET('/trees/{id}/events', path(ctx))),
  listPersonEvents: refused((c, ctx) => c.GET('/persons/{id}/events', pid(ctx.fx().personId))),
  getEvent: refused((c, ctx) => c.GET('/events/{id}', pid(ctx.fx().eventId))),
  updateEvent: refused((c, ctx) => c.PATCH('/events/{id}', { ...pid(ctx.fx().eventId), body: { notes: 'touched' } })),
  deleteEvent: refused(async (c, ctx) => {
    const e = await must('create event', ctx.owner.POST('/trees/{id}/events', { ...path(ctx), body: { type: 'census', person_id: ctx.fx().personId } }));
    return c.DELETE('/events/{id}', pid(e.id));
  }),

  createRelationship: refused(async (c, ctx) =>
    c.POST('/trees/{id}/relationships', { ...path(ctx), body: { type: 'partnership', person_a_id: await newPerson(ctx), person_b_id: await newPerson(ctx) } })),
  listTreeRelationships: refused((c, ctx) => c.GET('/trees/{id}/relationships', path(ctx))),
  listPersonRelationships: refused((c, ctx) => c.GET('/persons/{id}/relationships', pid(ctx.fx().personId))),
  getRelationship: refused((c, ctx) => c.GET('/relationships/{id}', pid(ctx.fx().partnershipId))),
  updateRelationship: refused((c, ctx) => c.PATCH('/relationships/{id}', { ...pid(ctx.fx().partnershipId), body: { notes: 'touched' } })),
  deleteRelationship: refused(async (c, ctx) => {
    const r = await must('create relationship', ctx.owner.POST('/trees/{id}/relationships', {
      ...path(ctx), body: { type: 'parent_child', qualifier: 'biological', person_a_id: ctx.fx().personId, person_b_id: await newPerson(ctx) },
    }));
    return c.DELETE('/relationships/{id}', pid(r.id));
  }),

  createSource: refused((c, ctx) => c.POST('/trees/{id}/sources', { ...path(ctx), body: { title: 'Census 1850' } })),
  listSources: refused((c, ctx) => c.GET('/trees/{id}/sources', path(ctx))),
  getSource: refused((c, ctx) => c.GET('/sources/{id}', pid(ctx.fx().sourceId))),
  createRepository: refused((c, ctx) => c.POST('/trees/{id}/repositories', { ...path(ctx), body: { name: 'Parish chest' } })),
  listRepositories: refused((c, ctx) => c.GET('/trees/{id}/repositories', path(ctx))),
  getRepository: refused((c, ctx) => c.GET('/repositories/{id}', pid(ctx.fx().repositoryId))),
  updateRepository: refused((c, ctx) => c.PATCH('/repositories/{id}', { ...pid(ctx.fx().repositoryId), body: { notes: 'touched' } })),
  deleteRepository: refused(async (c, ctx) => {
    const r = await must('create repository', ctx.owner.POST('/trees/{id}/repositories', { ...path(ctx), body: { name: 'Doomed' } }));
    return c.DELETE('/repositories/{id}', pid(r.id));
  }),
  updateSource: refused((c, ctx) => c.PATCH('/sources/{id}', { ...pid(ctx.fx().sourceId), body: { notes: 'touched' } })),
  deleteSource: refused(async (c, ctx) => {
    const s = await must('create source', ctx.owner.POST('/trees/{id}/sources', { ...path(ctx), body: { title: 'Doomed' } }));
    return c.DELETE('/sources/{id}', pid(s.id));
  }),
  createCitation: refused((c, ctx) => c.POST('/trees/{id}/citations', { ...path(ctx), body: { source_id: ctx.fx().sourceId, event_id: ctx.fx().eventId, confidence: 2 } })),
  listCitations: refused((c, ctx) => c.GET('/trees/{id}/citations', path(ctx))),
  getCitation: refused((c, ctx) => c.GET('/citations/{id}', pid(ctx.fx().citationId))),
  updateCitation: refused((c, ctx) => c.PATCH('/citations/{id}', { ...pid(ctx.fx().citationId), body: { page: 'p. 1' } })),
  deleteCitation: refused(async (c, ctx) => {
    const ct = await must('create citation', ctx.owner.POST('/trees/{id}/citations', { ...path(ctx), body: { source_id: ctx.fx().sourceId, person_id: ctx.fx().personId } }));
    return c.DELETE('/citations/{id}', pid(ct.id));
  }),

  uploadMedia: refused((c, ctx) => upload(c, ctx.treeId, PNG, { title: 'Row' })),
  listMedia: refused((c, ctx) => c.GET('/trees/{id}/media', path(ctx))),
  getMedia: refused((c, ctx) => c.GET('/media/{id}', pid(ctx.fx().mediaId))),
  getMediaContent: refused((c, ctx) => c.GET('/media/{id}/content', { ...pid(ctx.fx().mediaId), parseAs: 'arrayBuffer' })),
  updateMedia: refused((c, ctx) => c.PATCH('/media/{id}', { ...pid(ctx.fx().mediaId), body: { title: 'touched' } })),
  uploadMediaFile: refused(async (c, ctx) => uploadFile(c, await givenMediaWithoutFile(ctx.svc, ctx.treeId), PNG)),
  getPersonHistory: refused((c, ctx) => c.GET('/persons/{id}/history', pid(ctx.fx().personId))),
  getEventHistory: refused((c, ctx) => c.GET('/events/{id}/history', pid(ctx.fx().eventId))),
  getRelationshipHistory: refused((c, ctx) => c.GET('/relationships/{id}/history', pid(ctx.fx().partnershipId))),
  getSourceHistory: refused((c, ctx) => c.GET('/sources/{id}/history', pid(ctx.fx().sourceId))),
  getRepositoryHistory: refused((c, ctx) => c.GET('/repositories/{id}/history', pid(ctx.fx().repositoryId))),
  getCitationHistory: refused((c, ctx) => c.GET('/citations/{id}/history', pid(ctx.fx().citationId))),
  getMediaHistory: refused((c, ctx) => c.GET('/media/{id}/history', pid(ctx.fx().mediaId))),
  listTreeChanges: refused((c, ctx) => c.GET('/trees/{id}/changes', path(ctx))),
  listImports: refused((c, ctx) => c.GET('/trees/{id}/imports', path(ctx))),
  undoImport: refused(async (c, ctx) => {
    const form = gedcomForm(['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Undone /Row/', '0 TRLR', ''].join('\n'));
    const report = await must('import', ctx.owner.POST('/trees/{id}/gedcom/import', { ...path(ctx), body: {} as never, bodySerializer: () => form }));
    return c.POST('/trees/{id}/imports/{import_id}/undo', { params: { path: { id: ctx.treeId, import_id: report.import_id } }, body: {} });
  }),
  restorePersonChange: refused(async (c, ctx) => {
    const id = ctx.fx().personId;
    await must('touch', ctx.owner.PATCH('/persons/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }));
    const change = (await must('history', ctx.owner.GET('/persons/{id}/history', pid(id))))[0]!.change_id;
    return c.POST('/persons/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
  }),
  restoreEventChange: refused(async (c, ctx) => {
    const id = ctx.fx().eventId;
    await must('touch', ctx.owner.PATCH('/events/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }));
    const change = (await must('history', ctx.owner.GET('/events/{id}/history', pid(id))))[0]!.change_id;
    return c.POST('/events/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
  }),
  restoreRelationshipChange: refused(async (c, ctx) => {
    const id = ctx.fx().partnershipId;
    await must('touch', ctx.owner.PATCH('/relationships/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }));
    const change = (await must('history', ctx.owner.GET('/relationships/{id}/history', pid(id))))[0]!.change_id;
    return c.POST('/relationships/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
  }),
  restoreSourceChange: refused(async (c, ctx) => {
    const id = ctx.fx().sourceId;
    await must('touch', ctx.owner.PATCH('/sources/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }));
    const change = (await must('history', ctx.owner.GET('/sources/{id}/history', pid(id))))[0]!.change_id;
    return c.POST('/sources/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
  }),
  restoreRepositoryChange: refused(async (c, ctx) => {
    const id = ctx.fx().repositoryId;
    await must('touch', ctx.owner.PATCH('/repositories/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }));
    const change = (await must('history', ctx.owner.GET('/repositories/{id}/history', pid(id))))[0]!.change_id;
    return c.POST('/repositories/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
  }),
  restoreCitationChange: refused(async (c, ctx) => {
    const id = ctx.fx().citationId;
    await must('touch', ctx.owner.PATCH('/citations/{id}', { ...pid(id), body: { page: `p${ctx.unique()}` } }));
    const change = (await must('history', ctx.owner.GET('/citations/{id}/history', pid(id))))[0]!.change_id;
    return c.POST('/citations/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
  }),
  restoreMediaChange: refused(async (c, ctx) => {
    const id = ctx.fx().mediaId;
    await must('touch', ctx.owner.PATCH('/media/{id}', { ...pid(id), body: { title: `t${ctx.unique()}` } }));
    const change = (await must('history', ctx.owner.GET('/media/{id}/history', pid(id))))[0]!.change_id;
    return c.POST('/media/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
  }),
  deleteMedia: refused(async (c, ctx) => c.DELETE('/media/{id}', pid((await must('upload media', upload(ctx.owner, ctx.treeId, PNG))).id))),
  restoreMedia: refused(async (c, ctx) => {
    const m = await must('upload media', upload(ctx.owner, ctx.treeId, PNG));
    await ctx.owner.DELETE('/media/{id}', pid(m.id));
    return c.POST('/media/{id}/restore', pid(m.id));
  }),

  previewGedcom: refused((c, ctx) => previewGedcomFile(c, ctx.treeId, TINY_GEDCOM)),
  importGedcom: refused((c, ctx) => importGedcomFile(c, ctx.treeId, TINY_GEDCOM)),
  exportGedcom: refused((c, ctx) => c.GET('/trees/{id}/gedcom/export', { ...path(ctx), parseAs: 'text' })),

  cleanupDeceasedByBirthYear: refused((c, ctx) => c.GET('/trees/{id}/cleanup/deceased-by-birth-year', { params: { path: { id: ctx.treeId }, query: { born_on_or_before: 1850 } } })),
  cleanupDeceasedByChild: refused((c, ctx) => c.GET('/trees/{id}/cleanup/deceased-by-child', { params: { path: { id: ctx.treeId }, query: { born_on_or_before: 1900 } } })),
  cleanupApplyDeceased: refused(async (c, ctx) => c.POST('/trees/{id}/cleanup/deceased', { ...path(ctx), body: { person_ids: [await newPerson(ctx)] } })),
  cleanupSexFromGedcom: refused((c, ctx) => c.POST('/trees/{id}/cleanup/gender/from-gedcom', { ...path(ctx), body: {} as never, bodySerializer: () => gedcomForm(TINY_GEDCOM) })),
  cleanupSexFromFirstName: refused((c, ctx) => c.GET('/trees/{id}/cleanup/gender/from-first-name', path(ctx))),
  cleanupSexFromSpouse: refused((c, ctx) => c.GET('/trees/{id}/cleanup/gender/from-spouse', path(ctx))),
  cleanupApplyGender: refused(async (c, ctx) => c.POST('/trees/{id}/cleanup/gender', { ...path(ctx), body: { changes: [{ person_id: await newPerson(ctx), sex: 'female' }] } })),
  cleanupBrokenNames: refused((c, ctx) => c.GET('/trees/{id}/cleanup/broken-names', path(ctx))),
  cleanupApplyNames: refused(async (c, ctx) =>
    c.POST('/trees/{id}/cleanup/names', { ...path(ctx), body: { changes: [{ person_id: await newPerson(ctx, 'Anna & Karl'), given_name: 'Anna', surname: 'Row' }] } })),

  createProposal: refused((c, ctx) => c.POST('/trees/{id}/proposals', { ...path(ctx), body: { summary: 'x', operations: SOURCE_OPS } })),
  listProposals: refused((c, ctx) => c.GET('/trees/{id}/proposals', path(ctx))),
  getProposal: refused(async (c, ctx) => c.GET('/trees/{id}/proposals/{pid}', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } } })),
  applyProposal: refused(async (c, ctx) => c.POST('/trees/{id}/proposals/{pid}/apply', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } }, body: {} })),
  rejectProposal: refused(async (c, ctx) => c.POST('/trees/{id}/proposals/{pid}/reject', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } } })),
  deleteProposal: refused(async (c, ctx) => c.DELETE('/trees/{id}/proposals/{pid}', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } } })),
  // No provider is configured here: a verified member gets as far as 409 ai_disabled.
  askAssistant: refused((c, ctx) => c.POST('/trees/{id}/assistant', { ...path(ctx), body: { messages: [{ role: 'user', content: 'Who is Anna?' }] } }), { verified: 409 }),
  findRelationship: refused((c, ctx) => c.GET('/trees/{id}/relationship', { params: { path: { id: ctx.treeId }, query: { from: ctx.fx().personId, to: ctx.fx().partnerId } } })),
  listRecommendations: refused((c, ctx) => c.GET('/trees/{id}/recommendations', { params: { path: { id: ctx.treeId }, query: { person_id: ctx.fx().personId } } })),
  listDuplicates: refused((c, ctx) => c.GET('/trees/{id}/duplicates', path(ctx))),
  dismissDuplicate: refused(async (c, ctx) => c.POST('/trees/{id}/duplicates/dismiss', { ...path(ctx), body: { person_ids: [await newPerson(ctx, 'Twin'), await newPerson(ctx, 'Twin')] } })),
  getPedigree: refused((c, ctx) => c.GET('/persons/{id}/pedigree', pid(ctx.fx().personId))),
  getDescendants: refused((c, ctx) => c.GET('/persons/{id}/descendants', pid(ctx.fx().personId))),

  // The public surface too: what anonymous may read, a session of an unverified account may not.
  publicDirectory: refused((c) => c.GET('/public/trees')),
  publicTree: refused((c, ctx) => c.GET('/public/trees/{id}', path(ctx))),
  publicPersons: refused((c, ctx) => c.GET('/public/trees/{id}/persons', path(ctx))),
  publicRelationships: refused((c, ctx) => c.GET('/public/trees/{id}/relationships', path(ctx))),
  publicEvents: refused((c, ctx) => c.GET('/public/trees/{id}/events', path(ctx))),
  publicPerson: refused((c, ctx) => c.GET('/public/persons/{id}', pid(ctx.fx().personId))),
  publicPersonNames: refused((c, ctx) => c.GET('/public/persons/{id}/names', pid(ctx.fx().personId))),
  publicPersonEvents: refused((c, ctx) => c.GET('/public/persons/{id}/events', pid(ctx.fx().personId))),
  publicPedigree: refused((c, ctx) => c.GET('/public/persons/{id}/pedigree', pid(ctx.fx().personId))),
  publicDescendants: refused((c, ctx) => c.GET('/public/persons/{id}/descendants', pid(ctx.fx().personId))),
};

/** The openapi-fetch error of a call: the problem document of a JSON error. */
const codeOf = (error: unknown): string | undefined => (error as { code?: string } | undefined)?.code;

describe('HTTP with REQUIRE_EMAIL_VERIFICATION=true: an unverified session reads nothing but itself', function () {
  this.timeout(120_000);

  it('has a row for every operation of the route table, and no row for an operation that does not exist', () => {
    const ops = allRoutes().map((r) => r.operationId);
    expect(ops.filter((op) => !(op in table)), 'operations without a row').to.deep.equal([]);
    expect(Object.keys(table).filter((op) => !ops.includes(op)), 'rows without an operation').to.deep.equal([]);
  });

  it('the allow-list is short and deliberate: exactly the rows an unverified session may call', () => {
    const allowed = Object.entries(table).filter(([, row]) => row.kind === 'allowed').map(([op]) => op);
    expect(allowed.sort()).to.deep.equal([...ALLOW_LIST].sort());
    expect(allRoutes().filter((r) => r.allowsUnverified === true).map((r) => r.operationId).sort(), 'routes marked allowsUnverified').to.deep.equal([...ALLOW_LIST].sort());
  });

  it('every refused operation documents its 403', () => {
    const undocumented = allRoutes().filter((r) => table[r.operationId]?.kind === 'refused' && !errorStatuses(r).includes(403)).map((r) => r.operationId);
    expect(undocumented).to.deep.equal([]);
  });

  let svc: TestService;
  let ownerToken: string;
  let unverified: Awaited<ReturnType<typeof registerUser>>;
  let twin: Awaited<ReturnType<typeof registerUser>>;
  let extra: Awaited<ReturnType<typeof registerUser>>;
  let shared: { id: string; name: string };
  let fixture: Fixture;
  let n = 0;
  const unique = () => `vr-u${n++}`;

  const verify = async (email: string): Promise<void> => {
    const r = await svc.client().POST('/auth/verify-email', { body: { token: tokenFromMail(svc, email) } });
    if (r.response.status !== 204) throw new Error(`setup: verify ${email}: ${r.response.status}`);
  };

  /** A public tree the unverified account and its twin co-own, with the extra account as a viewer. */
  const makeTree = async (deleted = false): Promise<{ id: string; name: string }> => {
    const owner = svc.client(ownerToken);
    const name = `Tree ${unique()}`;
    const id = (await must('create tree', owner.POST('/trees', { body: { name, visibility: 'public' } }))).id;
    for (const [email, role] of [[UNVERIFIED, 'owner'], [TWIN, 'owner'], [extra.email, 'viewer']] as const)
      await must(`add ${email}`, owner.POST('/trees/{id}/members', { ...pid(id), body: { email, role } }));
    if (deleted && (await owner.DELETE('/trees/{id}', pid(id))).response.status !== 204) throw new Error('setup: delete tree');
    return { id, name };
  };

  /** A dead couple (name, event, partnership, source, citation, media) and a living child with notes. */
  const seed = async (treeId: string): Promise<Fixture> => {
    const c = svc.client(ownerToken);
    const tree = pid(treeId);
    const person = await must('seed person', c.POST('/trees/{id}/persons', { ...tree, body: { given_name: 'Ada', surname: 'Dead', notes: 'DEAD-NOTES', ...DEAD } }));
    const partner = await must('seed partner', c.POST('/trees/{id}/persons', { ...tree, body: { given_name: 'Bob', surname: 'Dead', ...DEAD } }));
    const living = await must('seed living', c.POST('/trees/{id}/persons', {
      ...tree, body: { given_name: 'Cleo', surname: 'Alive', notes: LIVING_NOTES, birth: { date: { qualifier: 'exact', year: 1990 } } },
    }));
    await must('seed parent', c.POST('/trees/{id}/relationships', { ...tree, body: { type: 'parent_child', qualifier: 'biological', person_a_id: person.id, person_b_id: living.id } }));
    const names = await must('seed names', c.GET('/persons/{id}/names', pid(person.id)));
    const rel = await must('seed partnership', c.POST('/trees/{id}/relationships', { ...tree, body: { type: 'partnership', person_a_id: person.id, person_b_id: partner.id } }));
    const event = await must('seed event', c.POST('/trees/{id}/events', { ...tree, body: { type: 'occupation', person_id: person.id, detail: 'Smith' } }));
    const source = await must('seed source', c.POST('/trees/{id}/sources', { ...tree, body: { title: 'Parish register' } }));
    const repository = await must('seed repository', c.POST('/trees/{id}/repositories', { ...tree, body: { name: 'County Record Office' } }));
    const citation = await must('seed citation', c.POST('/trees/{id}/citations', { ...tree, body: { source_id: source.id, person_id: person.id } }));
    const media = await must('seed media', upload(c, treeId, PNG, { person_id: person.id }));
    return {
      personId: person.id, livingId: living.id, nameId: names[0]!.id, partnerId: partner.id, partnershipId: rel.id, eventId: event.id,
      sourceId: source.id, repositoryId: repository.id, citationId: citation.id, mediaId: media.id,
    };
  };

  before(async () => {
    svc = await startTestService({ env: { REQUIRE_EMAIL_VERIFICATION: 'true', OWNER_EMAIL: `${UNVERIFIED},${TWIN}` } });
    const owner = await registerUser(svc, 'vr-owner@example.org', PASSWORD);
    await verify(owner.email);
    ownerToken = owner.token;
    unverified = await registerUser(svc, UNVERIFIED, PASSWORD);
    twin = await registerUser(svc, TWIN, PASSWORD);
    await verify(TWIN);
    extra = await registerUser(svc, 'vr-extra@example.org', PASSWORD);
    shared = await makeTree();
    fixture = await seed(shared.id);
  });
  after(async () => {
    await svc?.close();
  });

  const ctxFor = (tree: { id: string; name: string }): Ctx => ({
    svc, treeId: tree.id, treeName: tree.name, extraId: extra.id, owner: svc.client(ownerToken), unique,
    fx: () => {
      if (tree.id !== shared.id) throw new Error('no fixture records in a fresh tree');
      return fixture;
    },
  });

  for (const [op, row] of Object.entries(table)) {
    if (row.kind === 'refused') {
      it(`${op}: 403 email_unverified to the unverified co-owner; ${row.verified ?? '2xx'} to its verified twin`, async () => {
        const ctx = ctxFor(row.fresh === undefined ? shared : await makeTree(row.fresh === 'deleted'));
        const { response, error } = await row.call(svc.client(unverified.token), ctx);
        expect(response.status, `${op} unverified: ${JSON.stringify(error)}`).to.equal(403);
        expect(response.headers.get('content-type'), op).to.match(/^application\/problem\+json/);
        expect(codeOf(error), op).to.equal('email_unverified');
        const seen = await row.call(svc.client(twin.token), ctx);
        const label = `${op} verified twin: ${seen.response.status} ${JSON.stringify(seen.error)}`;
        if (row.verified === undefined) expect(seen.response.status, label).to.be.within(200, 299);
        else expect(seen.response.status, label).to.equal(row.verified);
      });
    } else {
      it(`${op}: allowed, ${row.status} to an unverified session`, async () => {
        const ctx = ctxFor(shared);
        const token = row.caller === undefined ? unverified.token : await row.caller(ctx);
        const { response, error } = await row.call(svc.client(token), ctx);
        expect(response.status, `${op}: ${JSON.stringify(error)}`).to.equal(row.status);
      });
    }
  }

  it('the finding: the account export of an unverified owner carries no tree, note or email', async () => {
    const res = await fetch(`${svc.baseUrl}/api/v1/users/me/export`, { headers: { Authorization: `Bearer ${unverified.token}` } });
    const text = await res.text();
    expect(res.status).to.equal(403);
    expect(JSON.parse(text).code).to.equal('email_unverified');
    for (const secret of [shared.name, LIVING_NOTES, TWIN, extra.email, 'vr-owner@example.org']) expect(text).not.to.include(secret);
    // The twin, the same kind of owner, verified, gets all of it.
    const twins = await fetch(`${svc.baseUrl}/api/v1/users/me/export`, { headers: { Authorization: `Bearer ${twin.token}` } });
    expect(twins.status).to.equal(200);
  });

  it('the account is still unverified and /users/me says so (the rows above did not verify it)', async () => {
    const me = await svc.client(unverified.token).GET('/users/me');
    expect(me.response.status).to.equal(200);
    expect(me.data).to.include({ email: UNVERIFIED, email_verified: false, is_instance_owner: false });
  });

  it('the mail-link page verifies while the browser carries the unverified session, which then reads the tree', async () => {
    const own = await registerUser(svc, 'vr-page@example.org', PASSWORD);
    await must('add member', svc.client(ownerToken).POST('/trees/{id}/members', { ...pid(shared.id), body: { email: own.email, role: 'viewer' } }));
    const token = tokenFromMail(svc, own.email);
    const cookie = { Cookie: `session=${own.token}` };
    expect((await svc.client(own.token).GET('/trees/{id}', pid(shared.id))).response.status).to.equal(403);
    const page = await fetch(`${svc.baseUrl}/verify-email?token=${encodeURIComponent(token)}`, { headers: cookie });
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include('<form');
    const posted = await fetch(`${svc.baseUrl}/verify-email`, {
      method: 'POST', headers: { ...cookie, Origin: svc.baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString(),
    });
    expect(posted.status).to.equal(200);
    const read = await svc.client(own.token).GET('/trees/{id}', pid(shared.id));
    expect(read.response.status).to.equal(200);
    expect(read.data?.name).to.equal(shared.name);
  });
});

describe('HTTP with REQUIRE_EMAIL_VERIFICATION=false: an unverified account is a site member', function () {
  this.timeout(60_000);
  let svc: TestService;
  after(async () => {
    await svc?.close();
  });

  it('reads a site_members tree on the public and the member surface, and takes its data out', async () => {
    svc = await startTestService({ storage: 'memory' });
    const owner = await registerUser(svc, 'nv-owner@example.org');
    const tree = await must('create tree', svc.client(owner.token).POST('/trees', { body: { name: 'Members Only Kin', visibility: 'site_members' } }));
    const u = await registerUser(svc, 'nv-unverified@example.org');
    const c = svc.client(u.token);
    expect((await c.GET('/public/trees/{id}', pid(tree.id))).response.status).to.equal(200);
    expect((await c.GET('/trees/{id}', pid(tree.id))).response.status).to.equal(200);
    expect((await c.GET('/public/trees')).data?.map((t) => t.name)).to.include('Members Only Kin');
    expect((await c.GET('/users/me/export', { parseAs: 'arrayBuffer' })).response.status).to.equal(200);
  });
});
