import { expect } from 'chai';
import { allRoutes } from '../../adapters/http/routes/index.js';
import { registerUser, startTestService, tokenFromMail, type TestService } from '../support/service.js';
import { rawCaller } from '../support/raw-call.js';
import { upload } from '../support/media.js';

// Privacy is the product: plant living, private, dead, unknown and public-living people (with names,
// events, relationships, sources and citations) in trees of every visibility, then read every path
// as anonymous, an authenticated non-member, a viewer and the owner. Non-members must never see a
// withheld string or id in ANY response text; members see everything.
//
// The leak probes are built from the route table: every GET route has a probe (a test fails when one
// has none), each probe first shows that the owner reads it (200, so a mistyped or removed path
// cannot pass as a 404), then that every other reader gets its exact status and no withheld text.

type User = Awaited<ReturnType<typeof registerUser>>;
type Visibility = 'public' | 'unlisted' | 'site_members' | 'private';

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Strings planted on withheld people or records: never in a non-member's response. */
// EDGE-NOTE and `donor`: the notes and qualifier of edges with a living end (issue 9, finding 2).
// REFN-/UID-SECRET, SECRET-TYPE: identifiers of the living; GODPARENT-ROLE: the role of an association with a
// living end; TEMPLE-SECRET, ORD-STATUS-SECRET: a living person's LDS ordinance; NAME-NOTE: a living person's name notes (issue 14).
// PROPOSAL-SECRET: a pending proposal's summary; PHOTO-SECRET: the title of a photo of the living.
const SECRET_TEXT = [
  'PROPOSAL-SECRET', 'PHOTO-SECRET', 'Zelda', 'Livingston', 'Zizi', 'Secretville', 'SECRET-NOTE', 'Hidalgo', 'Privado', 'Ulrich', 'Unbekannt', 'WED-PRIV', 'WED-LIVING', 'EDGE-NOTE', 'donor',
  'REFN-SECRET', 'UID-SECRET', 'SECRET-TYPE', 'GODPARENT-ROLE', 'TEMPLE-SECRET', 'ORD-STATUS-SECRET', 'NAME-NOTE', 'REPO-SECRET',
];
const LIVING_BIRTH_YEAR = '1990';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

const REDACTED = (id: string, treeId: string) => ({
  id, tree_id: treeId, display_name: 'Living person', given_name: null, surname: null, sex: null, is_living: null,
  privacy: null, notes: null, identifiers: null, birth: null, death: null, redacted: true, merged_into: null, created_at: null, updated_at: null,
});

type Planted = {
  treeId: string;
  visibility: Visibility;
  living: string; priv: string; dead: string; unknown: string; publiv: string;
  livingBirthEvt: string; livingResidenceEvt: string; privBirthEvt: string; privDeathEvt: string; deadBirthEvt: string; deadDeathEvt: string; publivBirthEvt: string;
  relLivDeadPc: string; relLivDeadPartner: string; relPrivDead: string; relLivDeadAsso: string; livingLdsEvt: string;
  marriagePrivEvt: string; marriageLivEvt: string;
  livingNicknameName: string; livingPrimaryName: string; privName: string;
  sLivEvt: string; sLivName: string; sPriv: string; sDead: string; sLivRel: string;
  cLivEvt: string; cLivName: string; cPriv: string; cDead: string; cLivRel: string; cPrivMarriage: string;
  proposal: string; mLiving: string; mDead: string; repository: string;
};

/** Ids that must never appear in a non-member's response. */
const secretIds = (p: Planted): Record<string, string> => ({
  PRIVATE: p.priv, livingBirthEvt: p.livingBirthEvt, livingResidenceEvt: p.livingResidenceEvt, privBirthEvt: p.privBirthEvt,
  privDeathEvt: p.privDeathEvt, relPrivDead: p.relPrivDead, marriagePrivEvt: p.marriagePrivEvt, marriageLivEvt: p.marriageLivEvt,
  livingNicknameName: p.livingNicknameName, livingPrimaryName: p.livingPrimaryName, privName: p.privName, livingLdsEvt: p.livingLdsEvt,
  sLivEvt: p.sLivEvt, sLivName: p.sLivName, sPriv: p.sPriv, sLivRel: p.sLivRel,
  cLivEvt: p.cLivEvt, cLivName: p.cLivName, cPriv: p.cPriv, cLivRel: p.cLivRel, cPrivMarriage: p.cPrivMarriage,
  proposal: p.proposal, mLiving: p.mLiving, repository: p.repository,
});

/** What a non-member's response text betrays, if anything. */
const leaksIn = (p: Planted, text: string): string[] => {
  const found = SECRET_TEXT.filter((s) => text.includes(s));
  for (const [label, id] of Object.entries(secretIds(p))) if (text.includes(id)) found.push(`id of ${label}`);
  if (text.replace(UUID_RE, '<id>').includes(LIVING_BIRTH_YEAR)) found.push(`living birth year ${LIVING_BIRTH_YEAR}`);
  return found;
};

