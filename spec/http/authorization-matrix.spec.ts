import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { readsOneRecord, successStatuses } from '../../adapters/http/route.js';
import { SESSION_COOKIE } from '../../adapters/http/session-cookie.js';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../client/index.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';
import { givenMediaWithoutFile, upload, uploadFile } from '../support/media.js';
import { importGedcomFile, previewGedcomFile, TINY_GEDCOM } from '../support/gedcom.js';
import { emptyBackup } from '../support/account-archive.js';

// Every operation of the route table, called by six callers, on a PRIVATE tree and (for tree-scoped
// operations) on a PUBLIC one; each status checked against SPEC "Errors" and API.md. A route added to
// the table without a row here fails the first test. The same rows then meet the headers of issue 30:
// If-Match on every conditional change, If-None-Match on every one-record read, and the Origin of a
// cookie-authenticated call (this service's, one of CORS_ORIGINS, any other) on a subset of rows.

/** The browser origin the service lists in CORS_ORIGINS, and one it does not. */
const LISTED = 'http://app.example.test:5173';
const FOREIGN = 'https://evil.example.test';

const callers = ['anonymous', 'nonmember', 'viewer', 'editor', 'owner', 'instanceOwner'] as const;
type Caller = (typeof callers)[number];
type Expect = Readonly<Record<Caller, number>>;

type Ctx = {
  readonly svc: TestService;
  /** The tree this call is about: shared, or fresh for destructive rows. */
  readonly treeId: string;
  readonly treeName: string;
  /** A viewer member of the tree that is none of the callers (target of role changes and removals). */
  readonly extraId: string;
  readonly unique: () => string;
  /** The owner's client, for setup inside a call (fresh records of destructive rows). */
  readonly owner: ApiClient;
  /** The records of the shared tree (a dead person, so a non-member of a public tree sees them in full). */
  readonly fx: () => Fixture;
};

/** Records seeded in each shared tree. */
type Fixture = {
  readonly personId: string;
  readonly nameId: string;
  readonly partnerId: string;
  readonly partnershipId: string;
  readonly eventId: string;
  readonly sourceId: string;
  readonly repositoryId: string;
  readonly citationId: string;
  readonly mediaId: string;
};

/** The data of a setup call, or a thrown error naming the step (never a silent pass). */
const must = async <T>(what: string, p: Promise<{ data?: T; response: Response; error?: unknown }>): Promise<T> => {
  const { data, response, error } = await p;
  if (data === undefined) throw new Error(`setup: ${what} ${response.status} ${JSON.stringify(error)}`);
  return data;
};
const DEAD = { birth: { date: { qualifier: 'exact' as const, year: 1800 } }, death: { date: { qualifier: 'exact' as const, year: 1870 } } };
const newPerson = async (ctx: Ctx, given = 'Fresh') =>
  (await must('create person', ctx.owner.POST('/trees/{id}/persons', { params: { path: { id: ctx.treeId } }, body: { given_name: given, surname: 'Row', ...DEAD } }))).id;
const pid = (id: string) => ({ params: { path: { id } } });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
/** A browser-style form with the GEDCOM text as its one `file` part. */
const gedcomForm = (text: string): FormData => {
  const f = new FormData();
  f.append('file', new Blob([text], { type: 'application/octet-stream' }), 'tree.ged');
  return f;
};
type Call = (c: ApiClient, ctx: Ctx) => Promise<{ response: Response; error?: unknown }>;

type Row = {
  readonly call: Call;
  readonly private: Expect;
  /** Tree-scoped rows: the statuses on a PUBLIC tree. */
  readonly public?: Expect;
  /** 'tree': a fresh private tree per call; 'deleted': a fresh, soft-deleted one. */
  readonly fresh?: 'tree' | 'deleted';
  /** The call ends or revokes sessions: use a fresh login of the caller, and sign in again afterwards. */
  readonly ownSession?: boolean;
};

const all = (status: number): Expect => ({ anonymous: status, nonmember: status, viewer: status, editor: status, owner: status, instanceOwner: status });
const signedIn = (status: number): Expect => ({ ...all(status), anonymous: 401 });
/** Owner-only operations on a live tree. */
const ownerOnly = (status: number): Expect => ({ anonymous: 401, nonmember: 403, viewer: 403, editor: 403, owner: status, instanceOwner: 403 });
/** Owner-only operations on a deleted tree: a non-member cannot learn it exists. */
const ownerOnlyDeleted = (status: number): Expect => ({ ...ownerOnly(status), nonmember: 404, instanceOwner: 404 });
const members = (status: number): Expect => ({ anonymous: 401, nonmember: 403, viewer: status, editor: status, owner: status, instanceOwner: 403 });
const editors = (status: number): Expect => ({ ...members(status), viewer: 403 });
const anyone = (status: number): Expect => ({ ...signedIn(status) }); // viewable by any signed-in user
/** History: members read it; a signed-in non-member (the instance owner too) gets 404, as for an unknown id. */
const historyReaders = (status: number): Expect => ({ ...members(status), nonmember: 404, instanceOwner: 404 });
const historyEditors = (status: number): Expect => ({ ...historyReaders(status), viewer: 403 });

/** The owner changes a record (`touch`), and the record's newest change (from `history`) is the one to restore. */
const touchedChange = async (
  _ctx: Ctx,
  touch: () => Promise<{ response: Response }>,
  history: () => Promise<{ data?: readonly { change_id: string }[]; response: Response; error?: unknown }>,
): Promise<string> => {
  const touched = await touch();
  if (!touched.response.ok) throw new Error(`touch: ${touched.response.status}`);
  const h = await must('history', history());
  return h[0]!.change_id;
};

const SOURCE_OPS = [{ op: 'create' as const, entity: 'source' as const, data: { title: 'Parish register' } }];
/** A pending proposal by the owner in the call's tree. */
const ownerProposal = async (ctx: Ctx): Promise<string> =>
  (await must('propose', ctx.owner.POST('/trees/{id}/proposals', { params: { path: { id: ctx.treeId } }, body: { summary: 'setup', operations: SOURCE_OPS } }))).id;
const PASSWORD = 'correct horse';
const path = (ctx: Ctx) => ({ params: { path: { id: ctx.treeId } } });

