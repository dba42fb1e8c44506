import { expect } from 'chai';
import type { Actor } from '../../core/kernel/actor.js';
import { memberAudience, nonMemberAt } from '../../core/kernel/audience.js';
import { calendars, dateQualifiers, type GenealogicalDate } from '../../core/kernel/date.js';
import { E } from '../../core/kernel/either.js';
import { newId, type Id } from '../../core/kernel/ids.js';
import { nameTypes, type EventType, type Person } from '../../core/people/model.js';
import { jsonText, piecesText } from '../support/json-text.js';
import { personsJson, type PersonsJsonInput } from '../../core/people/queries/pick-persons-json.js';
import { listPersons } from '../../core/people/queries/list-persons.js';
import type { Surface } from '../../core/privacy/reader.js';
import type { Storage } from '../../core/stores.js';
import { personWire } from '../../adapters/http/wire-records.js';
import { aMembership, aName, anEvent, aPerson, at, givenTree, givenUsers, withStorage, type MakeStorage } from './fixtures.js';

// PersonRepository.listJson against the per-row path it replaces for whole lists: the core query
// listPersons (the engine's decisions, personViews) written by the route's personWire, page after
// page, for a member, a signed-in non-member and an anonymous reader, over persons with every kind of
// value the wire shows (names around every blank JavaScript's trim drops, every qualifier, calendar,
// dual year and phrase of a date, identifiers, control characters), living, dead, private and public.

