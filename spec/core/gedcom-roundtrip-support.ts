// Shared set-up of the core GEDCOM round-trip specs (issue 28): each runs on both stores, imports a
// file through the real command, exports it, and imports that export into a fresh tree again.
import { expect } from 'chai';
import type { Id } from '../../core/kernel/ids.js';
import type { Storage } from '../../core/stores.js';
import { importGedcom } from '../../core/gedcom/commands/import-gedcom.js';
import { exportGedcom } from '../../core/gedcom/queries/export-gedcom.js';
import { createTree } from '../../core/trees/commands/create-tree.js';
import { memoryStorage } from '../../adapters/memory/storage.js';
import { postgresStorage } from '../support/database.js';
import { cleanupSetup } from './cleanup-support.js';
import { right } from './support.js';

type Fixture = { readonly storage: Storage; readonly close: () => Promise<void> };

/** The two stores every round-trip spec runs on. */
export const gedcomStorages: readonly (readonly [string, () => Promise<Fixture>])[] = [
  ['memory', async () => ({ storage: memoryStorage(), close: async () => undefined })],
  ['postgres', () => postgresStorage()],
];

export const bytesOf = (text: string) => ({ open: async function* () { yield new TextEncoder().encode(text); } });

export type Version = '5.5.1' | '7.0';

/**
 * Registers a fresh store and owner before each spec of the describe it is called in (closed after),
 * and answers what the specs do with them. `tree` is the set-up's own tree (call inside a spec).
 */
export const gedcomRoundTrip = (make: () => Promise<Fixture>) => {
  let fx: Fixture;
  let f: Awaited<ReturnType<typeof cleanupSetup>>;
  beforeEach(async () => {
    fx = await make();
    f = await cleanupSetup(fx.storage);
  });
  afterEach(async () => fx.close());

  const load = (treeId: Id, text: string) => importGedcom(f.deps)(f.owner, treeId, bytesOf(text), { defaultAction: 'new', resolutions: {} });
  const exported = async (treeId: Id, version: Version): Promise<string> => {
    const r = right(await exportGedcom({ storage: fx.storage, clock: f.deps.clock, product: { name: 'Spec', version: '1' } })(f.owner, treeId, version));
    let text = '';
    for await (const part of r.lines) text += part;
    return text;
  };
  const newTree = async (name: string): Promise<Id> => right(await createTree(f.deps)(f.owner, { name })).id;
  /**
   * Exports `treeId` and hands the text to `check` (round 1), then imports it into a new tree and
   * does the same with that tree (round 2); each export is imported once more after its check, with
   * no warnings when `quiet`.
   */
  const rounds = async (treeId: Id, version: Version, check: (text: string, at: string) => void | Promise<void>, quiet = false): Promise<void> => {
    let tree = treeId;
    for (const round of [1, 2]) {
      const text = await exported(tree, version);
      const at = `${version}, round ${round}`;
      await check(text, at);
      const copy = await newTree(`Copy ${version} ${round}`);
      const again = right(await load(copy, text));
      if (quiet) expect(again.warnings, at).to.deep.equal([]);
      tree = copy;
    }
  };
  return {
    get storage(): Storage {
      return fx.storage;
    },
    get setup() {
      return f;
    },
    load, exported, newTree, rounds,
  };
};