const table: Readonly<Record<string, Row>> = {
  register: { private: all(201), call: (c, ctx) => c.POST('/auth/register', { body: { email: `${ctx.unique()}@example.org`, password: PASSWORD } }) },
  login: { private: all(200), call: (c) => c.POST('/auth/login', { body: { email: 'spare@example.org', password: PASSWORD } }) },
  logout: { private: signedIn(204), ownSession: true, call: (c) => c.POST('/auth/logout') },
  verifyEmail: {
    private: all(204),
    call: async (c, ctx) => {
      const u = await registerUser(ctx.svc, `${ctx.unique()}@example.org`);
      return c.POST('/auth/verify-email', { body: { token: tokenFromMail(ctx.svc, u.email) } });
    },
  },
  resendVerification: { private: signedIn(204), call: (c) => c.POST('/auth/verify-email/resend') },
  requestPasswordReset: { private: all(202), call: (c) => c.POST('/auth/password-reset', { body: { email: 'spare@example.org' } }) },
  confirmPasswordReset: {
    private: all(204),
    call: async (c, ctx) => {
      await ctx.svc.client().POST('/auth/password-reset', { body: { email: 'resettable@example.org' } });
      return c.POST('/auth/password-reset/confirm', { body: { token: tokenFromMail(ctx.svc, 'resettable@example.org'), new_password: PASSWORD } });
    },
  },
  changePassword: {
    private: signedIn(204),
    ownSession: true,
    call: (c) => c.POST('/auth/change-password', { body: { current_password: PASSWORD, new_password: PASSWORD } }),
  },
  getMe: { private: signedIn(200), call: (c) => c.GET('/users/me') },
  // Someone else's email: every signed-in caller reaches the check (422) and keeps the account the other rows need.
  deleteMe: {
    private: signedIn(422),
    call: (c) => c.DELETE('/users/me', { body: { email: 'spare@example.org' } }),
  },
  exportAccount: { private: signedIn(200), call: (c) => c.GET('/users/me/export', { parseAs: 'arrayBuffer' }) },
  // A backup with no tree: every signed-in caller may restore it, and nothing else changes.
  importAccount: {
    private: signedIn(201),
    call: async (c) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await emptyBackup())]), 'backup.zip');
      return c.POST('/users/me/import', { body: {} as never, bodySerializer: () => form });
    },
  },

  createTree: { private: signedIn(201), call: (c) => c.POST('/trees', { body: { name: 'Another' } }) },
  listTrees: { private: signedIn(200), call: (c) => c.GET('/trees') },
  getTree: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}', path(ctx)) },
  updateTree: { private: editors(200), public: editors(200), call: (c, ctx) => c.PATCH('/trees/{id}', { ...path(ctx), body: { description: 'touched' } }) },
  deleteTree: { private: ownerOnly(204), fresh: 'tree', call: (c, ctx) => c.DELETE('/trees/{id}', path(ctx)) },
  restoreTree: { private: ownerOnlyDeleted(200), fresh: 'deleted', call: (c, ctx) => c.POST('/trees/{id}/restore', path(ctx)) },
  purgeTree: { private: ownerOnlyDeleted(204), fresh: 'deleted', call: (c, ctx) => c.POST('/trees/{id}/purge', { ...path(ctx), body: { name: ctx.treeName } }) },
  getAiPolicy: { private: ownerOnly(200), public: ownerOnly(200), call: (c, ctx) => c.GET('/trees/{id}/ai', path(ctx)) },
  updateAiPolicy: {
    private: ownerOnly(200),
    public: ownerOnly(200),
    call: (c, ctx) => c.PATCH('/trees/{id}/ai', { ...path(ctx), body: { ai_member_provider: null } }),
  },
  listTreeAudit: { private: ownerOnly(200), public: ownerOnly(200), call: (c, ctx) => c.GET('/trees/{id}/audit', path(ctx)) },

  // The member list exposes emails: never to non-members, even on a public tree.
  listMembers: { private: members(200), public: members(200), call: (c, ctx) => c.GET('/trees/{id}/members', path(ctx)) },
  addMember: {
    private: ownerOnly(201),
    public: ownerOnly(201),
    call: async (c, ctx) => {
      const u = await registerUser(ctx.svc, `${ctx.unique()}@example.org`);
      return c.POST('/trees/{id}/members', { ...path(ctx), body: { email: u.email, role: 'viewer' } });
    },
  },
  changeMemberRole: {
    private: ownerOnly(200),
    fresh: 'tree',
    call: (c, ctx) => c.PATCH('/trees/{id}/members/{user_id}', { params: { path: { id: ctx.treeId, user_id: ctx.extraId } }, body: { role: 'editor' } }),
  },
  removeMember: {
    private: ownerOnly(204),
    fresh: 'tree',
    call: (c, ctx) => c.DELETE('/trees/{id}/members/{user_id}', { params: { path: { id: ctx.treeId, user_id: ctx.extraId } } }),
  },

  getInstanceStatus: { private: { ...signedIn(403), instanceOwner: 200 }, call: (c) => c.GET('/admin/instance') },

  // "This is me": a live person of a tree the caller can view; any other person is a bad reference (422).
  setSelfPerson: {
    private: { anonymous: 401, nonmember: 422, viewer: 200, editor: 200, owner: 200, instanceOwner: 422 },
    public: signedIn(200),
    call: (c, ctx) => c.PATCH('/users/me/self-person', { body: { person_id: ctx.fx().personId } }),
  },

  // Persons. Writes need editor; reads: members, and any signed-in caller on a public tree (the
  // person is dead, so the privacy engine shows them in full).
  createPerson: { private: editors(201), call: (c, ctx) => c.POST('/trees/{id}/persons', { ...path(ctx), body: { given_name: 'New', surname: 'Row' } }) },
  listPersons: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}/persons', path(ctx)) },
  getPerson: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/persons/{id}', pid(ctx.fx().personId)) },
  updatePerson: { private: editors(200), call: (c, ctx) => c.PATCH('/persons/{id}', { ...pid(ctx.fx().personId), body: { notes: 'touched' } }) },
  deletePerson: { private: editors(200), call: async (c, ctx) => c.DELETE('/persons/{id}', pid(await newPerson(ctx))) },
  restorePerson: {
    private: editors(200),
    call: async (c, ctx) => {
      const id = await newPerson(ctx);
      await must('delete person', ctx.owner.DELETE('/persons/{id}', pid(id)));
      return c.POST('/persons/{id}/restore', pid(id));
    },
  },
  // Merge: like PATCH /persons/{id} (editors), on fresh persons so every call has a pair to merge.
  previewMerge: {
    private: editors(200),
    call: async (c, ctx) => c.GET('/persons/{id}/merge-preview', { params: { path: { id: await newPerson(ctx) }, query: { other_id: await newPerson(ctx) } } }),
  },
  mergePersons: {
    private: editors(200),
    call: async (c, ctx) => c.POST('/persons/{id}/merge', { ...pid(await newPerson(ctx)), body: { other_id: await newPerson(ctx) } }),
  },

  // Names.
  listNames: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/persons/{id}/names', pid(ctx.fx().personId)) },
  createName: {
    private: editors(201),
    call: (c, ctx) => c.POST('/persons/{id}/names', { ...pid(ctx.fx().personId), body: { name_type: 'alias', given_name: 'Alias', surname: 'Row' } }),
  },
  updateName: {
    private: editors(200),
    call: (c, ctx) =>
      c.PATCH('/persons/{id}/names/{name_id}', { params: { path: { id: ctx.fx().personId, name_id: ctx.fx().nameId } }, body: { given_name: 'Shared' } }),
  },
  deleteName: {
    private: editors(204),
    call: async (c, ctx) => {
      const id = await newPerson(ctx);
      const extra = await must('create name', ctx.owner.POST('/persons/{id}/names', { ...pid(id), body: { name_type: 'alias', given_name: 'Other' } }));
      return c.DELETE('/persons/{id}/names/{name_id}', { params: { path: { id, name_id: extra.id } } });
    },
  },
  makePrimaryName: {
    private: editors(200),
    call: (c, ctx) => c.POST('/persons/{id}/names/{name_id}/make-primary', { params: { path: { id: ctx.fx().personId, name_id: ctx.fx().nameId } } }),
  },

  // Events.
  createEvent: {
    private: editors(201),
    call: (c, ctx) => c.POST('/trees/{id}/events', { ...path(ctx), body: { type: 'residence', person_id: ctx.fx().personId, place: 'Boston' } }),
  },
  listTreeEvents: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}/events', path(ctx)) },
  listPersonEvents: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/persons/{id}/events', pid(ctx.fx().personId)) },
  getEvent: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/events/{id}', pid(ctx.fx().eventId)) },
  updateEvent: { private: editors(200), call: (c, ctx) => c.PATCH('/events/{id}', { ...pid(ctx.fx().eventId), body: { notes: 'touched' } }) },
  deleteEvent: {
    private: editors(204),
    call: async (c, ctx) => {
      const e = await must('create event', ctx.owner.POST('/trees/{id}/events', { ...path(ctx), body: { type: 'census', person_id: ctx.fx().personId } }));
      return c.DELETE('/events/{id}', pid(e.id));
    },
  },

  // Relationships.
  createRelationship: {
    private: editors(201),
    call: async (c, ctx) =>
      c.POST('/trees/{id}/relationships', { ...path(ctx), body: { type: 'partnership', person_a_id: await newPerson(ctx), person_b_id: await newPerson(ctx) } }),
  },
  listTreeRelationships: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}/relationships', path(ctx)) },
  listPersonRelationships: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/persons/{id}/relationships', pid(ctx.fx().personId)) },
  getRelationship: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/relationships/{id}', pid(ctx.fx().partnershipId)) },
  updateRelationship: { private: editors(200), call: (c, ctx) => c.PATCH('/relationships/{id}', { ...pid(ctx.fx().partnershipId), body: { notes: 'touched' } }) },
  deleteRelationship: {
    private: editors(204),
    call: async (c, ctx) => {
      const r = await must('create relationship', ctx.owner.POST('/trees/{id}/relationships', {
        ...path(ctx), body: { type: 'parent_child', qualifier: 'biological', person_a_id: ctx.fx().personId, person_b_id: await newPerson(ctx) },
      }));
      return c.DELETE('/relationships/{id}', pid(r.id));
    },
  },

  // Sources and citations (the shared source backs a citation of the dead person: visible on a public tree).
  createSource: { private: editors(201), call: (c, ctx) => c.POST('/trees/{id}/sources', { ...path(ctx), body: { title: 'Census 1850' } }) },
  listSources: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}/sources', path(ctx)) },
  getSource: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/sources/{id}', pid(ctx.fx().sourceId)) },
  createRepository: { private: editors(201), call: (c, ctx) => c.POST('/trees/{id}/repositories', { ...path(ctx), body: { name: 'Parish chest' } }) },
  listRepositories: { private: members(200), public: members(200), call: (c, ctx) => c.GET('/trees/{id}/repositories', path(ctx)) },
  getRepository: { private: members(200), public: members(200), call: (c, ctx) => c.GET('/repositories/{id}', pid(ctx.fx().repositoryId)) },
  updateRepository: { private: editors(200), call: (c, ctx) => c.PATCH('/repositories/{id}', { ...pid(ctx.fx().repositoryId), body: { notes: 'touched' } }) },
  deleteRepository: {
    private: editors(204),
    call: async (c, ctx) => {
      const r = await must('create repository', ctx.owner.POST('/trees/{id}/repositories', { ...path(ctx), body: { name: 'Doomed' } }));
      return c.DELETE('/repositories/{id}', pid(r.id));
    },
  },
  updateSource: { private: editors(200), call: (c, ctx) => c.PATCH('/sources/{id}', { ...pid(ctx.fx().sourceId), body: { notes: 'touched' } }) },
  deleteSource: {
    private: editors(204),
    call: async (c, ctx) => {
      const s = await must('create source', ctx.owner.POST('/trees/{id}/sources', { ...path(ctx), body: { title: 'Doomed' } }));
      return c.DELETE('/sources/{id}', pid(s.id));
    },
  },
  createCitation: {
    private: editors(201),
    call: (c, ctx) => c.POST('/trees/{id}/citations', { ...path(ctx), body: { source_id: ctx.fx().sourceId, event_id: ctx.fx().eventId, confidence: 2 } }),
  },
  listCitations: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}/citations', path(ctx)) },
  getCitation: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/citations/{id}', pid(ctx.fx().citationId)) },
  updateCitation: { private: editors(200), call: (c, ctx) => c.PATCH('/citations/{id}', { ...pid(ctx.fx().citationId), body: { page: 'p. 1' } }) },
  deleteCitation: {
    private: editors(204),
    call: async (c, ctx) => {
      const ct = await must('create citation', ctx.owner.POST('/trees/{id}/citations', { ...path(ctx), body: { source_id: ctx.fx().sourceId, person_id: ctx.fx().personId } }));
      return c.DELETE('/citations/{id}', pid(ct.id));
    },
  },

  // Media: writes need editor; reads: members, and any signed-in caller on a public tree (the item
  // hangs on a dead person). The public surface has no media path at all.
  uploadMedia: { private: editors(201), call: (c, ctx) => upload(c, ctx.treeId, PNG, { title: 'Row' }) },
  listMedia: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/trees/{id}/media', path(ctx)) },
  getMedia: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/media/{id}', pid(ctx.fx().mediaId)) },
  getMediaContent: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/media/{id}/content', { ...pid(ctx.fx().mediaId), parseAs: 'arrayBuffer' }) },
  updateMedia: { private: editors(200), call: (c, ctx) => c.PATCH('/media/{id}', { ...pid(ctx.fx().mediaId), body: { title: 'touched' } }) },
  uploadMediaFile: { private: editors(200), call: async (c, ctx) => uploadFile(c, await givenMediaWithoutFile(ctx.svc, ctx.treeId), PNG) },
  // History (issue 29): members read, editors restore; a non-member is answered as for an unknown id.
  getPersonHistory: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/persons/{id}/history', pid(ctx.fx().personId)) },
  getEventHistory: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/events/{id}/history', pid(ctx.fx().eventId)) },
  getRelationshipHistory: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/relationships/{id}/history', pid(ctx.fx().partnershipId)) },
  getSourceHistory: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/sources/{id}/history', pid(ctx.fx().sourceId)) },
  getRepositoryHistory: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/repositories/{id}/history', pid(ctx.fx().repositoryId)) },
  getCitationHistory: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/citations/{id}/history', pid(ctx.fx().citationId)) },
  getMediaHistory: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/media/{id}/history', pid(ctx.fx().mediaId)) },
  listTreeChanges: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/trees/{id}/changes', path(ctx)) },
  listImports: { private: historyReaders(200), public: historyReaders(200), call: (c, ctx) => c.GET('/trees/{id}/imports', path(ctx)) },
  undoImport: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const form = gedcomForm(['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Undone /Row/', '0 TRLR', ''].join('\n'));
      const report = await must('import', ctx.owner.POST('/trees/{id}/gedcom/import', { ...path(ctx), body: {} as never, bodySerializer: () => form }));
      return c.POST('/trees/{id}/imports/{import_id}/undo', { params: { path: { id: ctx.treeId, import_id: report.import_id } }, body: {} });
    },
  },
  restorePersonChange: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const id = ctx.fx().personId;
      const change = await touchedChange(ctx, () => ctx.owner.PATCH('/persons/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }), () => ctx.owner.GET('/persons/{id}/history', pid(id)));
      return c.POST('/persons/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
    },
  },
  restoreEventChange: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const id = ctx.fx().eventId;
      const change = await touchedChange(ctx, () => ctx.owner.PATCH('/events/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }), () => ctx.owner.GET('/events/{id}/history', pid(id)));
      return c.POST('/events/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
    },
  },
  restoreRelationshipChange: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const id = ctx.fx().partnershipId;
      const change = await touchedChange(ctx, () => ctx.owner.PATCH('/relationships/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }), () => ctx.owner.GET('/relationships/{id}/history', pid(id)));
      return c.POST('/relationships/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
    },
  },
  restoreSourceChange: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const id = ctx.fx().sourceId;
      const change = await touchedChange(ctx, () => ctx.owner.PATCH('/sources/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }), () => ctx.owner.GET('/sources/{id}/history', pid(id)));
      return c.POST('/sources/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
    },
  },
  restoreRepositoryChange: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const id = ctx.fx().repositoryId;
      const change = await touchedChange(ctx, () => ctx.owner.PATCH('/repositories/{id}', { ...pid(id), body: { notes: `n${ctx.unique()}` } }), () => ctx.owner.GET('/repositories/{id}/history', pid(id)));
      return c.POST('/repositories/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
    },
  },
  restoreCitationChange: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const id = ctx.fx().citationId;
      const change = await touchedChange(ctx, () => ctx.owner.PATCH('/citations/{id}', { ...pid(id), body: { page: `p${ctx.unique()}` } }), () => ctx.owner.GET('/citations/{id}/history', pid(id)));
      return c.POST('/citations/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
    },
  },
  restoreMediaChange: {
    private: historyEditors(200), public: historyEditors(200),
    call: async (c, ctx) => {
      const id = ctx.fx().mediaId;
      const change = await touchedChange(ctx, () => ctx.owner.PATCH('/media/{id}', { ...pid(id), body: { title: `t${ctx.unique()}` } }), () => ctx.owner.GET('/media/{id}/history', pid(id)));
      return c.POST('/media/{id}/history/{change_id}/restore', { params: { path: { id, change_id: change } }, body: { force: true } });
    },
  },
  deleteMedia: {
    private: editors(204),
    call: async (c, ctx) => c.DELETE('/media/{id}', pid((await must('upload media', upload(ctx.owner, ctx.treeId, PNG))).id)),
  },
  restoreMedia: {
    private: editors(200),
    call: async (c, ctx) => {
      const m = await must('upload media', upload(ctx.owner, ctx.treeId, PNG));
      await ctx.owner.DELETE('/media/{id}', pid(m.id));
      return c.POST('/media/{id}/restore', pid(m.id));
    },
  },

  // GEDCOM: preview and import need editor; export is for members of any role, even on a public tree.
  previewGedcom: { private: editors(200), call: (c, ctx) => previewGedcomFile(c, ctx.treeId, TINY_GEDCOM) },
  importGedcom: { private: editors(200), call: (c, ctx) => importGedcomFile(c, ctx.treeId, TINY_GEDCOM) },
  exportGedcom: {
    private: members(200), public: members(200),
    call: (c, ctx) => c.GET('/trees/{id}/gedcom/export', { ...path(ctx), parseAs: 'text' }),
  },

  // Cleanup: every preview and apply is for editors, on a public tree too (members see all, so the
  // tree's visibility opens nothing). Applies act on a fresh person, so the rows change real data.
  cleanupDeceasedByBirthYear: {
    private: editors(200), public: editors(200),
    call: (c, ctx) => c.GET('/trees/{id}/cleanup/deceased-by-birth-year', { params: { path: { id: ctx.treeId }, query: { born_on_or_before: 1850 } } }),
  },
  cleanupDeceasedByChild: {
    private: editors(200), public: editors(200),
    call: (c, ctx) => c.GET('/trees/{id}/cleanup/deceased-by-child', { params: { path: { id: ctx.treeId }, query: { born_on_or_before: 1900 } } }),
  },
  cleanupApplyDeceased: {
    private: editors(200), public: editors(200),
    call: async (c, ctx) => c.POST('/trees/{id}/cleanup/deceased', { ...path(ctx), body: { person_ids: [await newPerson(ctx)] } }),
  },
  cleanupSexFromGedcom: {
    private: editors(200), public: editors(200),
    call: (c, ctx) => c.POST('/trees/{id}/cleanup/gender/from-gedcom', { ...path(ctx), body: {} as never, bodySerializer: () => gedcomForm(TINY_GEDCOM) }),
  },
  cleanupSexFromFirstName: { private: editors(200), public: editors(200), call: (c, ctx) => c.GET('/trees/{id}/cleanup/gender/from-first-name', path(ctx)) },
  cleanupSexFromSpouse: { private: editors(200), public: editors(200), call: (c, ctx) => c.GET('/trees/{id}/cleanup/gender/from-spouse', path(ctx)) },
  cleanupApplyGender: {
    private: editors(200), public: editors(200),
    call: async (c, ctx) => c.POST('/trees/{id}/cleanup/gender', { ...path(ctx), body: { changes: [{ person_id: await newPerson(ctx), sex: 'female' }] } }),
  },
  cleanupBrokenNames: { private: editors(200), public: editors(200), call: (c, ctx) => c.GET('/trees/{id}/cleanup/broken-names', path(ctx)) },
  createProposal: {
    private: members(201), public: members(201),
    call: (c, ctx) => c.POST('/trees/{id}/proposals', { ...path(ctx), body: { summary: 'x', operations: SOURCE_OPS } }),
  },
  listProposals: { private: members(200), public: members(200), call: (c, ctx) => c.GET('/trees/{id}/proposals', path(ctx)) },
  getProposal: {
    private: members(200), public: members(200),
    call: async (c, ctx) => c.GET('/trees/{id}/proposals/{pid}', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } } }),
  },
  applyProposal: {
    private: editors(200), public: editors(200),
    call: async (c, ctx) => c.POST('/trees/{id}/proposals/{pid}/apply', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } }, body: {} }),
  },
  rejectProposal: {
    private: editors(200), public: editors(200),
    call: async (c, ctx) => c.POST('/trees/{id}/proposals/{pid}/reject', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } } }),
  },
  // The owner proposed it: a viewer who did not may not remove it.
  deleteProposal: {
    private: editors(204), public: editors(204),
    call: async (c, ctx) => c.DELETE('/trees/{id}/proposals/{pid}', { params: { path: { id: ctx.treeId, pid: await ownerProposal(ctx) } } }),
  },
  // No provider is configured here: a member gets as far as 409 ai_disabled.
  askAssistant: {
    private: members(409), public: members(409),
    call: (c, ctx) => c.POST('/trees/{id}/assistant', { ...path(ctx), body: { messages: [{ role: 'user', content: 'Who is Anna?' }] } }),
  },
  findRelationship: {
    private: members(200), public: members(200),
    call: (c, ctx) => c.GET('/trees/{id}/relationship', { params: { path: { id: ctx.treeId }, query: { from: ctx.fx().personId, to: ctx.fx().partnerId } } }),
  },
  listDuplicates: {
    private: members(200), public: members(200),
    call: (c, ctx) => c.GET('/trees/{id}/duplicates', path(ctx)),
  },
  dismissDuplicate: {
    private: editors(204), public: editors(204),
    call: async (c, ctx) => c.POST('/trees/{id}/duplicates/dismiss', { ...path(ctx), body: { person_ids: [await newPerson(ctx, 'Twin'), await newPerson(ctx, 'Twin')] } }),
  },
  listRecommendations: {
    private: members(200), public: members(200),
    call: (c, ctx) => c.GET('/trees/{id}/recommendations', { params: { path: { id: ctx.treeId }, query: { person_id: ctx.fx().personId } } }),
  },
  getPedigree: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/persons/{id}/pedigree', pid(ctx.fx().personId)) },
  getDescendants: { private: members(200), public: anyone(200), call: (c, ctx) => c.GET('/persons/{id}/descendants', pid(ctx.fx().personId)) },
  cleanupApplyNames: {
    private: editors(200), public: editors(200),
    call: async (c, ctx) =>
      c.POST('/trees/{id}/cleanup/names', { ...path(ctx), body: { changes: [{ person_id: await newPerson(ctx, 'Anna & Karl'), given_name: 'Anna', surname: 'Row' }] } }),
  },

  // The public surface: never 401; a tree the caller may not view is 404 for everyone, members too.
  publicDirectory: { private: all(200), call: (c) => c.GET('/public/trees') },
  publicTree: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/trees/{id}', path(ctx)) },
  publicPersons: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/trees/{id}/persons', path(ctx)) },
  publicRelationships: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/trees/{id}/relationships', path(ctx)) },
  publicEvents: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/trees/{id}/events', path(ctx)) },
  publicPerson: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/persons/{id}', pid(ctx.fx().personId)) },
  publicPersonNames: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/persons/{id}/names', pid(ctx.fx().personId)) },
  publicPersonEvents: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/persons/{id}/events', pid(ctx.fx().personId)) },
  publicPedigree: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/persons/{id}/pedigree', pid(ctx.fx().personId)) },
  publicDescendants: { private: all(404), public: all(200), call: (c, ctx) => c.GET('/public/persons/{id}/descendants', pid(ctx.fx().personId)) },
};