const NOW = at('2026-06-01T12:00:00.000Z');
const BLANKS = [' ', '\t', '\n', '\u000b', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
const vitalTypes: readonly EventType[] = ['birth', 'baptism', 'christening', 'death', 'burial', 'cremation', 'occupation'];

/** A seeded generator (mulberry32), so a failure names a reproducible tree. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

const aDate = (r: () => number): GenealogicalDate | null => {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  if (r() < 0.1) return null;
  const qualifier = pick(dateQualifiers);
  const phrase = pick(['', '', 'from the census', ` ${pick(BLANKS)}a "phrase" \\ (x)${pick(BLANKS)}`, pick(BLANKS)]);
  if (qualifier === 'text') return { qualifier, text: pick(['', 'Spring "1850"', ` around ${pick(BLANKS)}then `, 'x\u0001y']) };
  const calendar = r() < 0.5 ? undefined : pick(calendars);
  const months = calendar === 'hebrew' || calendar === 'french_r' ? 13 : 12;
  const year = 1 + Math.floor(r() * 9998);
  const month = r() < 0.3 ? undefined : 1 + Math.floor(r() * months);
  const day = month === undefined || r() < 0.4 ? undefined : 1 + Math.floor(r() * 28);
  const ranged = qualifier === 'between' || (qualifier === 'from_to' && r() < 0.7);
  const endMonth = ranged && r() < 0.6 ? 1 + Math.floor(r() * months) : undefined;
  return {
    qualifier,
    ...(calendar === undefined ? {} : { calendar }),
    ...(calendar === undefined && r() < 0.2 ? { dualYear: true } : {}),
    year,
    ...(month === undefined ? {} : { month }),
    ...(day === undefined ? {} : { day }),
    ...(ranged ? { endYear: Math.min(9999, year + Math.floor(r() * 5)) } : {}),
    ...(endMonth === undefined ? {} : { endMonth, ...(r() < 0.5 ? { endDay: 1 + Math.floor(r() * 28) } : {}) }),
    ...(phrase === '' ? {} : { text: phrase }),
  };
};

/** A tree of `n` persons with names, vital events and places, some deleted, beside another tree. */
export const givenMixedTree = async (s: Storage, n: number, seed: number): Promise<{ treeId: Id; owner: Id; stranger: Id }> => {
  const r = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  // The names' other fields from a generator of their own, so the rest of the tree is as it was before them.
  const r2 = seeded(seed + 1);
  const pick2 = <T>(xs: readonly T[]): T => xs[Math.floor(r2() * xs.length)]!;
  const [owner, stranger] = await givenUsers(s, 2);
  const tree = await givenTree(s, { visibility: 'public' });
  const other = await givenTree(s, { visibility: 'public' });
  await s.memberships.insert(aMembership(tree.id, owner!.id, 'owner'));
  const places = [];
  for (const name of ['Boston', 'Zürich "Altstadt"', 'a\\b\u0007c', 'Ørsted\u2028Street']) places.push(await s.places.ensure(tree.id, name, newId()));
  const prior: Id[] = [];
  for (let i = 0; i < n; i++) {
    const treeId = i % 17 === 16 ? other.id : tree.id;
    const stamp = at(new Date(Date.UTC(2025, 0, 1, 0, 0, 0, Math.floor(r() * 3e10))).toISOString());
    const p: Person = aPerson(treeId, {
      sex: pick(['male', 'female', null] as const),
      isLiving: pick([true, false, null, null] as const),
      privacy: pick(['default', 'default', 'default', 'public', 'private'] as const),
      birthYear: pick([null, 1850, 1950, 2001, NOW.getUTCFullYear() - 100, NOW.getUTCFullYear() - 101]),
      hasDeathFact: r() < 0.3,
      notes: pick(['', 'plain', 'ctl \u0001\u001f tab\t nl\n "q" \\ / \u2028 😀', ' Ünïcode ']),
      identifiers: r() < 0.3 ? [{ kind: 'refn', value: `R-${i} "q" \\`, type: pick(['Ancestry ID', null]) }, { kind: 'uid', value: `U${i}`, type: null }] : [],
      mergedInto: r() < 0.05 && prior.length > 0 ? pick(prior) : null,
      createdAt: stamp,
      updatedAt: at(new Date(stamp.getTime() + Math.floor(r() * 1e9)).toISOString()),
      deletedAt: r() < 0.05 ? stamp : null,
      deletionId: null,
    });
    await s.persons.insert(p);
    prior.push(p.id);
    const names = r() < 0.1 ? 0 : 1 + Math.floor(r() * 3);
    for (let k = 0; k < names; k++) {
      const blank = () => (r() < 0.3 ? pick(BLANKS) : '');
      await s.names.insert(aName(p, {
        givenName: pick(['', `${blank()}Anna${blank()}`, 'Jean-Luc', '名']),
        surname: pick(['', `Smith${blank()}`, `${blank()}O'Brien`, '"Q"']),
        isPrimary: r() < 0.4,
        deletedAt: r() < 0.1 ? stamp : null,
        nameType: pick2(nameTypes),
        prefix: pick2(['', '', 'Dr.', 'Sir "the" \\']),
        suffix: pick2(['', '', 'Jr.', 'III\u0001']),
        surnamePrefix: pick2(['', '', 'van', 'de la']),
        notes: pick2(['', '', 'a note\nwith "lines"', ' \u2028 ']),
      }));
    }
    const events = Math.floor(r() * 5);
    for (let k = 0; k < events; k++) {
      await s.events.insert(anEvent(treeId, { personId: p.id }, {
        type: pick(vitalTypes),
        date: aDate(r),
        placeId: treeId === tree.id && r() < 0.6 ? pick(places).id : null,
        deletedAt: r() < 0.1 ? stamp : null,
      }));
    }
  }
  return { treeId: tree.id, owner: owner!.id, stranger: stranger!.id };
};

const user = (userId: Id): Actor => ({ kind: 'user', userId, email: `${userId}@example.org`, emailVerified: true, sessionId: newId(), clientAddress: '127.0.0.1' });

export const personListJsonContract = (name: string, make: MakeStorage): Mocha.Suite =>
  describe(`PersonRepository.listJson contract: the per-row path's list as text (${name})`, function () {
    this.timeout(60_000);
    const storage = withStorage(make);

    /** The per-row path's pages (core listPersons, then personWire), as listJson is to answer them. */
    const perRow = async (actor: Actor, surface: Surface, treeId: Id, limit: number) => {
      const pages: { json: string; count: number; lastId: Id | null }[] = [];
      let after: Id | undefined;
      for (;;) {
        const page = await listPersons({ storage: storage(), clock: { now: () => NOW }, searchThreshold: 0.2 })(actor, treeId, { limit, ...(after === undefined ? {} : { after }) }, surface);
        if (E.isLeft(page)) throw new Error(page.left._tag);
        pages.push({ json: page.right.views.map((v) => JSON.stringify(personWire(v))).join(','), count: page.right.views.length, lastId: page.right.lastId });
        if (page.right.lastId === null) return pages;
        after = page.right.lastId;
      }
    };
    const asText = async (treeId: Id, member: boolean, limit: number) => {
      const pages: { json: string; count: number; lastId: Id | null; ahead: Id | null }[] = [];
      let after: Id | undefined;
      for (;;) {
        const page = await storage().persons.listJson(treeId, { limit, audience: member ? memberAudience : nonMemberAt(NOW), ...(after === undefined ? {} : { after }) });
        pages.push({ json: piecesText(page.json), count: page.count, lastId: page.lastId, ahead: page.ahead });
        if (page.lastId === null) return pages;
        after = page.lastId;
      }
    };

    it('answers every page as the per-row path writes it, for a member, a signed-in non-member and an anonymous reader', async () => {
      const t = await givenMixedTree(storage(), 160, 27);
      const readers: readonly [string, Actor, Surface, boolean][] = [
        ['owner', user(t.owner), 'members', true],
        ['signed-in non-member', user(t.stranger), 'members', false],
        ['anonymous', { kind: 'anonymous', clientAddress: '127.0.0.1' }, 'public', false],
      ];
      for (const [who, actor, surface, member] of readers) {
        for (const limit of [1, 7, 1000]) {
          // `ahead`: the next page's last person when both are full.
          const expected = (await perRow(actor, surface, t.treeId, limit)).map((p, i, all) => ({ ...p, ahead: p.lastId === null ? null : (all[i + 1]?.lastId ?? null) }));
          const got = await asText(t.treeId, member, limit);
          expect(got.length, `${who}, pages of ${limit}`).to.equal(expected.length);
          got.forEach((g, i) => expect(g, `${who}, page ${i} of ${limit}`).to.deep.equal(expected[i]));
        }
        const text = (await asText(t.treeId, member, 1000)).map((p) => p.json).join(',');
        // Not vacuous: the tree has what each part of the wire shape writes.
        if (member)
          for (const part of ['"date_display":"INT ', '@#DFRENCH R@', '@#DHEBREW@ ', '"dual_year":true', '"date_display":"(', '"identifiers":[{"kind"', '\\u0001', '"display_name":"Unknown"', '"place":"Ørsted', ' TO ', '"merged_into":"'])
            expect(text, part).to.include(part);
        const whole = JSON.parse(`[${text}]`) as { redacted: boolean }[];
        expect(whole.length, who).to.be.greaterThan(100);
        if (!member) expect(whole.some((p) => p.redacted), who).to.equal(true);
      }
    });

    it('pickJson: answers a search\'s pages and a batch as the per-row path writes them, in their order, for every reader', async () => {
      const t = await givenMixedTree(storage(), 160, 31);
      const deps = { storage: storage(), clock: { now: () => NOW }, searchThreshold: 0.2 };
      const readers: readonly [string, Actor, Surface][] = [
        ['owner', user(t.owner), 'members'],
        ['signed-in non-member', user(t.stranger), 'members'],
        ['anonymous', { kind: 'anonymous', clientAddress: '127.0.0.1' }, 'public'],
      ];
      const both = async (actor: Actor, surface: Surface, input: PersonsJsonInput) => {
        const rows = await listPersons(deps)(actor, t.treeId, input, surface);
        const text = await personsJson(deps)(actor, t.treeId, input, surface);
        if (E.isLeft(rows) || E.isLeft(text)) throw new Error('a reader of a public tree was refused');
        return { perRow: { json: rows.right.views.map((v) => JSON.stringify(personWire(v))).join(','), lastId: rows.right.lastId }, text: { ...text.right, json: jsonText(text.right.json) } };
      };
      let found = 0;
      let named = 0;
      for (const [who, actor, surface] of readers) {
        for (const q of ['Smith', 'anna', "o'brien smith", 'Jean-Luc', '名', 'zzzz']) {
          for (const limit of [1, 7, 20]) {
            let after: Id | undefined;
            for (let page = 0; page < 200; page++) {
              const { perRow, text } = await both(actor, surface, { q, limit, ...(after === undefined ? {} : { after }) });
              expect(text, `${who}, q=${q}, limit ${limit}, page ${page}`).to.deep.equal(perRow);
              found += perRow.json === '' ? 0 : (JSON.parse(`[${perRow.json}]`) as unknown[]).length;
              if (perRow.json.includes('"names":[{')) named++;
              if (perRow.lastId === null) break;
              after = perRow.lastId;
            }
          }
        }
        // A batch: every person of the tree, one of another tree, unknown ids, a repeated one; by id.
        const everyone = (await storage().persons.listByTree(t.treeId, { deleted: false })).map((p) => p.id);
        const ids = [...everyone, newId(), everyone[0]!, ...(await storage().persons.listByTree(t.treeId, { deleted: true })).map((p) => p.id)];
        const { perRow, text } = await both(actor, surface, { ids });
        expect(text, `${who}, batch`).to.deep.equal({ ...perRow, lastId: null });
        // In the order asked for, each once.
        const audience = surface === 'members' && who === 'owner' ? memberAudience : nonMemberAt(NOW);
        const reversed = JSON.parse(`[${await storage().persons.pickJson(t.treeId, [...ids].reverse(), audience)}]`) as { id: Id }[];
        const inOrder = JSON.parse(`[${perRow.json}]`) as { id: Id }[];
        const shown = new Set(inOrder.map((p) => p.id));
        expect(reversed.map((p) => p.id), `${who}, reversed`).to.deep.equal([...new Set([...ids].reverse())].filter((id) => shown.has(id)));
        expect(reversed.length, who).to.be.greaterThan(50);
      }
      // Not vacuous: searches found persons, with their names.
      expect(found).to.be.greaterThan(100);
      expect(named).to.be.greaterThan(10);
      expect(await storage().persons.pickJson(t.treeId, [], memberAudience)).to.equal('');
      expect(await storage().persons.pickJson(newId(), [t.owner], memberAudience)).to.equal('');
    });

    it('answers nothing for an unknown tree, after the last person, and for a tree of hidden persons only', async () => {
      const s = storage();
      const tree = await givenTree(s, { visibility: 'public' });
      const hidden = aPerson(tree.id, { privacy: 'private' });
      await s.persons.insert(hidden);
      const none = { json: [], count: 0, lastId: null, ahead: null };
      expect(await s.persons.listJson(newId(), { limit: 10, audience: memberAudience })).to.deep.equal(none);
      expect(await s.persons.listJson(tree.id, { limit: 10, after: hidden.id, audience: memberAudience })).to.deep.equal(none);
      expect(await s.persons.listJson(tree.id, { limit: 10, audience: nonMemberAt(NOW) })).to.deep.equal(none);
      expect((await s.persons.listJson(tree.id, { limit: 1, audience: memberAudience })).lastId).to.equal(hidden.id);
    });
  });
