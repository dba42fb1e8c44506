import { expect } from 'chai';
import { rawCaller } from '../support/raw-call.js';

// A family planted through the API for the public pages' specs: a public tree with persons shown in
// full, one possibly living (redacted), one private (hidden), one living but published (`public`);
// a private and an unlisted tree. Every withheld person carries marker text that no page may show.

export const DATE = (year: number, month?: number, day?: number) => ({ qualifier: 'exact' as const, year, ...(month === undefined ? {} : { month }), ...(day === undefined ? {} : { day }) });

export type Planted = {
  readonly owner: string;
  readonly publicTree: string;
  readonly privateTree: string;
  readonly unlistedTree: string;
  /** D1 Dan (father of D2 and D4), D2 Dot, D3 Del (D2's partner), D4 Dora, P1 Pat (living, published), L1 (living child of D2), H1 (private child of D2). */
  readonly persons: Readonly<Record<'D1' | 'D2' | 'D3' | 'D4' | 'P1' | 'L1' | 'H1', string>>;
  readonly privatePerson: string;
  readonly unlistedPerson: string;
  readonly marriage: string;
};

/** Text of withheld persons (the living L1, the private H1, the private tree's person): never on any page. */
export const WITHHELD = ['Lenalivingname', 'LIVNOTE', 'Livingtown', 'Hidehal', 'HIDNOTE', 'Hiddenville', 'Privpriv', 'PRIVTREENOTE', 'Secretshire', 'LIVMARRIED'];

export const plantFamily = async (svc: { readonly baseUrl: string }): Promise<Planted> => {
  const call = rawCaller(() => svc.baseUrl);
  const registered = await call('POST', '/auth/register', undefined, { email: `owner-${Math.random().toString(36).slice(2)}@example.org`, password: 'correct horse' });
  if (registered.status !== 201) throw new Error(`setup: register: ${registered.status}`);
  const owner = registered.body.token as string;
  const post = async (path: string, body: unknown): Promise<any> => {
    const r = await call('POST', path, owner, body);
    if (r.status !== 201 && r.status !== 200) throw new Error(`setup: POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const tree = async (name: string, visibility: string, description = ''): Promise<string> => (await post('/trees', { name, visibility, description })).id;
  const publicTree = await tree('The Kin family', 'public', 'Descendants of Dan Kin & his kin, <from> Kent.');
  const privateTree = await tree('Privtreename', 'private');
  const unlistedTree = await tree('Unlistedtreename', 'unlisted');
  const person = async (treeId: string, body: Record<string, unknown>): Promise<string> => (await post(`/trees/${treeId}/persons`, body)).id;
  const dead = (born: number, died: number, place = 'Kent') => ({ birth: { date: DATE(born), place }, death: { date: DATE(died), place } });
  const persons = {
    D1: await person(publicTree, { given_name: 'Dan', surname: 'Kin', sex: 'male', notes: 'Dan farmed at Hop End.\n\nHe <b>married</b> twice.', ...dead(1780, 1850) }),
    D2: await person(publicTree, { given_name: 'Dot', surname: 'Kin', sex: 'female', birth: { date: DATE(1805, 3, 12), place: 'Canterbury' }, death: { date: { qualifier: 'about', year: 1870 }, place: 'Dover' } }),
    D3: await person(publicTree, { given_name: 'Del', surname: 'Abbot', sex: 'male', ...dead(1806, 1880) }),
    D4: await person(publicTree, { given_name: 'Dora', surname: 'Kin', ...dead(1807, 1890) }),
    P1: await person(publicTree, { given_name: 'Pat', surname: 'Zed', privacy: 'public', is_living: true, birth: { date: DATE(1990), place: 'Leeds' } }),
    L1: await person(publicTree, { given_name: 'Lenalivingname', surname: 'Kin', notes: 'LIVNOTE', birth: { date: DATE(1995), place: 'Livingtown' } }),
    H1: await person(publicTree, { given_name: 'Hidehal', surname: 'Kin', privacy: 'private', notes: 'HIDNOTE', ...dead(1810, 1860, 'Hiddenville') }),
  };
  await post(`/persons/${persons.D2}/names`, { name_type: 'married', given_name: 'Dot', surname: 'Abbot' });
  await post(`/persons/${persons.L1}/names`, { name_type: 'married', given_name: 'Lena', surname: 'LIVMARRIED' });
  await post(`/trees/${publicTree}/events`, { type: 'occupation', person_id: persons.D2, detail: 'Weaver', date: DATE(1830), place: 'Canterbury' });
  const edge = async (type: string, a: string, b: string, qualifier?: string): Promise<string> =>
    (await post(`/trees/${publicTree}/relationships`, { type, person_a_id: a, person_b_id: b, ...(qualifier === undefined ? {} : { qualifier }) })).id;
  await edge('parent_child', persons.D1, persons.D2, 'biological');
  await edge('parent_child', persons.D1, persons.D4, 'adoptive');
  const partnership = await edge('partnership', persons.D2, persons.D3);
  await edge('parent_child', persons.D2, persons.L1, 'biological');
  await edge('parent_child', persons.D2, persons.H1, 'biological');
  const marriage = (await post(`/trees/${publicTree}/events`, { type: 'marriage', partnership_id: partnership, date: DATE(1830, 6, 1), place: 'Gretna Green', notes: 'Eloped.' })).id;
  const privatePerson = await person(privateTree, { given_name: 'Privpriv', surname: 'Kin', notes: 'PRIVTREENOTE', ...dead(1700, 1760, 'Secretshire') });
  const unlistedPerson = await person(unlistedTree, { given_name: 'Ulla', surname: 'Unlisted', ...dead(1700, 1760) });
  expect(persons.D1).to.be.a('string');
  return { owner, publicTree, privateTree, unlistedTree, persons, privatePerson, unlistedPerson, marriage };
};

export type Page = { readonly status: number; readonly text: string; readonly headers: Headers };

/** GET a page (outside the API prefix) as a browser would, with extra headers. */
export const getPage = async (svc: { readonly baseUrl: string }, path: string, headers: Record<string, string> = {}): Promise<Page> => {
  const res = await fetch(`${svc.baseUrl}${path}`, { headers: { Accept: 'text/html', ...headers } });
  return { status: res.status, text: await res.text(), headers: res.headers };
};

/**
 * The script elements of a page: each must be a JSON-LD data block (a browser runs none), parsed.
 * Throws on any other script element, so a page with a runnable script fails whoever reads it.
 */
export const jsonLdOf = (html: string): any[] =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].map((m) => {
    if (m[1]!.trim() !== 'type="application/ld+json"') throw new Error(`a runnable script element: <script${m[1]}>`);
    if (/[<>&]/.test(m[2]!)) throw new Error('JSON-LD with a raw <, > or &');
    return JSON.parse(m[2]!);
  });

/** Whether the page holds a script element that is not one JSON-LD data block (what the pages never send). */
export const runnableScripts = (html: string): number =>
  (html.match(/<script\b/gi) ?? []).length - (html.match(/<script type="application\/ld\+json">/g) ?? []).length;