const codeFor: Readonly<Record<number, string>> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' };
const success = (status: number): boolean => status >= 200 && status < 300;

/** The answer is `want`, and a refusal is problem+json with its code (`codeFor`, or the one given). */
const expectAnswer = (label: string, { response, error }: { response: Response; error?: unknown }, want: number, code = codeFor[want]): void => {
  expect(response.status, `${label}: status; problem ${JSON.stringify(error)}`).to.equal(want);
  if (code !== undefined) {
    expect(response.headers.get('content-type'), `${label}: content type`).to.match(/^application\/problem\+json/);
    expect((error as { code?: string } | undefined)?.code, `${label}: problem code`).to.equal(code);
  }
};

/** The Access-Control-* headers of an answer. */
const corsHeaders = (r: Response): string[] => [...r.headers.keys()].filter((k) => k.toLowerCase().startsWith('access-control-'));

describe('HTTP authorization matrix', () => {
  it('has a row for every operation of the route table, and no row for an operation that does not exist', () => {
    const ops = allRoutes().map((r) => r.operationId);
    expect(ops.filter((op) => !(op in table)), 'operations without a row').to.deep.equal([]);
    expect(Object.keys(table).filter((op) => !ops.includes(op)), 'rows without an operation').to.deep.equal([]);
  });

  let svc: TestService;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const emails: Record<Exclude<Caller, 'anonymous'>, string> = {
    nonmember: 'nonmember@example.org',
    viewer: 'viewer@example.org',
    editor: 'editor@example.org',
    owner: 'owner@example.org',
    instanceOwner: 'root@example.org',
  };
  let extraEmail: string;
  let extraId: string;
  const shared = {} as Record<'private' | 'public', { id: string; name: string }>;
  const fixtures = new Map<string, Fixture>();

  /** A dead couple with a name, an event, a partnership, a source and a citation of the person. */
  const seed = async (treeId: string): Promise<Fixture> => {
    const c = svc.client(tokens.owner);
    const tree = { params: { path: { id: treeId } } };
    const person = await must('seed person', c.POST('/trees/{id}/persons', { ...tree, body: { given_name: 'Ada', surname: 'Dead', ...DEAD } }));
    const partner = await must('seed partner', c.POST('/trees/{id}/persons', { ...tree, body: { given_name: 'Bob', surname: 'Dead', ...DEAD } }));
    const names = await must('seed names', c.GET('/persons/{id}/names', pid(person.id)));
    const rel = await must('seed partnership', c.POST('/trees/{id}/relationships', { ...tree, body: { type: 'partnership', person_a_id: person.id, person_b_id: partner.id } }));
    const event = await must('seed event', c.POST('/trees/{id}/events', { ...tree, body: { type: 'occupation', person_id: person.id, detail: 'Smith' } }));
    const source = await must('seed source', c.POST('/trees/{id}/sources', { ...tree, body: { title: 'Parish register' } }));
    const repository = await must('seed repository', c.POST('/trees/{id}/repositories', { ...tree, body: { name: 'County Record Office' } }));
    const citation = await must('seed citation', c.POST('/trees/{id}/citations', { ...tree, body: { source_id: source.id, person_id: person.id } }));
    const media = await must('seed media', upload(c, treeId, PNG, { person_id: person.id }));
    return {
      personId: person.id, nameId: names[0]!.id, partnerId: partner.id, partnershipId: rel.id, eventId: event.id, sourceId: source.id, repositoryId: repository.id, citationId: citation.id,
      mediaId: media.id,
    };
  };
  let n = 0;
  const unique = () => `u${n++}`;

  const makeTree = async (visibility: 'private' | 'public', deleted = false) => {
    const name = `Tree ${unique()}`;
    const { data, response } = await svc.client(tokens.owner).POST('/trees', { body: { name, visibility } });
    if (response.status !== 201) throw new Error(`setup: create tree ${response.status}`);
    const id = data!.id;
    for (const [email, role] of [[emails.viewer, 'viewer'], [emails.editor, 'editor'], [extraEmail, 'viewer']] as const) {
      const r = await svc.client(tokens.owner).POST('/trees/{id}/members', { params: { path: { id } }, body: { email, role } });
      if (r.response.status !== 201) throw new Error(`setup: add ${role} ${r.response.status}`);
    }
    if (deleted) {
      const r = await svc.client(tokens.owner).DELETE('/trees/{id}', { params: { path: { id } } });
      if (r.response.status !== 204) throw new Error(`setup: delete tree ${r.response.status}`);
    }
    return { id, name };
  };

  const signIn = async (caller: Exclude<Caller, 'anonymous'>) => {
    const { data, response } = await svc.client().POST('/auth/login', { body: { email: emails[caller], password: PASSWORD } });
    if (data === undefined) throw new Error(`setup: login ${caller} ${response.status}`);
    return data.token;
  };

  before(async () => {
    svc = await startTestService({ env: { OWNER_EMAIL: emails.instanceOwner, CORS_ORIGINS: LISTED } });
    for (const caller of Object.keys(emails) as Exclude<Caller, 'anonymous'>[]) tokens[caller] = (await registerUser(svc, emails[caller], PASSWORD)).token;
    const verify = await svc.client().POST('/auth/verify-email', { body: { token: tokenFromMail(svc, emails.instanceOwner) } });
    if (verify.response.status !== 204) throw new Error('setup: verify the instance owner');
    const extra = await registerUser(svc, 'extra@example.org', PASSWORD);
    extraEmail = extra.email;
    extraId = extra.id;
    await registerUser(svc, 'spare@example.org', PASSWORD);
    await registerUser(svc, 'resettable@example.org', PASSWORD);
    shared.private = await makeTree('private');
    shared.public = await makeTree('public');
    for (const v of ['private', 'public'] as const) fixtures.set(shared[v].id, await seed(shared[v].id));
  });
  after(async () => {
    await svc?.close();
  });

  it('the instance owner caller is one (verified, listed) and a member of neither shared tree', async () => {
    const me = await svc.client(tokens.instanceOwner).GET('/users/me');
    expect(me.data?.is_instance_owner).to.equal(true);
    expect((await svc.client(tokens.instanceOwner).GET('/trees')).data).to.deep.equal([]);
  });

  it('a non-member reads the public tree\'s fixture in full (so the 200 rows below are about real, visible records)', async () => {
    const fx = fixtures.get(shared.public.id)!;
    for (const token of [tokens.nonmember, undefined]) {
      const c = svc.client(token);
      const person = token ? await c.GET('/persons/{id}', pid(fx.personId)) : await c.GET('/public/persons/{id}', pid(fx.personId));
      expect(person.data?.redacted, 'person in full').to.equal(false);
      expect(person.data?.display_name).to.contain('Ada');
      const events = token ? await c.GET('/persons/{id}/events', pid(fx.personId)) : await c.GET('/public/persons/{id}/events', pid(fx.personId));
      expect(events.data?.map((e) => e.id)).to.include(fx.eventId);
      const rels = token ? await c.GET('/trees/{id}/relationships', pid(shared.public.id)) : await c.GET('/public/trees/{id}/relationships', pid(shared.public.id));
      expect(rels.data?.map((r) => r.id)).to.include(fx.partnershipId);
    }
    const sources = await svc.client(tokens.nonmember).GET('/trees/{id}/sources', pid(shared.public.id));
    expect(sources.data?.map((s) => s.id)).to.deep.equal([fx.sourceId]);
    const citations = await svc.client(tokens.nonmember).GET('/trees/{id}/citations', pid(shared.public.id));
    expect(citations.data?.map((x) => x.id)).to.include(fx.citationId);
    const dir = await svc.client().GET('/public/trees');
    expect(dir.data?.map((t) => t.id)).to.include(shared.public.id).and.not.include(shared.private.id);
  });

  const cases: { op: string; row: Row; visibility: 'private' | 'public'; expected: Expect }[] = [];
  for (const [op, row] of Object.entries(table)) {
    cases.push({ op, row, visibility: 'private', expected: row.private });
    if (row.public) cases.push({ op, row, visibility: 'public', expected: row.public });
  }

  // Tree-scoped: addressed by the tree, or by a record of it (a person, event, ... of the shared tree).
  const recordPaths = /^\/(trees|persons|events|relationships|sources|repositories|citations)\/\{id\}|^\/public\/(trees|persons)\/\{id\}/;
  const treeScoped = new Set(allRoutes().filter((r) => recordPaths.test(r.path)).map((r) => r.operationId));
  /** What one call of `row` gets: its tree (shared, or fresh for destructive rows) and that tree's records. */
  const prepare = async (op: string, row: Row, visibility: 'private' | 'public'): Promise<Ctx> => {
    const tree = row.fresh === undefined ? shared[visibility] : await makeTree(visibility, row.fresh === 'deleted');
    return {
      svc, treeId: tree.id, treeName: tree.name, extraId, unique, owner: svc.client(tokens.owner),
      fx: () => {
        const fx = fixtures.get(tree.id);
        if (fx === undefined) throw new Error(`${op}: no fixture records in a fresh tree`);
        return fx;
      },
    };
  };
  const labelOf = (op: string, row: Row, visibility: 'private' | 'public', caller: Caller): string =>
    treeScoped.has(op) || row.public !== undefined ? `${op} (${visibility} tree) as ${caller}` : `${op} as ${caller}`;

  for (const { op, row, visibility, expected } of cases) {
    const scoped = treeScoped.has(op) || row.public !== undefined;
    describe(scoped ? `${op} on a ${visibility} tree` : `${op} (not tree-scoped)`, () => {
      for (const caller of callers) {
        it(`as ${caller}: ${expected[caller]}`, async () => {
          const ctx = await prepare(op, row, visibility);
          const token = caller === 'anonymous' ? undefined : row.ownSession ? await signIn(caller) : tokens[caller];
          const answer = await row.call(svc.client(token), ctx);
          if (row.ownSession && caller !== 'anonymous') tokens[caller] = await signIn(caller);
          expectAnswer(labelOf(op, row, visibility, caller), answer, expected[caller]);
        });
      }
    });
  }

  /**
   * A caller's client (Bearer, or cookie and Origin) whose calls also carry the headers `extra` makes
   * for each request: made per request, so a header may name the current version of the very record
   * the call addresses. `seen` records each request's method and URL.
   */
  const clientWith = (auth: ApiClientOptions, extra: (req: Request) => Promise<Record<string, string>> = async () => ({}), seen: Request[] = []): ApiClient =>
    createApiClient(svc.baseUrl, {
      ...auth,
      fetch: async (req) => {
        seen.push(req);
        for (const [k, v] of Object.entries(await extra(req))) req.headers.set(k, v);
        return fetch(req);
      },
    });
  const bearer = (caller: Caller): ApiClientOptions => (caller === 'anonymous' ? {} : { token: tokens[caller] });
  /** The record at `url` as `caller` reads it (the owner reads every record of both shared trees): status, ETag, body. */
  const readAs = async (caller: Caller, url: string) => {
    const r = await fetch(url, { headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` } });
    return { status: r.status, etag: r.headers.get('etag'), body: await r.text() };
  };
  /** The first caller of a case the matrix lets through: the one that proves a call reaches its 2xx. */
  const allowedOf = (expected: Expect): Caller | undefined => callers.find((c) => success(expected[c]));

  // If-Match (issue 30). A caller the matrix refuses gets the very same refusal with a stale tag or
  // `*`, and changes nothing: a 412 would tell a caller who may not change the record that it exists
  // and has another version (RFC 9110 13.2.1: preconditions are evaluated only for a request that
  // would otherwise succeed). A caller the matrix lets through gets 412 with a stale tag, the record
  // unchanged, then its 2xx with the current ETag, as its own GET of the path answers it.
  const conditional = new Set(allRoutes().filter((r) => r.conditional === true).map((r) => r.operationId));
  describe('If-Match on every conditional change (PATCH, DELETE of a one-record path)', () => {
    it('covers the conditional changes of the table', () => {
      expect([...conditional]).to.include.members(['updateTree', 'deleteTree', 'updatePerson', 'deletePerson', 'updateEvent', 'deleteMedia', 'deleteProposal']);
    });
    for (const { op, row, visibility, expected } of cases.filter((c) => conditional.has(c.op))) {
      describe(`${op} on a ${visibility} tree`, () => {
        const allowed = allowedOf(expected);
        const refused = callers.filter((c) => !success(expected[c]));
        it(`${refused.join(', ')}: the refusal they get without If-Match, with a stale one or *; nothing changes`, async () => {
          expect(allowed, `${op}: some caller is allowed`).to.not.equal(undefined);
          // The same call reaches its 2xx for the allowed caller: the refusals below are about the callers.
          const proof = await row.call(clientWith(bearer(allowed!), async (req) => ({ 'if-match': (await readAs(allowed!, req.url)).etag ?? '*' })), await prepare(op, row, visibility));
          expectAnswer(`${labelOf(op, row, visibility, allowed!)}, current If-Match`, proof, expected[allowed!]);
          for (const caller of refused) {
            const label = labelOf(op, row, visibility, caller);
            for (const tag of ['"stale"', '*']) {
              let before: Awaited<ReturnType<typeof readAs>> | undefined;
              const seen: Request[] = [];
              const answer = await row.call(clientWith(bearer(caller), async (req) => {
                before = await readAs('owner', req.url);
                return { 'if-match': tag };
              }, seen), await prepare(op, row, visibility));
              expectAnswer(`${label}, If-Match ${tag}`, answer, expected[caller]);
              expect(answer.response.headers.get('etag'), `${label}, If-Match ${tag}: no version named`).to.equal(null);
              expect(await readAs('owner', seen.at(-1)!.url), `${label}, If-Match ${tag}: the record is unchanged`).to.deep.equal(before);
            }
          }
        });
        for (const caller of callers.filter((c) => success(expected[c]))) {
          const want = expected[caller];
          const label = labelOf(op, row, visibility, caller);
          it(`as ${caller}: 412 with a stale If-Match, the record unchanged; ${want} with its current ETag`, async () => {
            let before: Awaited<ReturnType<typeof readAs>> | undefined;
            const seen: Request[] = [];
            const stale = await row.call(clientWith(bearer(caller), async (req) => {
              before = await readAs('owner', req.url);
              return { 'if-match': '"stale"' };
            }, seen), await prepare(op, row, visibility));
            expectAnswer(`${label}, stale If-Match`, stale, 412, 'precondition_failed');
            const url = seen.at(-1)!.url;
            expect(stale.response.headers.get('etag'), `${label}: the 412 names the version`).to.equal((await readAs(caller, url)).etag);
            expect(await readAs('owner', url), `${label}: the record is unchanged`).to.deep.equal(before);
            const current = await row.call(clientWith(bearer(caller), async (req) => {
              const { etag } = await readAs(caller, req.url);
              expect(etag, `${label}: the GET of the path carries an ETag`).to.be.a('string');
              return { 'if-match': etag! };
            }), await prepare(op, row, visibility));
            expectAnswer(`${label}, current If-Match`, current, want);
          });
        }
      });
    }
  });

  // If-None-Match on every one-record read, and on the one read that answers 304 (the media bytes):
  // a refused caller gets its refusal whatever tag it sends (`*`, or the record's current ETag), never
  // a 304 that would tell it the record exists, or that its guess is the current version. The JSON
  // reads document no 304 and answer 200 to a matching tag; the media bytes answer 304.
  const revalidated = allRoutes().filter((r) => readsOneRecord(r) || successStatuses(r).includes(304));
  const notModified = new Set(revalidated.filter((r) => successStatuses(r).includes(304)).map((r) => r.operationId));
  describe('If-None-Match on every one-record read', () => {
    it('covers the one-record reads and the media bytes', () => {
      expect(revalidated.map((r) => r.operationId)).to.include.members(['getTree', 'getPerson', 'getProposal', 'publicPerson', 'getMediaContent']);
      expect([...notModified]).to.deep.equal(['getMediaContent']);
    });
    for (const { op, row, visibility, expected } of cases.filter((c) => revalidated.some((r) => r.operationId === c.op))) {
      const matched = (caller: Caller): number => (success(expected[caller]) && notModified.has(op) ? 304 : expected[caller]);
      it(`${op} on a ${visibility} tree: ${callers.map((c) => `${c} ${matched(c)}`).join(', ')}, with If-None-Match * or the current ETag`, async () => {
        // The allowed caller's answer first (a path nobody reads on a private tree, the public surface, proves itself on the public one).
        const [where, proven] = allowedOf(expected) !== undefined ? [visibility, expected] as const : ['public' as const, row.public];
        const prover = proven === undefined ? undefined : allowedOf(proven);
        expect(prover, `${op}: some caller is allowed`).to.not.equal(undefined);
        const proof = await row.call(clientWith(bearer(prover!), async () => ({ 'if-none-match': '*' })), await prepare(op, row, where));
        expectAnswer(`${labelOf(op, row, where, prover!)}, If-None-Match *`, proof, notModified.has(op) ? 304 : proven![prover!]);
        for (const caller of callers) {
          const label = labelOf(op, row, visibility, caller);
          for (const tag of ['*', 'current']) {
            const answer = await row.call(clientWith(bearer(caller), async (req) => ({ 'if-none-match': tag === '*' ? '*' : ((await readAs('owner', req.url)).etag ?? '"none"') })), await prepare(op, row, visibility));
            expectAnswer(`${label}, If-None-Match ${tag}`, answer, matched(caller));
            if (!success(expected[caller])) expect(answer.response.headers.get('etag'), `${label}, If-None-Match ${tag}: no version named`).to.equal(null);
          }
        }
      });
    }
  });

  // Origin (issue 30) on a subset: every unsafe method the table has (POST, PATCH, DELETE; no route
  // answers PUT), a multipart upload, paths addressed by the tree and by a record, and one GET. A
  // cookie-authenticated unsafe call is 403 csrf for every signed-in caller, the owner too, unless it
  // carries this service's origin (BASE_URL) or a listed one (CORS_ORIGINS): then it gets what the
  // matrix says. Only a listed origin's answers carry Access-Control-* (its origin, with credentials).
  // Safe calls and anonymous ones have no session cookie to protect: the matrix's answer from anywhere.
  const ORIGIN_ROWS = ['createTree', 'createPerson', 'uploadMedia', 'uploadMediaFile', 'updateTree', 'updatePerson', 'deletePerson', 'deleteProposal', 'getPerson'];
  describe('Origin of cookie-authenticated calls: BASE_URL, a listed origin, any other', () => {
    const methods = allRoutes().filter((r) => ORIGIN_ROWS.includes(r.operationId));
    it('the subset covers every unsafe method of the table, and paths of a tree and of a record', () => {
      const unsafe = new Set(allRoutes().map((r) => r.method).filter((m) => m !== 'get'));
      expect(new Set(methods.map((r) => r.method))).to.include.keys(...unsafe);
      expect(methods.filter((r) => r.path.startsWith('/trees/{id}')).map((r) => r.method)).to.include.members(['post', 'patch', 'delete']);
      expect(methods.filter((r) => r.path === '/persons/{id}').map((r) => r.method)).to.include.members(['get', 'patch', 'delete']);
    });
    for (const { op, row, visibility, expected } of cases.filter((c) => ORIGIN_ROWS.includes(c.op))) {
      const unsafe = methods.find((r) => r.operationId === op)!.method !== 'get';
      const title = unsafe ? 'by cookie: the matrix\'s answer from BASE_URL or the listed origin, 403 csrf from another, null or none' : 'by cookie: the matrix\'s answer from any origin (a safe method)';
      it(`${op} on a ${visibility} tree, ${title}; CORS headers for the listed origin only`, async () => {
        const cookieOf = (c: Caller): ApiClientOptions => (c === 'anonymous' ? {} : { cookie: `${SESSION_COOKIE}=${tokens[c]}` });
        const allowed = allowedOf(expected);
        expect(allowed, `${op}: some caller is allowed`).to.not.equal(undefined);
        // The allowed caller's 2xx from the listed origin first: the refusals below are about the Origin.
        const proof = await row.call(clientWith({ ...cookieOf(allowed!), origin: LISTED }), await prepare(op, row, visibility));
        expectAnswer(`${labelOf(op, row, visibility, allowed!)} by cookie from ${LISTED}`, proof, expected[allowed!]);
        const base = new URL(svc.baseUrl).origin;
        const seen: Request[] = [];
        for (const caller of callers) {
          const label = labelOf(op, row, visibility, caller);
          for (const origin of [base, LISTED, FOREIGN, 'null', undefined]) {
            // Anonymous has no cookie: the CSRF rule protects sessions, and there is none.
            const from = `${label} by ${caller === 'anonymous' ? 'no cookie' : 'cookie'} from ${origin ?? 'no Origin'}`;
            const answer = await row.call(clientWith({ ...cookieOf(caller), ...(origin === undefined ? {} : { origin }) }, undefined, seen), await prepare(op, row, visibility));
            if (unsafe && caller !== 'anonymous' && origin !== base && origin !== LISTED) expectAnswer(from, answer, 403, 'csrf');
            else expectAnswer(from, answer, expected[caller]);
            if (origin === LISTED) {
              expect(answer.response.headers.get('access-control-allow-origin'), `${from}: allowed origin`).to.equal(LISTED);
              expect(answer.response.headers.get('access-control-allow-credentials'), `${from}: credentials`).to.equal('true');
            } else expect(corsHeaders(answer.response), `${from}: no CORS header`).to.deep.equal([]);
            expect(answer.response.headers.get('vary') ?? '', `${from}: Vary`).to.include('Origin');
          }
        }
        // The preflight of this very call: answered for the listed origin, with nothing for another.
        const { method, url } = seen.at(-1)!;
        const preflight = (origin: string) =>
          fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, if-match' } });
        const listed = await preflight(LISTED);
        expect(listed.status, `${op}: preflight from ${LISTED}`).to.equal(204);
        expect(listed.headers.get('access-control-allow-origin')).to.equal(LISTED);
        expect(listed.headers.get('access-control-allow-credentials')).to.equal('true');
        expect(listed.headers.get('access-control-allow-methods')).to.include(method);
        expect(listed.headers.get('access-control-allow-headers')?.toLowerCase()).to.include('if-match');
        expect(corsHeaders(await preflight(FOREIGN)), `${op}: preflight from ${FOREIGN}`).to.deep.equal([]);
      });
    }
  });

  it('the shared trees kept their members and visibility through the matrix (rows did not interfere)', async () => {
    for (const visibility of ['private', 'public'] as const) {
      const { data } = await svc.client(tokens.owner).GET('/trees/{id}', { params: { path: { id: shared[visibility].id } } });
      expect(data?.visibility).to.equal(visibility);
      const list = await svc.client(tokens.owner).GET('/trees/{id}/members', { params: { path: { id: shared[visibility].id } } });
      expect(list.data?.filter((m) => [emails.viewer, emails.editor, emails.owner, extraEmail].includes(m.email)).map((m) => m.role).sort()).to.deep.equal(
        ['editor', 'owner', 'viewer', 'viewer'],
      );
    }
  });
});
