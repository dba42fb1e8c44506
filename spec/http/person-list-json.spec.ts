import { expect } from 'chai';
import { createPostgresStorage } from '../../adapters/postgres/storage.js';
import { rawCaller } from '../support/raw-call.js';
import { registerUser, startTestService, type TestService } from '../support/service.js';

// The whole person list (no `limit`), which the store now writes as JSON text page by page
// (PersonRepository.listJson), is the answer the per-row path gives: the paged list (`limit`, which
// stays on that path: core listPersons, then personWire), its pages followed by cursor and put
// together, byte for byte, for the owner, a signed-in non-member and an anonymous reader on
// /public, on both stores. The tree has living, dead, possibly-living, private and public persons,
// several names, vital events of every kind with places, dates of several forms and identifiers,
// and two persons of long notes (a page's piece larger than a chunk of the database's socket).
// On PostgreSQL the whole list is also seen to come from the JSON pages, without per-row reads.

for (const store of ['postgres', 'memory'] as const) {
  describe(`HTTP whole person list as text from the store (${store}): the per-row path's answer, byte for byte`, function () {
    this.timeout(60_000);
    let svc: TestService;
    let owner = '';
    let stranger = '';
    let treeId = '';
    const statements: string[] = [];
    const call = rawCaller(() => svc.baseUrl);

    before(async () => {
      svc = await startTestService(store === 'memory'
        ? { storage: 'memory' }
        : { storageOn: (url) => createPostgresStorage(url, { debugQueries: (sql) => void statements.push(sql) }) });
      owner = (await registerUser(svc, 'owner@example.org')).token;
      stranger = (await registerUser(svc, 'stranger@example.org')).token;
      treeId = (await call('POST', '/trees', owner, { name: 'Whole list', visibility: 'public' })).body.id;
      const made = async (path: string, body: unknown): Promise<string> => {
        const r = await call('POST', path, owner, body);
        expect(r.status, `${path} ${r.text}`).to.equal(201);
        return r.body.id as string;
      };
      const person = (body: Record<string, unknown>) => made(`/trees/${treeId}/persons`, body);
      const event = (personId: string, type: string, date: unknown, place?: string) =>
        made(`/trees/${treeId}/events`, { type, person_id: personId, date, ...(place === undefined ? {} : { place }) });
      const dead = await person({
        given_name: 'Mary Ann', surname: 'Smith', sex: 'female', is_living: false, notes: 'Notes "quoted" \\ and\nlines \u0001 😀',
        identifiers: [{ kind: 'refn', value: 'R-1 "x"', type: 'Ancestry ID' }, { kind: 'afn', value: '1A2B-3C' }],
        birth: { date: { year: 1850, month: 3, day: 12, qualifier: 'exact' }, place: 'Boston' },
        death: { date: { year: 1901, qualifier: 'about', text: 'from the census' }, place: 'Zürich "Altstadt"' },
      });
      await made(`/persons/${dead}/names`, { name_type: 'married', given_name: 'Mary', surname: 'Brown', is_primary: true });
      await made(`/persons/${dead}/names`, { name_type: 'alias', given_name: 'Polly', surname: '' });
      await event(dead, 'baptism', { year: 1850, month: 4, qualifier: 'exact', calendar: 'julian' }, 'Boston');
      await event(dead, 'occupation', { year: 1870, qualifier: 'about' }, 'Boston');
      const baptised = await person({ given_name: 'Jean', surname: 'Valjean', is_living: false });
      await event(baptised, 'baptism', { year: 1750, qualifier: 'between', end_year: 1752, dual_year: true }, 'Paris');
      await event(baptised, 'christening', { qualifier: 'text', text: 'Spring, "late"' });
      await event(baptised, 'burial', { year: 5600, month: 13, qualifier: 'from_to', calendar: 'hebrew', end_year: 5601 }, 'Ørsted');
      await event(baptised, 'cremation', { year: 1800, qualifier: 'after' });
      // Possibly living (no death, born within 100 years), living, and the same made public or private.
      const recent = await person({ given_name: 'Eliza', surname: 'Brown', birth: { date: { year: 1990, qualifier: 'exact' }, place: 'Leeds' } });
      await made(`/persons/${recent}/names`, { given_name: 'Liz', surname: 'Brown', is_primary: false });
      await person({ given_name: 'Living', surname: 'Person', is_living: true });
      await person({ given_name: 'Public', surname: 'Living', is_living: true, privacy: 'public', birth: { date: { year: 1985, qualifier: 'before' }, place: 'Leeds' } });
      await person({ given_name: 'Private', surname: 'Dead', is_living: false, privacy: 'private', death: { date: { year: 1900, qualifier: 'exact' } } });
      await person({ given_name: 'Secret', surname: 'Living', privacy: 'private' });
      await person({ surname: 'Onlysurname', is_living: false, death: { date: { year: 1930, qualifier: 'estimated' } } });
      await person({ given_name: 'Old', surname: 'Unknown-birth', birth: { date: { year: 1700, qualifier: 'calculated' } } });
      const gone = await person({ given_name: 'Deleted', surname: 'Person', is_living: false });
      expect((await call('DELETE', `/persons/${gone}`, owner)).status).to.equal(200);
      for (let i = 0; i < 6; i++) await person({ given_name: `Child ${i}`, surname: 'Smith', is_living: i % 2 === 0 ? false : null });
      // Persons of about 180 kB of JSON each: their page's piece comes across several of the database
      // socket's chunks, and is sent as views of them (adapters/postgres/raw-rows.ts VIEWS_FROM).
      for (const given of ['Long', 'Longer']) await person({ given_name: given, surname: 'Notes', is_living: false, notes: `${given} ${'ë😀'.repeat(30_000)}` });
    });
    after(async () => svc?.close());

    const readers = [
      ['the owner', () => `/trees/${treeId}/persons`, () => owner],
      ['a signed-in non-member', () => `/trees/${treeId}/persons`, () => stranger],
      ['an anonymous reader on /public', () => `/public/trees/${treeId}/persons`, () => undefined],
    ] as const;

    for (const [who, path, token] of readers) {
      it(`streams ${who} the per-row path's list, byte for byte`, async () => {
        // The per-row path: pages of 3 by cursor.
        const paged: unknown[] = [];
        let next: string | null = `${path()}?limit=3`;
        while (next !== null) {
          const res: Response = await fetch(`${svc.baseUrl}/api/v1${next}`, { headers: token() === undefined ? {} : { Authorization: `Bearer ${token()}` } });
          expect(res.status, next).to.equal(200);
          paged.push(...((await res.json()) as unknown[]));
          const cursor = res.headers.get('x-next-cursor');
          next = cursor === null ? null : `${path()}?limit=3&cursor=${encodeURIComponent(cursor)}`;
        }
        statements.length = 0;
        const res = await fetch(`${svc.baseUrl}/api/v1${path()}`, { headers: token() === undefined ? {} : { Authorization: `Bearer ${token()}` } });
        const text = await res.text();
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        expect(res.headers.get('x-next-cursor')).to.equal(null);
        expect(res.headers.get('link')).to.equal(null);
        expect(text).to.equal(JSON.stringify(paged));
        const persons = paged as { display_name: string; redacted: boolean; names?: unknown }[];
        expect(persons.length).to.be.greaterThan(10);
        expect(persons.some((p) => 'names' in p)).to.equal(false);
        expect(persons.map((p) => p.display_name)).to.not.include.members(['Deleted Person']);
        if (token() === owner) expect(persons.map((p) => p.display_name)).to.include.members(['Mary Brown', 'Secret Living', 'Living Person', 'Onlysurname']);
        else {
          expect(persons.map((p) => p.display_name)).to.not.include.members(['Secret Living', 'Private Dead', 'Living Person']);
          expect(persons.filter((p) => p.redacted).length).to.be.greaterThan(0);
          expect(persons.map((p) => p.display_name)).to.include.members(['Mary Brown', 'Public Living', 'Living person']);
        }
        if (store === 'postgres') {
          // From the JSON pages: no person, name or event rows read for it.
          expect(statements.filter((s) => s.includes('persons.listJson')), statements.join('\n')).to.have.length(1);
          expect(statements.filter((s) => /from names |from events /.test(s) && !s.includes('persons.listJson')), statements.join('\n')).to.have.length(0);
        }
      });
    }
  });
}
