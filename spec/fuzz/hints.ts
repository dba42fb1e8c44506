import type { Rng } from './prng.js';
import type { Operation } from './openapi.js';
import { mailedToken, type Account, type World } from './world.js';
import { OBJECT_KEYS } from './hostile.js';

const KINDS = ['person', 'event', 'source', 'relationship', 'citation', 'media', 'name', 'tree', 'user'];

/** The pool a uuid field or path parameter draws from: `person_a_id` -> person, `partnership_id` -> relationship. */
export const kindOfField = (field: string): string | null => {
  if (field.includes('partnership')) return 'relationship';
  if (field.includes('target')) return 'person';
  return KINDS.find((k) => field.includes(k)) ?? null;
};

/** The kind of a path parameter: `{id}` after `/trees/` is a tree; `{name_id}` a name. */
export const kindOfParam = (path: string, param: string): string | null => {
  if (param === 'pid') return 'proposal';
  if (param !== 'id') return kindOfField(param);
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const before = segments[at - 1] ?? '';
  return before === 'media' ? 'media' : before.replace(/s$/, '');
};

export const pickId = (rng: Rng, w: World, kind: string | null): string | undefined => {
  if (kind === 'tree' && rng.chance(0.7)) return w.mainTree;
  const pool = w.ids.get(kind ?? '') ?? [...w.ids.values()].flat();
  // Recent ids (this seed's) more often than old ones.
  if (pool.length === 0) return undefined;
  return rng.chance(0.6) ? pool[Math.max(0, pool.length - 1 - rng.int(0, 15))] : rng.pick(pool);
};

export const everyAccount = (w: World): Account[] => [...Object.values(w.accounts), ...w.spare];

/** Values that fit a field of `op`, called by `caller` with these path ids. */
export const fieldHints = (rng: Rng, w: World, op: Operation, caller: Account | null, pathIds: Readonly<Record<string, string>>) => (field: string): readonly unknown[] => {
  const id = op.operationId.toLowerCase();
  if (field === 'email') {
    if (id.includes('register')) return [`new.${rng.int(0, 1e9)}@example.com`];
    if (id.includes('member')) return w.spare.slice(0, 2).map((a) => a.email).concat(Object.values(w.accounts).map((a) => a.email));
    // Never the caller's own: the run keeps its accounts (and their trees) to the end, so deleting
    // an account stops at the email check (422); the deletion itself is spec/http/delete-account.spec.ts's.
    if (id === 'deleteme') return everyAccount(w).filter((a) => a.email !== caller?.email).map((a) => a.email);
    return everyAccount(w).map((a) => a.email);
  }
  if (field === 'password') return everyAccount(w).map((a) => a.password);
  if (field === 'current_password') return caller ? [caller.password] : [];
  if (field === 'token') {
    const to = id.includes('verif') ? w.spare[3] : id.includes('reset') ? w.spare[2] : undefined;
    const t = to ? mailedToken(w, to.email) : null;
    return t === null ? [] : [t];
  }
  if (field === 'name' && id.includes('purge')) return [w.treeNames.get(pathIds['id'] ?? '') ?? 'x'];
  if (field === 'resolutions') return [JSON.stringify({ '@I1@': { action: rng.pick(['new', 'skip', 'merge', 'overwrite']), target_id: pickId(rng, w, 'person') } }), '{}'];
  if (field === 'q') return ['Ada', 'Fuzz', 'ada fuzz', 'Gus'];
  // A provider the service has (the main tree's), or none.
  if ((field === 'ai_member_provider' || field === 'ai_recommender_provider') && w.aiProvider !== null) return [w.aiProvider, w.aiProvider, null];
  // A proposal's operations: refs named like members of Object.prototype, ids that are those refs.
  if (id.includes('proposal') && field === 'ref') return OBJECT_KEYS;
  if (id.includes('proposal') && field === 'id' && rng.chance(0.4)) return OBJECT_KEYS.map((k) => `$${k}`);
  if (field === 'ids') return [Array.from({ length: rng.int(1, 5) }, () => pickId(rng, w, 'person')).join(',')];
  if (field === 'cursor') return w.cursors.length > 0 ? [rng.pick(w.cursors)] : [];
  // Duplicates and merge: two persons of the world (often of the main tree), the pair a dismissal or a merge names.
  if (field === 'person_ids') return [[pickId(rng, w, 'person'), pickId(rng, w, 'person')].filter((x) => x !== undefined)];
  if (field === 'other_id') {
    const v = pickId(rng, w, 'person');
    return v === undefined ? [] : [v];
  }
  if (field.endsWith('_id') || field === 'id') {
    const v = pickId(rng, w, kindOfField(field));
    return v === undefined ? [] : [v];
  }
  return [];
};
