import { startScratchDatabase } from './harness.js';
import { generateNamesTree } from './names-tree.js';
const s = await startScratchDatabase({ closeOnSignal: true, seed: async (db) => {
  const t = await generateNamesTree(db, { persons: 200000, names: 1000000, seed: 7 });
  await db.query('update persons set has_death_fact = false where has_death_fact is null');
  await db.query('vacuum analyze');
  console.log('TREE', t.tree.treeId);
} });
console.log('URL', s.url);
await new Promise(() => undefined);