describe('HTTP privacy leaks', function () {
  this.timeout(120_000);
  let svc: TestService;
  let owner: User;
  let viewer: User;
  let stranger: User;
  let admin: User;
  const tokenOf = (reader: Reader): string | undefined =>
    reader === 'anonymous' ? undefined : { admin, owner, viewer, stranger }[reader].token;
  const trees = {} as Record<Visibility, Planted>;

  const call = rawCaller(() => svc.baseUrl);
  const get = (path: string, token?: string) => call('GET', path, token);
  const post = async (path: string, body: unknown, token = owner.token): Promise<any> => {
    const r = await call('POST', path, token, body);
    if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };

  const plant = async (visibility: Visibility): Promise<Planted> => {
    const tree = await post('/trees', { name: `Tree ${visibility}`, visibility });
    const treeId: string = tree.id;
    expect((await call('POST', `/trees/${treeId}/members`, owner.token, { email: viewer.email, role: 'viewer' })).status).to.equal(201);
    const person = (body: unknown) => post(`/trees/${treeId}/persons`, body);
    const living = await person({
      given_name: 'Zelda', surname: 'Livingston', notes: 'SECRET-NOTE living',
      identifiers: [{ kind: 'refn', value: 'REFN-SECRET 7', type: 'SECRET-TYPE' }, { kind: 'uid', value: 'UID-SECRET-0001', type: null }], birth: { date: { qualifier: 'exact', year: 1990, month: 4, day: 2 }, place: 'Secretville' } });
    const priv = await person({
      given_name: 'Hidalgo', surname: 'Privado', privacy: 'private', notes: 'SECRET-NOTE private',
      birth: { date: { qualifier: 'exact', year: 1750 }, place: null }, death: { date: { qualifier: 'exact', year: 1800 }, place: null },
    });
    const dead = await person({
      given_name: 'Dora', surname: 'Deadwood', notes: 'long gone', identifiers: [{ kind: 'afn', value: 'DORA-AFN', type: null }],
      birth: { date: { qualifier: 'exact', year: 1800 }, place: 'Oldtown' }, death: { date: { qualifier: 'exact', year: 1870 }, place: 'Oldtown' },
    });
    const unknown = await person({ given_name: 'Ulrich', surname: 'Unbekannt' });
    const publiv = await person({ given_name: 'Paula', surname: 'Publica', privacy: 'public', birth: { date: { qualifier: 'exact', year: 1995 }, place: 'Opentown' } });

    const nickname = await post(`/persons/${living.id}/names`, { name_type: 'nickname', given_name: 'Zizi', surname: 'Livingston', notes: 'NAME-NOTE of Zizi' });
    const livingLds = await post(`/trees/${treeId}/events`, { type: 'lds_baptism', person_id: living.id, temple: 'TEMPLE-SECRET', ordinance_status: 'ORD-STATUS-SECRET' });
    const residence = await post(`/trees/${treeId}/events`, { type: 'residence', person_id: living.id, place: 'Secretville', notes: 'SECRET-NOTE residence', date: { qualifier: 'exact', year: 2010 } });
    const relLivDeadPc = await post(`/trees/${treeId}/relationships`, { type: 'parent_child', person_a_id: dead.id, person_b_id: living.id, qualifier: 'donor', notes: 'EDGE-NOTE pc' });
    const relPrivDead = await post(`/trees/${treeId}/relationships`, { type: 'partnership', person_a_id: priv.id, person_b_id: dead.id });
    const relLivDeadPartner = await post(`/trees/${treeId}/relationships`, { type: 'partnership', person_a_id: living.id, person_b_id: dead.id, notes: 'EDGE-NOTE partners' });
    const relLivDeadAsso = await post(`/trees/${treeId}/relationships`, { type: 'association', person_a_id: dead.id, person_b_id: living.id, role: 'GODPARENT-ROLE', notes: 'EDGE-NOTE asso' });
    const marriagePriv = await post(`/trees/${treeId}/events`, { type: 'marriage', partnership_id: relPrivDead.id, notes: 'WED-PRIV', date: { qualifier: 'exact', year: 1820 } });
    const marriageLiv = await post(`/trees/${treeId}/events`, { type: 'marriage', partnership_id: relLivDeadPartner.id, notes: 'WED-LIVING', date: { qualifier: 'exact', year: 1861 } });

    const privNames = await get(`/persons/${priv.id}/names`, owner.token);
    const livingNames = await get(`/persons/${living.id}/names`, owner.token);
    const source = (title: string) => post(`/trees/${treeId}/sources`, { title });
    const sLivEvt = await source('Zelda birth register');
    const sLivName = await source('Zizi nickname letters');
    // Repositories are for members: its name and id never reach a non-member, nor does the withheld source that names it.
    const repository = await post(`/trees/${treeId}/repositories`, { name: 'REPO-SECRET archive', address: 'SECRET-NOTE street', notes: 'SECRET-NOTE repo' });
    const sPriv = await post(`/trees/${treeId}/sources`, { title: 'Privado estate file', repositories: [{ repository_id: repository.id, call_number: 'SECRET-NOTE box 9' }] });
    const sDead = await source('Deadwood parish register');
    const sLivRel = await source('Livingston family bible');
    const cite = (body: Record<string, unknown>) => post(`/trees/${treeId}/citations`, body);
    const cLivEvt = await cite({ source_id: sLivEvt.id, event_id: living.birth.event_id, page: 'SECRET-NOTE p.1' });
    const cLivName = await cite({ source_id: sLivName.id, name_id: nickname.id, page: 'SECRET-NOTE p.2' });
    const cPriv = await cite({ source_id: sPriv.id, person_id: priv.id, page: 'SECRET-NOTE p.3' });
    const cDead = await cite({ source_id: sDead.id, person_id: dead.id, page: 'folio 7' });
    const cLivRel = await cite({ source_id: sLivRel.id, relationship_id: relLivDeadPc.id, page: 'SECRET-NOTE p.4' });
    const cPrivMarriage = await cite({ source_id: sPriv.id, event_id: marriagePriv.id, page: 'SECRET-NOTE p.5' });
    const proposed = await call('POST', `/trees/${treeId}/proposals`, viewer.token, {
      summary: 'PROPOSAL-SECRET for Zelda', operations: [{ op: 'update', entity: 'person', id: living.id, data: { notes: 'SECRET-NOTE proposed' } }],
    });
    if (proposed.status !== 201) throw new Error(`propose: ${proposed.status} ${proposed.text}`);
    const photo = async (title: string, personId: string): Promise<string> => {
      const r = await upload(svc.client(owner.token), treeId, JPEG, { title, person_id: personId, type: 'image/jpeg', name: 'photo.jpg' });
      if (r.data === undefined) throw new Error(`upload ${title}: ${r.response.status}`);
      return r.data.id;
    };
    const mLiving = await photo('PHOTO-SECRET of the living', living.id);
    const mDead = await photo('Dora at the well', dead.id);

    return {
      treeId, visibility,
      living: living.id, priv: priv.id, dead: dead.id, unknown: unknown.id, publiv: publiv.id,
      livingBirthEvt: living.birth.event_id, livingResidenceEvt: residence.id, privBirthEvt: priv.birth.event_id, privDeathEvt: priv.death.event_id,
      deadBirthEvt: dead.birth.event_id, deadDeathEvt: dead.death.event_id, publivBirthEvt: publiv.birth.event_id,
      relLivDeadPc: relLivDeadPc.id, relLivDeadPartner: relLivDeadPartner.id, relPrivDead: relPrivDead.id, relLivDeadAsso: relLivDeadAsso.id, livingLdsEvt: livingLds.id,
      marriagePrivEvt: marriagePriv.id, marriageLivEvt: marriageLiv.id,
      livingNicknameName: nickname.id, livingPrimaryName: (livingNames.body as any[]).find((n) => n.is_primary).id, privName: (privNames.body as any[])[0].id,
      sLivEvt: sLivEvt.id, sLivName: sLivName.id, sPriv: sPriv.id, sDead: sDead.id, sLivRel: sLivRel.id,
      cLivEvt: cLivEvt.id, cLivName: cLivName.id, cPriv: cPriv.id, cDead: cDead.id, cLivRel: cLivRel.id, cPrivMarriage: cPrivMarriage.id,
      proposal: proposed.body.id, mLiving, mDead, repository: repository.id,
    };
  };

  /**
   * Who may read a route. `read`: the members surface, filtered for a non-member of a tree they may
   * see (public, unlisted, site_members), 403 on a private tree; `members`: for members only (403 to
   * every non-member); `public`: the public surface, where everyone reads as a non-member; `self`: the
   * caller's own account; `admin`: the instance owner; `directory`: anyone; `history`: members only,
   * and a signed-in non-member is answered as for an unknown id (404, on every visibility).
   */
  type Access = 'read' | 'members' | 'history' | 'public' | 'self' | 'admin' | 'directory';
  /**
   * One concrete request of a probe: its path parameters, query, and whether a non-member must not see
   * the record it names (404) or may not ask it at all (`refused`: 403, as deleted records are for members).
   */
  type Fill = { readonly params?: Readonly<Record<string, string>>; readonly query?: string; readonly withheld?: boolean; readonly refused?: boolean };
  type Probe = { readonly access: Access; readonly fills: (p: Planted) => readonly Fill[] };
  type Reader = 'admin' | 'owner' | 'viewer' | 'stranger' | 'anonymous';

  const tree = (...queries: string[]) => (p: Planted): Fill[] => ['', ...queries].map((query) => ({ params: { id: p.treeId }, query }));
  const ids = (of: (p: Planted) => { readonly shown: readonly string[]; readonly withheld: readonly string[] }, query = '') => (p: Planted): Fill[] => [
    ...of(p).shown.map((id) => ({ params: { id }, query })),
    ...of(p).withheld.map((id) => ({ params: { id }, query, withheld: true })),
  ];
  const persons = (p: Planted) => ({ shown: [p.living, p.dead, p.unknown, p.publiv], withheld: [p.priv] });
  /** Routes that are not a tree's: probed once, against the public tree's planted data. */
  const once = (fill: Fill) => (p: Planted): Fill[] => (p.visibility === 'public' ? [fill] : []);

  /** A probe for every GET route of the table, by its path (as declared in adapters/http/routes). */
  const PROBES: Readonly<Record<string, Probe>> = {
    '/users/me': { access: 'self', fills: once({}) },
    '/users/me/export': { access: 'self', fills: once({}) },
    '/trees': { access: 'self', fills: once({}) },
    '/admin/instance': { access: 'admin', fills: once({}) },
    '/public/trees': { access: 'directory', fills: once({}) },
    '/trees/{id}': { access: 'read', fills: tree() },
    '/trees/{id}/persons': {
      access: 'read',
      fills: (p) => [
        ...tree('q=Zelda', 'q=Zizi', 'q=Hidalgo', 'q=Livingston', 'q=Ulrich', 'q=Dora', 'limit=2', 'limit=1000', `ids=${p.priv}`, `ids=${[p.living, p.priv, p.dead, p.unknown, p.publiv].join(',')}`)(p),
        { params: { id: p.treeId }, query: 'deleted=true', refused: true },
      ],
    },
    '/persons/{id}': { access: 'read', fills: ids(persons) },
    '/persons/{id}/names': { access: 'read', fills: ids(persons) },
    '/persons/{id}/events': { access: 'read', fills: ids(persons) },
    '/persons/{id}/relationships': { access: 'read', fills: ids(persons) },
    '/persons/{id}/pedigree': { access: 'read', fills: ids(persons, 'generations=10') },
    '/persons/{id}/descendants': { access: 'read', fills: ids(persons, 'generations=10') },
    '/trees/{id}/events': { access: 'read', fills: tree('limit=1000') },
    '/trees/{id}/relationships': { access: 'read', fills: tree('limit=1000') },
    '/trees/{id}/sources': { access: 'read', fills: tree('limit=1000') },
    '/trees/{id}/citations': { access: 'read', fills: tree('limit=1000') },
    '/trees/{id}/media': { access: 'read', fills: (p) => [...tree('limit=1000')(p), { params: { id: p.treeId }, query: 'deleted=true', refused: true }] },
    '/events/{id}': {
      access: 'read',
      fills: ids((p) => ({
        shown: [p.deadBirthEvt, p.deadDeathEvt, p.publivBirthEvt],
        withheld: [p.livingBirthEvt, p.livingResidenceEvt, p.privBirthEvt, p.privDeathEvt, p.marriagePrivEvt, p.marriageLivEvt, p.livingLdsEvt],
      })),
    },
    '/relationships/{id}': { access: 'read', fills: ids((p) => ({ shown: [p.relLivDeadPc, p.relLivDeadPartner, p.relLivDeadAsso], withheld: [p.relPrivDead] })) },
    '/sources/{id}': { access: 'read', fills: ids((p) => ({ shown: [p.sDead], withheld: [p.sLivEvt, p.sLivName, p.sPriv, p.sLivRel] })) },
    '/citations/{id}': { access: 'read', fills: ids((p) => ({ shown: [p.cDead], withheld: [p.cLivEvt, p.cLivName, p.cPriv, p.cLivRel, p.cPrivMarriage] })) },
    '/media/{id}': { access: 'read', fills: ids((p) => ({ shown: [p.mDead], withheld: [p.mLiving] })) },
    '/media/{id}/content': { access: 'read', fills: ids((p) => ({ shown: [p.mDead], withheld: [p.mLiving] })) },
    '/trees/{id}/ai': { access: 'members', fills: tree() },
    '/persons/{id}/history': { access: 'history', fills: ids(persons) },
    '/events/{id}/history': { access: 'history', fills: ids((p) => ({ shown: [p.deadBirthEvt, p.livingBirthEvt, p.privBirthEvt, p.marriagePrivEvt], withheld: [] })) },
    '/relationships/{id}/history': { access: 'history', fills: ids((p) => ({ shown: [p.relLivDeadPc, p.relPrivDead], withheld: [] })) },
    '/sources/{id}/history': { access: 'history', fills: ids((p) => ({ shown: [p.sDead, p.sPriv], withheld: [] })) },
    '/repositories/{id}/history': { access: 'history', fills: (p) => [{ params: { id: p.repository } }] },
    '/citations/{id}/history': { access: 'history', fills: ids((p) => ({ shown: [p.cDead, p.cPriv], withheld: [] })) },
    '/media/{id}/history': { access: 'history', fills: ids((p) => ({ shown: [p.mDead, p.mLiving], withheld: [] })) },
    '/trees/{id}/changes': { access: 'history', fills: tree('limit=1000', 'kind=person') },
    '/trees/{id}/imports': { access: 'history', fills: tree() },
    '/trees/{id}/audit': { access: 'members', fills: tree('limit=1000') },
    '/trees/{id}/members': { access: 'members', fills: tree() },
    '/trees/{id}/repositories': { access: 'members', fills: tree('limit=1000') },
    '/repositories/{id}': { access: 'members', fills: (p) => [{ params: { id: p.repository } }] },
    '/trees/{id}/gedcom/export': { access: 'members', fills: tree() },
    '/trees/{id}/cleanup/deceased-by-birth-year': { access: 'members', fills: (p) => tree('born_on_or_before=2100')(p).slice(1) },
    '/trees/{id}/cleanup/deceased-by-child': { access: 'members', fills: (p) => tree('born_on_or_before=2100')(p).slice(1) },
    '/trees/{id}/cleanup/gender/from-first-name': { access: 'members', fills: tree('include_ambiguous=true') },
    '/trees/{id}/cleanup/gender/from-spouse': { access: 'members', fills: tree('include_ambiguous=true') },
    '/trees/{id}/cleanup/broken-names': { access: 'members', fills: tree() },
    '/trees/{id}/proposals': { access: 'members', fills: tree() },
    '/trees/{id}/proposals/{pid}': { access: 'members', fills: (p) => [{ params: { id: p.treeId, pid: p.proposal } }] },
    '/trees/{id}/recommendations': { access: 'members', fills: (p) => [p.living, p.dead, p.priv].map((id) => ({ params: { id: p.treeId }, query: `person_id=${id}` })) },
    '/trees/{id}/relationship': { access: 'members', fills: (p) => [{ params: { id: p.treeId }, query: `from=${p.living}&to=${p.dead}` }, { params: { id: p.treeId }, query: `from=${p.priv}&to=${p.dead}` }] },
    '/trees/{id}/duplicates': { access: 'members', fills: tree() },
    '/persons/{id}/merge-preview': { access: 'members', fills: (p) => [{ params: { id: p.living }, query: `other_id=${p.unknown}` }, { params: { id: p.priv }, query: `other_id=${p.dead}` }] },
    '/public/trees/{id}': { access: 'public', fills: tree() },
    '/public/trees/{id}/persons': { access: 'public', fills: tree('q=Zelda', 'q=Zizi', 'q=Hidalgo', 'q=Ulrich', 'q=Dora', 'limit=2', 'limit=1000') },
    '/public/trees/{id}/relationships': { access: 'public', fills: tree('limit=1000') },
    '/public/trees/{id}/events': { access: 'public', fills: tree('limit=1000') },
    '/public/persons/{id}': { access: 'public', fills: ids(persons) },
    '/public/persons/{id}/names': { access: 'public', fills: ids(persons) },
    '/public/persons/{id}/events': { access: 'public', fills: ids(persons) },
    '/public/persons/{id}/pedigree': { access: 'public', fills: ids(persons, 'generations=10') },
    '/public/persons/{id}/descendants': { access: 'public', fills: ids(persons, 'generations=10') },
  };

  /** The request of a fill: the probe's own path with its parameters filled in. */
  const urlOf = (template: string, fill: Fill): string => {
    const path = template.replace(/\{(\w+)\}/g, (_, k: string) => {
      const v = fill.params?.[k];
      if (v === undefined) throw new Error(`${template}: no value for {${k}}`);
      return v;
    });
    return fill.query ? `${path}?${fill.query}` : path;
  };

  /** The exact status `reader` gets from a fill of a probe on a tree of visibility `v`. */
  const statusFor = (access: Access, reader: Reader, v: Visibility, fill: Fill): number => {
    const signedIn = reader !== 'anonymous';
    switch (access) {
      case 'directory':
        return 200;
      case 'self':
        return signedIn ? 200 : 401;
      case 'admin':
        return reader === 'admin' ? 200 : signedIn ? 403 : 401;
      case 'members':
        return reader === 'owner' || reader === 'viewer' ? 200 : signedIn ? 403 : 401;
      case 'history':
        return reader === 'owner' || reader === 'viewer' ? 200 : signedIn ? 404 : 401;
      case 'read':
        if (reader === 'owner' || reader === 'viewer') return 200;
        if (!signedIn) return 401;
        return v === 'private' || fill.refused ? 403 : fill.withheld ? 404 : 200;
      case 'public':
        // Everyone reads as a non-member here, the tree's owner too; anonymous callers see public and unlisted trees only.
        if (v === 'private' || (!signedIn && v === 'site_members')) return 404;
        return fill.withheld ? 404 : 200;
    }
  };
  /** Who reads the members surface in full: their answers are not searched for withheld text. */
  const isMember = (access: Access, reader: Reader) => access !== 'public' && (reader === 'owner' || reader === 'viewer');
  /** Who reads a probe: its member first (the proof that the path is live), then everyone else. */
  const readersOf = (access: Access): readonly Reader[] =>
    access === 'admin' ? ['admin', 'owner', 'stranger', 'anonymous']
      : access === 'members' ? ['owner', 'stranger', 'anonymous', 'admin']
        : ['owner', 'viewer', 'stranger', 'anonymous', 'admin'];

  const visibilities: readonly Visibility[] = ['public', 'unlisted', 'site_members', 'private'];

  before(async () => {
    svc = await startTestService({ env: { OWNER_EMAIL: 'admin@example.org' } });
    admin = await registerUser(svc, 'admin@example.org');
    const verified = await call('POST', '/auth/verify-email', undefined, { token: tokenFromMail(svc, admin.email) });
    if (verified.status !== 204) throw new Error(`verify the instance owner: ${verified.status}`);
    owner = await registerUser(svc, 'owner@example.org');
    viewer = await registerUser(svc, 'viewer@example.org');
    stranger = await registerUser(svc, 'stranger@example.org');
    for (const v of visibilities) trees[v] = await plant(v);
  });
  after(async () => {
    await svc?.close();
  });

  describe('no withheld text or id in ANY non-member response', () => {
    it('every GET route of the table has a probe, and every probe a route', () => {
      const routes = allRoutes().filter((r) => r.method === 'get').map((r) => r.path).sort();
      const probed = Object.keys(PROBES).sort();
      expect(routes.filter((x) => !probed.includes(x)), 'GET routes with no probe: add one to PROBES').to.deep.equal([]);
      expect(probed.filter((x) => !routes.includes(x)), 'probes of no route of the table').to.deep.equal([]);
      for (const [path, probe] of Object.entries(PROBES))
        expect(visibilities.flatMap((v) => probe.fills(trees[v])), `${path}: a probe with no request`).to.not.deep.equal([]);
    });

    for (const [template, probe] of Object.entries(PROBES)) {
      it(`GET ${template} (${probe.access}): the owner reads it, then every reader gets its exact status and no non-member a withheld text or id`, async () => {
        const problems: string[] = [];
        const [first, ...others] = readersOf(probe.access);
        // First the member (the instance owner for /admin): the path is live, so a 404 below is the service's answer, not a typo.
        let live = 0;
        for (const v of visibilities) {
          for (const fill of probe.fills(trees[v])) {
            const path = urlOf(template, fill);
            const r = await get(path, tokenOf(first!));
            const want = statusFor(probe.access, first!, v, fill);
            if (r.status === 200) live += 1;
            expect(r.status, `${first} GET ${path} (${v} tree): ${r.text.slice(0, 300)}`).to.equal(want);
          }
        }
        expect(live, `${first} never got 200 from GET ${template}`).to.be.greaterThan(0);
        for (const v of visibilities) {
          const p = trees[v];
          for (const fill of probe.fills(p)) {
            const path = urlOf(template, fill);
            for (const reader of [first!, ...others]) {
              const r = await get(path, tokenOf(reader));
              const want = statusFor(probe.access, reader, v, fill);
              if (r.status !== want) problems.push(`${reader} GET ${path} [${v} tree]: ${r.status}, wants ${want}: ${r.text.slice(0, 200)}`);
              if (isMember(probe.access, reader)) continue;
              const found = leaksIn(p, r.text);
              if (found.length > 0) problems.push(`${reader} GET ${path} [${v} tree, ${r.status}]: ${found.join(', ')}`);
            }
          }
        }
        expect(problems, problems.join('\n')).to.deep.equal([]);
      });
    }

    it('paging with limit=1 through every list: no cursor (X-Next-Cursor, Link) names a withheld record', async () => {
      const leaks: string[] = [];
      for (const v of ['public', 'unlisted', 'site_members'] as const) {
        const p = trees[v];
        const lists = [
          ...['persons', 'events', 'relationships', 'sources', 'citations'].map((x) => [`/trees/${p.treeId}/${x}`, stranger.token] as const),
          ...['persons', 'events', 'relationships'].map((x) => [`/public/trees/${p.treeId}/${x}`, stranger.token] as const),
        ];
        for (const [list, token] of lists) {
          let cursor: string | null = null;
          for (let i = 0; i < 60; i++) {
            const res: Response = await fetch(`${svc.baseUrl}/api/v1${list}?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { headers: { Authorization: `Bearer ${token}` } });
            expect(res.status, list).to.equal(200);
            cursor = res.headers.get('x-next-cursor');
            const link = res.headers.get('link') ?? '';
            if (cursor === null) break;
            const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
            const found = leaksIn(p, `${decoded} ${link}`);
            if (found.length > 0) leaks.push(`stranger GET ${list}?limit=1 [${v}]: X-Next-Cursor decodes to ${found.join(', ')}`);
          }
        }
      }
      expect(leaks, leaks.join('\n')).to.deep.equal([]);
    });

    it('GET /trees/{id} for a non-member does not reveal a PRIVATE home person id', async () => {
      const leaks: string[] = [];
      for (const v of ['public', 'unlisted', 'site_members'] as const) {
        const p = trees[v];
        const set = await call('PATCH', `/trees/${p.treeId}`, owner.token, { home_person_id: p.priv });
        expect(set.status).to.equal(200);
        try {
          const r = await get(`/trees/${p.treeId}`, stranger.token);
          expect(r.status).to.equal(200);
          if (r.text.includes(p.priv)) leaks.push(`stranger GET /trees/${p.treeId} [${v}]: home_person_id = id of PRIVATE`);
          const pub = await get(`/public/trees/${p.treeId}`, stranger.token);
          if (pub.text.includes(p.priv)) leaks.push(`stranger GET /public/trees/${p.treeId} [${v}]: id of PRIVATE`);
        } finally {
          await call('PATCH', `/trees/${p.treeId}`, owner.token, { home_person_id: null });
        }
      }
      expect(leaks, leaks.join('\n')).to.deep.equal([]);
    });
  });

  /** The structured expectations for a non-member reading tree `p` through `prefix` ('' or '/public'). */
  const nonMemberChecks = (label: string, v: Visibility, reader: () => string | undefined, surface: 'members' | 'public') => {
    describe(`${label} on the ${v} tree (${surface} surface)`, () => {
      const p = () => trees[v];
      const treeBase = () => (surface === 'public' ? `/public/trees/${p().treeId}` : `/trees/${p().treeId}`);
      const personBase = () => (surface === 'public' ? '/public/persons' : '/persons');
      const ok = async (path: string) => {
        const r = await get(path, reader());
        expect(r.status, `GET ${path}: ${r.text}`).to.equal(200);
        return r.body;
      };
      const notFound = async (path: string) => {
        const r = await get(path, reader());
        expect(r.status, `GET ${path} should be 404: ${r.text}`).to.equal(404);
      };

      it('persons: LIVING and UNKNOWN redacted, PRIVATE absent, DEAD and PUBLIC-LIVING full', async () => {
        const rows: any[] = await ok(`${treeBase()}/persons`);
        const byId = new Map(rows.map((r) => [r.id, r]));
        expect(byId.has(p().priv), 'PRIVATE listed').to.equal(false);
        expect(byId.get(p().living)).to.deep.equal(REDACTED(p().living, p().treeId));
        expect(byId.get(p().unknown)).to.deep.equal(REDACTED(p().unknown, p().treeId));
        expect(byId.get(p().dead)).to.include({ display_name: 'Dora Deadwood', redacted: false });
        // A fully shown person's identifiers are there: the probe of the living ones above is not vacuous.
        expect(byId.get(p().dead).identifiers).to.deep.equal([{ kind: 'afn', value: 'DORA-AFN', type: null }]);
        expect(byId.get(p().publiv)).to.include({ display_name: 'Paula Publica', redacted: false });
        expect(byId.get(p().publiv).birth.date.year).to.equal(1995);
        expect(rows).to.have.length(4);
      });

      it('search never matches a withheld name; ?ids= for PRIVATE returns nothing', async () => {
        for (const q of ['Zelda', 'Zizi', 'Livingston', 'Hidalgo', 'Privado', 'Ulrich']) expect(await ok(`${treeBase()}/persons?q=${q}`), q).to.deep.equal([]);
        const dora: any[] = await ok(`${treeBase()}/persons?q=Dora`);
        expect(dora.map((r) => r.id)).to.deep.equal([p().dead]);
        if (surface === 'members') {
          expect(await ok(`${treeBase()}/persons?ids=${p().priv}`)).to.deep.equal([]);
          const batch: any[] = await ok(`${treeBase()}/persons?ids=${[p().living, p().priv, p().dead].join(',')}`);
          expect(batch.map((r) => r.id).sort()).to.deep.equal([p().living, p().dead].sort());
          expect(batch.find((r) => r.id === p().living)).to.deep.equal(REDACTED(p().living, p().treeId));
        }
      });

      it('single person reads: LIVING redacted with no names or events, PRIVATE 404 everywhere', async () => {
        expect(await ok(`${personBase()}/${p().living}`)).to.deep.equal(REDACTED(p().living, p().treeId));
        expect(await ok(`${personBase()}/${p().living}/names`)).to.deep.equal([]);
        expect(await ok(`${personBase()}/${p().living}/events`)).to.deep.equal([]);
        await notFound(`${personBase()}/${p().priv}`);
        await notFound(`${personBase()}/${p().priv}/names`);
        await notFound(`${personBase()}/${p().priv}/events`);
        if (surface === 'members') await notFound(`/persons/${p().priv}/relationships`);
        const dead = await ok(`${personBase()}/${p().dead}`);
        expect(dead).to.include({ display_name: 'Dora Deadwood', redacted: false });
        const deadNames: any[] = await ok(`${personBase()}/${p().dead}/names`);
        expect(deadNames.map((n) => n.given_name)).to.deep.equal(['Dora']);
        const deadEvents: any[] = await ok(`${personBase()}/${p().dead}/events`);
        expect(deadEvents.map((e) => e.id).sort(), 'DEAD events without the marriages').to.deep.equal([p().deadBirthEvt, p().deadDeathEvt].sort());
      });

      it('charts: LIVING is "Living person" under DEAD (no name, no date), the pedigree goes on through them; PRIVATE 404', async () => {
        // A member sees the living child in full, name and birth year, in both charts.
        const full = await get(`/persons/${p().dead}/descendants`, owner.token);
        expect(full.status).to.equal(200);
        expect(full.body.children.map((c: any) => c.person)).to.deep.include.members([{ ...full.body.children[0].person, id: p().living, display_name: 'Zelda Livingston' }]);
        expect(full.text).to.include('Zelda').and.include('"year":1990');
        expect((await get(`/persons/${p().living}/pedigree`, owner.token)).text).to.include('Zelda');
        const down = await ok(`${personBase()}/${p().dead}/descendants?generations=10`);
        expect(down.person).to.include({ id: p().dead, display_name: 'Dora Deadwood', redacted: false });
        const living = { ...REDACTED(p().living, p().treeId), merged_into: null };
        expect(down.children).to.deep.equal([{ person: living, ref: false, children: [] }]);
        const up = await ok(`${personBase()}/${p().living}/pedigree?generations=10`);
        expect(up).to.deep.equal({ person: living, ref: false, parents: [{ person: down.person, ref: false, parents: [] }] });
        for (const path of [`${personBase()}/${p().dead}/descendants?generations=10`, `${personBase()}/${p().living}/pedigree?generations=10`])
          expect(leaksIn(p(), (await get(path, reader())).text), path).to.deep.equal([]);
        await notFound(`${personBase()}/${p().priv}/pedigree`);
        await notFound(`${personBase()}/${p().priv}/descendants`);
      });

      it('tree events: only those of fully visible persons, no marriages with LIVING or PRIVATE', async () => {
        const rows: any[] = await ok(`${treeBase()}/events`);
        expect(rows.map((e) => e.id).sort()).to.deep.equal([p().deadBirthEvt, p().deadDeathEvt, p().publivBirthEvt].sort());
      });

      it('relationships: LIVING–DEAD present (the association too, like any edge), PRIVATE–DEAD absent', async () => {
        const rows: any[] = await ok(`${treeBase()}/relationships`);
        const shown = [p().relLivDeadPc, p().relLivDeadPartner, p().relLivDeadAsso].sort();
        expect(rows.map((r) => r.id).sort()).to.deep.equal(shown);
        for (const r of rows) expect(r, 'an edge with a living end has no notes, qualifier or role').to.include({ notes: null, qualifier: null, role: null });
        if (surface === 'members') {
          const ofDead: any[] = await ok(`/persons/${p().dead}/relationships`);
          expect(ofDead.map((r) => r.id).sort()).to.deep.equal(shown);
          const ofLiving: any[] = await ok(`/persons/${p().living}/relationships`);
          expect(ofLiving.map((r) => r.id).sort()).to.deep.equal(shown);
          expect(await ok(`/relationships/${p().relLivDeadAsso}`)).to.include({ type: 'association', role: null, notes: null });
        }
      });

      if (surface === 'members') {
        it('single event and relationship reads: withheld ones 404', async () => {
          for (const id of [p().livingBirthEvt, p().livingResidenceEvt, p().privBirthEvt, p().privDeathEvt, p().marriagePrivEvt, p().marriageLivEvt, p().livingLdsEvt]) await notFound(`/events/${id}`);
          expect((await ok(`/events/${p().deadBirthEvt}`)).id).to.equal(p().deadBirthEvt);
          expect((await ok(`/events/${p().publivBirthEvt}`)).id).to.equal(p().publivBirthEvt);
          await notFound(`/relationships/${p().relPrivDead}`);
          expect((await ok(`/relationships/${p().relLivDeadPc}`)).id).to.equal(p().relLivDeadPc);
          expect((await ok(`/relationships/${p().relLivDeadPartner}`)).id).to.equal(p().relLivDeadPartner);
        });

        it('citations and sources: only DEAD’s; the withheld ones 404', async () => {
          const cits: any[] = await ok(`/trees/${p().treeId}/citations`);
          expect(cits.map((c) => c.id)).to.deep.equal([p().cDead]);
          for (const id of [p().cLivEvt, p().cLivName, p().cPriv, p().cLivRel, p().cPrivMarriage]) await notFound(`/citations/${id}`);
          expect((await ok(`/citations/${p().cDead}`)).id).to.equal(p().cDead);
          const srcs: any[] = await ok(`/trees/${p().treeId}/sources`);
          expect(srcs.map((s) => s.id)).to.deep.equal([p().sDead]);
          for (const id of [p().sLivEvt, p().sLivName, p().sPriv, p().sLivRel]) await notFound(`/sources/${id}`);
          expect((await ok(`/sources/${p().sDead}`)).title).to.equal('Deadwood parish register');
        });
      }
    });
  };

  describe('non-members, structured', () => {
    for (const v of ['public', 'unlisted', 'site_members'] as const) nonMemberChecks('authenticated non-member', v, () => stranger.token, 'members');
    for (const v of ['public', 'unlisted'] as const) nonMemberChecks('anonymous', v, () => undefined, 'public');
    nonMemberChecks('authenticated non-member', 'site_members', () => stranger.token, 'public');
    for (const v of ['public', 'site_members'] as const) nonMemberChecks('owner (a non-member on /public)', v, () => owner.token, 'public');
  });

  describe('tree access', () => {
    it('public surface: site_members tree visible signed in (404 anonymous: see the probes); unlisted visible by link', async () => {
      const sm = trees.site_members;
      expect((await get(`/public/trees/${sm.treeId}`, stranger.token)).status).to.equal(200);
      const un = trees.unlisted;
      expect((await get(`/public/trees/${un.treeId}`)).body).to.deep.equal({ id: un.treeId, name: 'Tree unlisted', description: '', visibility: 'unlisted' });
      expect((await get(`/public/trees/${un.treeId}`)).body).to.not.have.property('owner_id');
    });

    it('directory: public to everyone, + site_members signed in; never unlisted or private', async () => {
      const anon: any[] = (await get('/public/trees')).body;
      expect(anon.map((t) => t.id)).to.deep.equal([trees.public.treeId]);
      for (const token of [stranger.token, owner.token]) {
        const signed: any[] = (await get('/public/trees', token)).body;
        expect(signed.map((t) => t.id).sort()).to.deep.equal([trees.public.treeId, trees.site_members.treeId].sort());
      }
    });
  });

  describe('members see everything in full', () => {
    for (const [who, user] of [['owner', () => owner], ['viewer', () => viewer]] as const) {
      for (const v of visibilities) {
        it(`${who} on the ${v} tree`, async () => {
          const p = trees[v];
          const t = user().token;
          const persons: any[] = (await get(`/trees/${p.treeId}/persons`, t)).body;
          expect(persons).to.have.length(5);
          expect(persons.every((x) => x.redacted === false)).to.equal(true);
          expect(persons.find((x) => x.id === p.living)).to.include({ display_name: 'Zelda Livingston', notes: 'SECRET-NOTE living' });
          expect(persons.find((x) => x.id === p.living).identifiers).to.deep.equal([{ kind: 'refn', value: 'REFN-SECRET 7', type: 'SECRET-TYPE' }, { kind: 'uid', value: 'UID-SECRET-0001', type: null }]);
          expect(((await get(`/persons/${p.living}/names`, t)).body as any[]).find((n) => n.given_name === 'Zizi')).to.include({ notes: 'NAME-NOTE of Zizi' });
          expect((await get(`/events/${p.livingLdsEvt}`, t)).body).to.include({ type: 'lds_baptism', temple: 'TEMPLE-SECRET', ordinance_status: 'ORD-STATUS-SECRET' });
          expect((await get(`/relationships/${p.relLivDeadAsso}`, t)).body).to.include({ type: 'association', role: 'GODPARENT-ROLE', notes: 'EDGE-NOTE asso' });
          expect(persons.find((x) => x.id === p.living).birth).to.include({ place: 'Secretville' });
          expect(((await get(`/trees/${p.treeId}/persons?q=Zelda`, t)).body as any[]).map((x) => x.id)).to.deep.equal([p.living]);
          expect(((await get(`/trees/${p.treeId}/persons?q=Zizi`, t)).body as any[]).map((x) => x.id)).to.deep.equal([p.living]);
          expect(((await get(`/trees/${p.treeId}/persons?ids=${p.priv}`, t)).body as any[]).map((x) => x.id)).to.deep.equal([p.priv]);
          expect(((await get(`/persons/${p.living}/names`, t)).body as any[]).map((n) => n.given_name).sort()).to.deep.equal(['Zelda', 'Zizi']);
          expect((await get(`/persons/${p.priv}`, t)).body).to.include({ display_name: 'Hidalgo Privado', privacy: 'private' });
          expect(((await get(`/persons/${p.living}/events`, t)).body as any[]).map((e) => e.id).sort()).to.deep.equal([p.livingBirthEvt, p.livingResidenceEvt, p.marriageLivEvt, p.livingLdsEvt].sort());
          expect((await get(`/trees/${p.treeId}/events`, t)).body).to.have.length(10);
          expect((await get(`/trees/${p.treeId}/relationships`, t)).body).to.have.length(4);
          expect((await get(`/trees/${p.treeId}/citations`, t)).body).to.have.length(6);
          expect((await get(`/trees/${p.treeId}/sources`, t)).body).to.have.length(5);
          for (const id of [p.livingBirthEvt, p.marriagePrivEvt]) expect((await get(`/events/${id}`, t)).status).to.equal(200);
          expect((await get(`/relationships/${p.relPrivDead}`, t)).status).to.equal(200);
          expect((await get(`/relationships/${p.relLivDeadPc}`, t)).body).to.include({ notes: 'EDGE-NOTE pc', qualifier: 'donor' });
          for (const id of [p.cLivEvt, p.cPriv, p.cLivName]) expect((await get(`/citations/${id}`, t)).status).to.equal(200);
          for (const id of [p.sLivEvt, p.sPriv]) expect((await get(`/sources/${id}`, t)).status).to.equal(200);
        });
      }
    }
  });
});
