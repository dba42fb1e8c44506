import { expect } from 'chai';
import type { ApiClient } from '../../client/index.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';
import { exportGedcomText, importGedcomFile } from '../support/gedcom.js';
import { content } from '../support/media.js';
import { rawZip } from '../support/hostile-zip.js';
import { exportZip, importZip, unzip } from '../support/account-archive.js';

// Issue 28, "media without bytes": an OBJE (inline or a record) under an INDI, its events or a SOUR
// whose FILE's bytes do not come with the file (a plain .ged) becomes a media record without bytes:
// its FILE path, FORM and title kept, attached like an uploaded item; the API says `file_uploaded:
// false`, its content is 409 `file_not_uploaded`, `PUT /media/{id}/file` brings the bytes; export writes
// it back as an OBJE with FILE, FORM and TITL linked from the same record (7.0: FILE as a URI
// reference, FORM as a media type).

const pid = (id: string) => ({ params: { path: { id } } });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Ann /Lee/
1 BIRT
2 DATE 1850
2 OBJE
3 FILE scans/baptism.jpg
4 FORM jpg
4 TITL Baptism entry
1 OBJE @O1@
0 @O1@ OBJE
1 FILE photos/ann lee.png
2 FORM png
2 TITL Ann in 1870
0 TRLR
`;

describe('HTTP media records without bytes (GEDCOM OBJE whose file did not come)', () => {
  let svc: TestService;
  let c: ApiClient;
  let token: string;

  const media = async (treeId: string) => (await c.GET('/trees/{id}/media', pid(treeId))).data!;

  before(async () => {
    svc = await startTestService();
    token = (await registerUser(svc, 'media-paths@example.org')).token;
    c = svc.client(token);
  });
  after(async () => svc.close());

  it('imports OBJE under an INDI and its event as media records without bytes, kept through an export in both versions', async () => {
    const treeId = (await c.POST('/trees', { body: { name: 'Paths' } })).data!.id;
    const report = await importGedcomFile(c, treeId, FILE);
    expect(report.response.status, JSON.stringify(report.error)).to.equal(200);
    expect(report.data!.unmapped_tags.filter((u) => /OBJE/.test(u.tag))).to.deep.equal([]);
    const person = (await c.GET('/trees/{id}/persons', pid(treeId))).data![0]!;
    const birth = person.birth!.event_id;
    const items = (await media(treeId)).map((m) => ({ title: m.title, file_path: m.file_path, form: m.form, file_uploaded: m.file_uploaded, person_id: m.person_id, event_id: m.event_id }));
    expect(items).to.have.deep.members([
      { title: 'Baptism entry', file_path: 'scans/baptism.jpg', form: 'jpg', file_uploaded: false, person_id: null, event_id: birth },
      { title: 'Ann in 1870', file_path: 'photos/ann lee.png', form: 'png', file_uploaded: false, person_id: person.id, event_id: null },
    ]);
    for (const version of ['5.5.1', '7.0'] as const) {
      const exported = await exportGedcomText(c, treeId, version);
      expect(exported.status).to.equal(200);
      // 7.0 takes a URI reference: the space percent-encoded (and decoded again on import).
      expect(exported.text, version).to.include(version === '7.0' ? '1 FILE photos/ann%20lee.png\n2 FORM image/png\n' : '1 FILE photos/ann lee.png\n2 FORM png\n');
      // The inline OBJE under BIRT: inline again in 5.5.1, as it came; a record in 7.0 (which has no inline OBJE).
      if (version === '5.5.1') expect(exported.text, version).to.include('1 BIRT\n2 DATE 1850\n2 OBJE\n3 FILE scans/baptism.jpg\n4 FORM jpg\n4 TITL Baptism entry\n');
      else expect(exported.text, version).to.include('1 FILE scans/baptism.jpg\n').and.include('2 TITL Baptism entry\n');
      const copy = (await c.POST('/trees', { body: { name: `Copy ${version}` } })).data!.id;
      const again = await importGedcomFile(c, copy, exported.text);
      expect(again.response.status).to.equal(200);
      expect(again.data!.warnings, version).to.deep.equal([]);
      const copied = (await media(copy)).map((m) => [m.title, m.file_path, m.file_uploaded, m.person_id === null ? 'event' : 'person']).sort();
      expect(copied, version).to.deep.equal([['Ann in 1870', 'photos/ann lee.png', false, 'person'], ['Baptism entry', 'scans/baptism.jpg', false, 'event']]);
    }
  });

  it('a later GEDZIP import of the same person (merged) brings the bytes: the record is filled, not made again', async () => {
    const treeId = (await c.POST('/trees', { body: { name: 'Later zip' } })).data!.id;
    await importGedcomFile(c, treeId, FILE);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(rawZip([{ name: 'gedcom.ged', data: Buffer.from(FILE) }, { name: 'photos/ann lee.png', data: Buffer.from(PNG) }]))]), 'tree.gdz');
    const ann = (await c.GET('/trees/{id}/persons', pid(treeId))).data![0]!.id;
    form.append('resolutions', JSON.stringify({ '@I1@': { action: 'merge', target_id: ann } }));
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/gedcom/import`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    const report = await res.json();
    expect(res.status, JSON.stringify(report)).to.equal(200);
    expect(report.persons).to.include({ merged: 1, created: 0 });
    const items = await media(treeId);
    const photos = items.filter((m) => m.title === 'Ann in 1870');
    expect(photos.map((m) => [m.file_uploaded, m.size, m.content_type])).to.deep.equal([[true, PNG.length, 'image/png']]);
    expect([...(await content(svc, token, photos[0]!.id)).bytes]).to.deep.equal([...PNG]);
  });

  it('an account export carries them without a file; the restore keeps them without bytes, path and format kept', async () => {
    const owner = await registerUser(svc, 'media-paths-archive@example.org');
    const o = svc.client(owner.token);
    const treeId = (await o.POST('/trees', { body: { name: 'Archived paths' } })).data!.id;
    await importGedcomFile(o, treeId, FILE);
    const zip = await exportZip(svc, owner.token);
    expect(zip.status).to.equal(200);
    const heir = await registerUser(svc, 'media-paths-heir@example.org');
    const imported = await importZip(svc, heir.token, zip.bytes);
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    const restored = (imported.body.trees as { id: string }[])[0]!.id;
    const items = (await svc.client(heir.token).GET('/trees/{id}/media', pid(restored))).data!;
    expect(items.map((m) => [m.title, m.file_path, m.form, m.file_uploaded, m.size]).sort()).to.deep.equal([
      ['Ann in 1870', 'photos/ann lee.png', 'png', false, 0], ['Baptism entry', 'scans/baptism.jpg', 'jpg', false, 0],
    ]);
  });

  it('a GEDZIP export writes them as OBJE with their own paths and no file in the zip, beside an uploaded item and its file', async () => {
    const treeId = (await c.POST('/trees', { body: { name: 'Zip paths' } })).data!.id;
    await importGedcomFile(c, treeId, FILE);
    const item = (await media(treeId)).find((m) => m.title === 'Baptism entry')!;
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'ann.png');
    form.append('title', 'Uploaded');
    expect((await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })).status).to.equal(201);
    const res = await fetch(`${svc.baseUrl}/api/v1/trees/${treeId}/gedcom/export?version=7.0&media=true`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const ged = entries.get('gedcom.ged')!.toString('utf8');
    expect(ged).to.include('1 FILE scans/baptism.jpg\n2 FORM image/jpeg\n2 TITL Baptism entry\n').and.include('1 FILE photos/ann%20lee.png\n');
    expect([...entries.keys()].filter((k) => k !== 'gedcom.ged')).to.have.length(1);
    expect(item.file_uploaded).to.equal(false);
  });

  it('answers 409 file_not_uploaded for its content until PUT /media/{id}/file brings the bytes', async () => {
    const treeId = (await c.POST('/trees', { body: { name: 'Fill' } })).data!.id;
    await importGedcomFile(c, treeId, FILE);
    const item = (await media(treeId)).find((m) => m.title === 'Ann in 1870')!;
    const before = await content(svc, token, item.id);
    expect(before.res.status).to.equal(409);
    expect(JSON.parse(new TextDecoder().decode(before.bytes)).code).to.equal('file_not_uploaded');
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'ann.png');
    const res = await fetch(`${svc.baseUrl}/api/v1/media/${item.id}/file`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status, await res.clone().text()).to.equal(200);
    const filled = await res.json();
    expect(filled).to.include({ file_uploaded: true, content_type: 'image/png', size: PNG.length, file_path: 'photos/ann lee.png', title: 'Ann in 1870' });
    const after = await content(svc, token, item.id);
    expect(after.res.status).to.equal(200);
    expect([...after.bytes]).to.deep.equal([...PNG]);
    // Its bytes came: a second PUT is refused.
    const again = await fetch(`${svc.baseUrl}/api/v1/media/${item.id}/file`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(again.status).to.equal(409);
  });
});
