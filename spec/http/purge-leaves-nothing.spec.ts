import { expect } from 'chai';
import { knex, type Knex } from '@mikro-orm/postgresql';
import { purgeExpired } from '../../core/cleanup/commands/purge-expired.js';
import { memoryBlobStore } from '../../adapters/memory/blob-store.js';
import { exportZip, importZip } from '../support/account-archive.js';
import { importGedcomFile } from '../support/gedcom.js';
import { rawCaller, type RawReply } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// Issue 29: a purge leaves nothing of what it purged. Unique strings are planted through every write
// path a member has (persons, names, events, places, relationships, sources, citations, media, a
// proposal applied, a cleanup apply, a merge, a dismissal, a GEDCOM import, an account import), then
// the tree is deleted and purged, or its owner leaves and the purge of expired records runs. Then
// every row of every table of the public schema is read as text: none may hold a planted string.
// Audit entries keep the actor, the action, the entity and ids, never the content.

const DAY = 24 * 3600 * 1000;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const ged = (...records: string[]): string =>
  ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', ...records, '0 TRLR', ''].join('\n');

type Planted = { readonly given: string; readonly surname: string; readonly tokens: readonly string[] };

describe('HTTP purge leaves nothing of the purged records', function () {
  this.timeout(120_000);
  let svc: TestService;
  let db: Knex;
  const call = rawCaller(() => svc.baseUrl);

  before(async () => {
    // A rate limit well above what the spec needs, so that its windows are written (0 writes none).
    svc = await startTestService({ env: { AUTH_RATE_LIMIT: '1000' } });
    if (svc.databaseUrl === null) throw new Error('postgres storage expected');
    db = knex({ client: 'pg', connection: svc.databaseUrl, pool: { min: 0, max: 1 } });
  });
  after(async () => {
    await db?.destroy();
    await svc?.close();
  });

  /** Every row of every base table of the public schema, as text, that holds one of `needles` (case-insensitive). */
  const findings = async (needles: readonly string[]): Promise<string[]> => {
    const tables = (await db.raw<{ rows: { table_name: string }[] }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )).rows.map((r) => r.table_name);
    expect(tables, 'the public schema lists the tables').to.include.members(['audit_entries', 'persons', 'users']);
    const lower = needles.map((n) => n.toLowerCase());
    const found: string[] = [];
    for (const table of tables) {
      const rows = (await db.raw<{ rows: { row: string }[] }>(`select t::text as row from "${table.replaceAll('"', '""')}" t`)).rows;
      for (const { row } of rows) {
        const text = row.toLowerCase();
        const hits = needles.filter((_, i) => text.includes(lower[i]!));
        if (hits.length > 0) found.push(`${table}: [${hits.join(', ')}] in ${row.length > 600 ? `${row.slice(0, 600)}...` : row}`);
      }
    }
    return found;
  };

  const ok = async (r: Promise<RawReply>, what: string): Promise<any> => {
    const reply = await r;
    expect(reply.status, `${what}: ${reply.text.slice(0, 500)}`).to.be.oneOf([200, 201, 204]);
    return reply.body;
  };

  const uploadMedia = async (token: string, treeId: string, title: string, fileName: string, personId: string): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), fileName);
    form.append('title', title);
    form.append('person_id', personId);
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    const text = await res.text();
    expect(res.status, `upload media: ${text}`).to.equal(201);
    return (JSON.parse(text) as { id: string }).id;
  };

  /**
   * Fills a new tree of `token`'s account through every write path, each field with its own planted
   * token (`${p}<FIELD>`), and answers the tree's id and name and every planted string.
   */
  const plantTree = async (token: string, given: string, surname: string, p: string): Promise<{ treeId: string; treeName: string; planted: Planted }> => {
    const tokens = new Set<string>();
    const t = (field: string): string => {
      const s = `${p}${field}`;
      tokens.add(s);
      return s;
    };
    const c = (method: string, path: string, body?: unknown) => call(method, path, token, body);
    const treeName = `${surname} family ${t('TREENAME')}`;
    const tree = await ok(c('POST', '/trees', { name: treeName, description: t('TREEDESC'), visibility: 'private' }), 'create tree');
    const treeId = tree.id as string;
    await ok(c('PATCH', `/trees/${treeId}`, { description: t('TREEDESCTWO') }), 'update tree');

    // Persons: create with every text field, then PATCH each again.
    const person = async (body: Record<string, unknown>) => (await ok(c('POST', `/trees/${treeId}/persons`, body), 'create person')).id as string;
    const main = await person({
      given_name: given, surname, notes: t('PERSONNOTE'), sex: 'male', is_living: false,
      birth: { date: { qualifier: 'about', year: 1820 }, place: t('BIRTHPLACE') },
      death: { date: { qualifier: 'text', text: t('DEATHDATETEXT') }, place: t('DEATHPLACE') },
      identifiers: [{ kind: 'refn', value: t('REFNVALUE'), type: t('REFNTYPE') }],
    });
    await ok(c('PATCH', `/persons/${main}`, {
      given_name: `${given} ${t('GIVENTWO')}`, surname: `${surname}-${t('SURNAMETWO')}`, notes: `second ${t('PERSONNOTETWO')} diagnosis`,
      birth: { place: t('BIRTHPLACETWO') }, death: { place: t('DEATHPLACETWO') },
    }), 'update person');
    const wife = await person({ given_name: t('WIFEGIVEN'), surname, sex: 'female', notes: t('WIFENOTE') });
    const child = await person({ given_name: t('CHILDGIVEN'), surname });
    const twinA = await person({ given_name: t('TWINGIVEN'), surname: t('TWINSURNAME'), notes: t('TWINANOTE'), birth: { date: { qualifier: 'exact', year: 1850 } } });
    const twinB = await person({ given_name: t('TWINGIVEN'), surname: t('TWINSURNAME'), notes: t('TWINBNOTE'), birth: { date: { qualifier: 'exact', year: 1850 } } });
    const dupA = await person({ given_name: t('DUPGIVEN'), surname });
    const dupB = await person({ given_name: t('DUPGIVEN'), surname });
    const dated = await person({ given_name: t('DATEDGIVEN'), surname: `${t('DATEDSURNAME')} 1850` });

    // Names.
    const name = await ok(c('POST', `/persons/${main}/names`, { name_type: 'nickname', given_name: t('NICKGIVEN'), surname: t('NICKSURNAME'), notes: t('NAMENOTE') }), 'create name');
    await ok(c('PATCH', `/persons/${main}/names/${name.id}`, { given_name: t('NICKGIVENTWO'), notes: t('NAMENOTETWO') }), 'update name');

    // Relationships, with notes and an association's role.
    const partnership = await ok(c('POST', `/trees/${treeId}/relationships`, { type: 'partnership', person_a_id: main, person_b_id: wife, notes: t('PARTNERNOTE') }), 'partnership');
    const pc = await ok(c('POST', `/trees/${treeId}/relationships`, { type: 'parent_child', person_a_id: main, person_b_id: child, qualifier: 'biological', notes: t('PCNOTE') }), 'parent');
    await ok(c('PATCH', `/relationships/${pc.id}`, { qualifier: 'adoptive', notes: t('PCNOTETWO') }), 'update relationship');
    const asso = await ok(c('POST', `/trees/${treeId}/relationships`, { type: 'association', person_a_id: child, person_b_id: wife, role: t('ASSOROLE'), notes: t('ASSONOTE') }), 'association');
    await ok(c('PATCH', `/relationships/${asso.id}`, { role: t('ASSOROLETWO') }), 'update association');

    // Events: a person's, a custom one, a partnership's; places, notes, details.
    const event = await ok(c('POST', `/trees/${treeId}/events`, {
      type: 'occupation', person_id: main, place: t('EVENTPLACE'), notes: t('EVENTNOTE'), detail: t('EVENTDETAIL'),
      date: { qualifier: 'exact', year: 1851 },
    }), 'event');
    await ok(c('PATCH', `/events/${event.id}`, { place: t('EVENTPLACETWO'), notes: t('EVENTNOTETWO'), detail: t('EVENTDETAILTWO') }), 'update event');
    await ok(c('POST', `/trees/${treeId}/events`, { type: 'custom', custom_type: t('CUSTOMTYPE'), person_id: child, place: t('CUSTOMPLACE') }), 'custom event');
    await ok(c('POST', `/trees/${treeId}/events`, { type: 'marriage', partnership_id: partnership.id, place: t('MARRIAGEPLACE'), notes: t('MARRIAGENOTE') }), 'marriage');

    // Sources and citations.
    const source = await ok(c('POST', `/trees/${treeId}/sources`, { title: t('SOURCETITLE'), author: t('SOURCEAUTHOR'), publication: t('SOURCEPUB'), notes: t('SOURCENOTE') }), 'source');
    await ok(c('PATCH', `/sources/${source.id}`, { title: t('SOURCETITLETWO'), author: t('SOURCEAUTHORTWO') }), 'update source');
    const citation = await ok(c('POST', `/trees/${treeId}/citations`, { source_id: source.id, person_id: main, page: t('CITEPAGE'), detail: t('CITEDETAIL'), confidence: 2 }), 'citation');
    await ok(c('PATCH', `/citations/${citation.id}`, { page: t('CITEPAGETWO'), detail: t('CITEDETAILTWO') }), 'update citation');
    await ok(c('POST', `/trees/${treeId}/citations`, { source_id: source.id, event_id: event.id, page: t('EVENTCITEPAGE') }), 'event citation');
    const gone = await ok(c('POST', `/trees/${treeId}/sources`, { title: t('DELETEDSOURCE') }), 'source to delete');
    await ok(c('DELETE', `/sources/${gone.id}`), 'delete source');

    // Media: a title and a file name, then a new title; one deleted.
    const media = await uploadMedia(token, treeId, t('MEDIATITLE'), `${t('MEDIAFILE')}.png`, main);
    await ok(c('PATCH', `/media/${media}`, { title: t('MEDIATITLETWO') }), 'update media');
    const deletedMedia = await uploadMedia(token, treeId, t('DELMEDIATITLE'), `${t('DELMEDIAFILE')}.png`, child);
    await ok(c('DELETE', `/media/${deletedMedia}`), 'delete media');

    // A proposal, made and applied.
    const proposal = await ok(c('POST', `/trees/${treeId}/proposals`, {
      summary: t('PROPOSALSUMMARY'),
      operations: [
        { op: 'create', entity: 'person', ref: 'n', data: { given_name: t('PROPGIVEN'), surname: t('PROPSURNAME'), notes: t('PROPNOTE') } },
        { op: 'create', entity: 'relationship', data: { type: 'parent_child', person_a_id: '$n', person_b_id: main, qualifier: 'biological', notes: t('PROPRELNOTE') } },
        { op: 'update', entity: 'person', id: wife, data: { notes: t('PROPWIFENOTE') } },
        { op: 'create', entity: 'source', data: { title: t('PROPSOURCETITLE') } },
      ],
    }), 'propose');
    await ok(c('POST', `/trees/${treeId}/proposals/${proposal.id}/apply`, {}), 'apply proposal');
    const rejected = await ok(c('POST', `/trees/${treeId}/proposals`, {
      summary: t('REJECTEDSUMMARY'), operations: [{ op: 'update', entity: 'person', id: child, data: { notes: t('REJECTEDNOTE') } }],
    }), 'propose again');
    await ok(c('POST', `/trees/${treeId}/proposals/${rejected.id}/reject`, {}), 'reject proposal');

    // A cleanup apply (names): the edited names are written as PATCH would.
    await ok(c('POST', `/trees/${treeId}/cleanup/names`, { changes: [{ person_id: dated, given_name: t('CLEANGIVEN'), surname: t('CLEANSURNAME') }] }), 'cleanup names');

    // A merge of two persons, and a dismissed pair.
    await ok(c('POST', `/persons/${twinA}/merge`, { other_id: twinB }), 'merge');
    await ok(c('POST', `/trees/${treeId}/duplicates/dismiss`, { person_ids: [dupA, dupB] }), 'dismiss');

    // A person deleted (soft) with what touches it.
    await ok(c('DELETE', `/persons/${child}`), 'delete person');

    // A GEDCOM import into the same tree: NAME, NOTE, PLAC, OCCU, SOUR TITL, PAGE.
    const imported = await importGedcomFile(svc.client(token), treeId, ged(
      '0 @I1@ INDI', `1 NAME ${t('GEDGIVEN')} /${t('GEDSURNAME')}/`, '1 SEX M', '1 BIRT', '2 DATE 12 MAR 1850', `2 PLAC ${t('GEDPLACE')}`,
      `1 NOTE ${t('GEDNOTE')}`, `1 OCCU ${t('GEDOCCU')}`, '1 SOUR @S1@', `2 PAGE ${t('GEDPAGE')}`, '1 FAMS @F1@',
      '0 @I2@ INDI', `1 NAME ${t('GEDWIFEGIVEN')} /${t('GEDWIFESURNAME')}/`, '1 SEX F', '1 FAMS @F1@',
      '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', `2 PLAC ${t('GEDMARRPLACE')}`,
      '0 @S1@ SOUR', `1 TITL ${t('GEDSOURCETITLE')}`, `1 AUTH ${t('GEDSOURCEAUTHOR')}`,
    ));
    expect(imported.response.status, JSON.stringify(imported.error)).to.equal(200);

    return { treeId, treeName, planted: { given, surname, tokens: [...tokens] } };
  };

  const purgeDue = () =>
    purgeExpired({ storage: svc.storage, clock: { now: () => new Date(Date.now() + DAY) }, purgeAfterDays: 0, blobs: memoryBlobStore() })();

  it('a tree deleted and purged (with a restored copy of it, deleted and purged too) leaves no planted string in any table', async () => {
    const owner = await registerUser(svc, 'keeper.one@example.org');
    const { treeId, treeName, planted } = await plantTree(owner.token, 'Zorblax', 'Quimbyfrost', 'SECRET');

    // An account import of the same account restores a copy of the tree: the copy goes too.
    const zip = await exportZip(svc, owner.token);
    expect(zip.status).to.equal(200);
    const restored = await importZip(svc, owner.token, zip.bytes);
    expect(restored.status, JSON.stringify(restored.body)).to.equal(201);
    const copies = (restored.body.trees as { id: string }[]).map((x) => x.id);
    expect(copies).to.have.length(1);

    // Sanity: before the purge the strings are there to be found.
    expect(await findings(['Zorblax', 'SECRETPERSONNOTE'])).to.not.deep.equal([]);

    for (const id of [treeId, ...copies]) {
      const name = (await ok(call('GET', `/trees/${id}`, owner.token), 'read tree')).name as string;
      expect(name).to.equal(treeName);
      await ok(call('DELETE', `/trees/${id}`, owner.token), 'delete tree');
      const purged = await call('POST', `/trees/${id}/purge`, owner.token, { name });
      expect(purged.status, purged.text).to.equal(204);
    }
    expect((await call('GET', `/trees/${treeId}`, owner.token)).status).to.equal(404);

    const found = await findings([planted.given, planted.surname, ...planted.tokens]);
    expect(found, `planted strings left after the tree purge:\n${found.join('\n')}`).to.deep.equal([]);
  });

  it('an account that leaves and is purged leaves no planted string and not its email in any table', async () => {
    const email = 'zorblax-owner@example.org';
    const leaver = await registerUser(svc, email);
    // Signed in once more, so that the rate limits counted this email.
    expect((await call('POST', '/auth/login', undefined, { email, password: leaver.password })).status).to.equal(200);
    expect((await call('POST', '/auth/password-reset', undefined, { email })).status).to.equal(202);
    const { planted } = await plantTree(leaver.token, 'Vexmoorian', 'Glimmerdusk', 'HIDDEN');
    const stays = await registerUser(svc, 'stays.two@example.org');
    const shared = await ok(call('POST', '/trees', stays.token, { name: 'Shared two' }), 'shared tree');
    await ok(call('POST', `/trees/${shared.id}/members`, stays.token, { email, role: 'editor' }), 'add member');

    // Sanity: the email is stored (the account), and the rate limits wrote their windows.
    expect((await findings([email])).some((f) => f.startsWith('users:')), 'the email is in users').to.equal(true);
    const windows = (await db.raw<{ rows: { n: number }[] }>('select count(*)::int as n from rate_limit_windows')).rows[0]!.n;
    expect(windows, 'rate-limit windows were written').to.be.greaterThan(0);

    expect((await call('DELETE', '/users/me', leaver.token, { email })).status).to.equal(204);
    const run = await purgeDue();
    expect(run.ran && run.counts.users, 'the account was purged').to.be.at.least(1);
    expect(run.ran && run.counts.trees, 'its tree was purged').to.be.at.least(1);

    const found = await findings([planted.given, planted.surname, ...planted.tokens, email, 'zorblax-owner']);
    expect(found, `planted strings left after the account purge:\n${found.join('\n')}`).to.deep.equal([]);
  });
});
