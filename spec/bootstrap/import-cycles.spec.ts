import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';

// ARCHITECTURE.md rule 13, the lint rule of `npm test` (mocha runs it): no file imports itself back,
// and core's slices depend in one direction. The graph is read from the sources (every `import ...
// from` and `export ... from` of a relative module) and searched for a cycle, once for the imports
// that run and once counting `import type` too (a type cycle ties two slices as tightly as a runtime
// one); a found cycle is named file by file. No dependency: eslint-plugin-import-x's no-cycle resolves
// modules through native bindings the registry here does not carry, and a graph of
// relative imports needs no resolver.

type Graph = ReadonlyMap<string, readonly string[]>;

const ROOTS = ['core', 'adapters', 'bootstrap'];
// `from '<spec>'` of a static import or re-export; the spec holds no quote, so the class cannot backtrack.
const FROM = /\bfrom\s+'(\.[^']*)'/g;

const filesUnder = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
};

/** Whether the statement that ends in the `from` at `at` is `import type` / `export type` (erased when compiled). */
const typeOnly = (text: string, at: number): boolean => {
  const start = Math.max(text.lastIndexOf('import ', at), text.lastIndexOf('export ', at));
  return start >= 0 && text.startsWith('type ', start + 'import '.length);
};

const importGraph = async (o: { readonly types: boolean }): Promise<Graph> => {
  const files = (await Promise.all(ROOTS.map(filesUnder))).flat();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const targets = [...text.matchAll(FROM)]
      .filter((m) => o.types || !typeOnly(text, m.index))
      .map((m) => path.join(path.dirname(file), m[1]!).replace(/\.js$/, '.ts'))
      .filter((t) => known.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
};

/** One cycle of the graph as the files along it (first = last), or null when there is none. */
export const findCycle = (graph: Graph): string[] | null => {
  const state = new Map<string, 'open' | 'done'>();
  for (const start of graph.keys()) {
    if (state.has(start)) continue;
    // Depth first with an explicit stack: the path is the chain of open files.
    const stack: { readonly node: string; next: number }[] = [{ node: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.next >= edges.length) {
        state.set(top.node, 'done');
        stack.pop();
        continue;
      }
      const to = edges[top.next++]!;
      if (state.get(to) === 'open') {
        const from = stack.findIndex((f) => f.node === to);
        return [...stack.slice(from).map((f) => f.node), to];
      }
      if (!state.has(to)) {
        state.set(to, 'open');
        stack.push({ node: to, next: 0 });
      }
    }
  }
  return null;
};

const parts = (f: string): string[] => f.split(path.sep);

/**
 * The slices from the bottom up: a slice imports only slices below it. `privacy` sits lowest because
 * every slice's handlers read through it; it alone may look up, and only at the models it reads.
 */
export const SLICE_ORDER = [
  'privacy', 'identity', 'trees', 'people', 'sources', 'media', 'duplicates', 'gedcom', 'cleanup', 'merge', 'charts',
  'proposals', 'history', 'kinship', 'ai', 'accounts', 'audit', 'admin',
] as const;

/** 'kernel', 'stores' (core/stores.ts and core/deps.ts: the record of all stores and what handlers take), or the file's slice. */
const floorOf = (f: string): string | null => {
  const [root, second, third] = parts(f);
  if (root !== 'core' || second === undefined) return null;
  if (second === 'kernel') return 'kernel';
  if (third === undefined) return 'stores';
  return second;
};
const isHandler = (f: string): boolean => parts(f)[0] === 'core' && (parts(f).includes('commands') || parts(f).includes('queries'));
const isModelOrPorts = (f: string): boolean => {
  const [root, , file, more] = parts(f);
  return root === 'core' && more === undefined && (file === 'model.ts' || file === 'ports.ts');
};

/**
 * ARCHITECTURE.md rule 13 as "from -> to" breaks: the kernel imports only the kernel; a slice's base
 * (its model.ts, ports.ts and every non-handler file of it that imports only the kernel, core/stores.ts
 * and other bases) holds its model and ports, which must be base; core/stores.ts and core/deps.ts stand
 * on the kernel and the bases; core/privacy on those and itself; every other import between slices goes
 * down SLICE_ORDER, except that privacy may read the bases above it (the models it reads).
 */
export const directionBreaks = (graph: Graph): string[] => {
  const rank = new Map<string, number>(SLICE_ORDER.map((s, i) => [s, i]));
  const base = new Map<string, boolean>();
  const isBase = (f: string): boolean => {
    const floor = floorOf(f);
    if (floor === 'kernel' || floor === 'stores') return true;
    if (floor === null || floor === 'privacy' || isHandler(f)) return false;
    if (!base.has(f)) {
      base.set(f, true); // provisional, so a cycle ends (findCycle reports it)
      base.set(f, (graph.get(f) ?? []).every(isBase));
    }
    return base.get(f)!;
  };
  const allowed = (from: string, to: string): boolean => {
    const a = floorOf(from);
    const b = floorOf(to);
    if (a === null || b === null) return true;
    if (a === 'kernel') return b === 'kernel';
    if (a === 'stores') return b !== 'privacy' && isBase(to);
    if (isModelOrPorts(from) && !isBase(to)) return false;
    if (b === 'kernel' || b === 'stores' || a === b) return true;
    if (a === 'privacy') return isBase(to);
    if (b === 'privacy') return !isModelOrPorts(from);
    const ra = rank.get(a);
    const rb = rank.get(b);
    return ra !== undefined && rb !== undefined && rb < ra;
  };
  return [...graph].flatMap(([from, targets]) => targets.filter((t) => !allowed(from, t)).map((t) => `${from} -> ${t}`));
};

/** Slices of core that SLICE_ORDER does not place (a new slice must be given its floor). */
const unplaced = async (): Promise<string[]> =>
  (await readdir('core', { withFileTypes: true }))
    .filter((e) => e.isDirectory() && e.name !== 'kernel' && !(SLICE_ORDER as readonly string[]).includes(e.name))
    .map((e) => e.name);

describe('import cycles (ARCHITECTURE.md rule 13)', () => {
  it('finds a cycle when there is one, and none in a tree of imports', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).to.deep.equal(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).to.equal(null);
    expect(findCycle(new Map([['a', ['a']]]))).to.deep.equal(['a', 'a']);
  });

  it('reads the imports of the sources', async () => {
    const graph = await importGraph({ types: true });
    expect(graph.get(path.join('core', 'accounts', 'commands', 'import-account.ts'))).to.include(path.join('core', 'accounts', 'tree-restore.ts'));
    expect(graph.size).to.be.greaterThan(200);
  });

  it('core, adapters and bootstrap have no file that imports itself back at run time', async () => {
    const cycle = findCycle(await importGraph({ types: false }));
    expect(cycle, cycle === null ? '' : `import cycle: ${cycle.join(' -> ')}`).to.equal(null);
  });

  it('nor through `import type`', async () => {
    const cycle = findCycle(await importGraph({ types: true }));
    expect(cycle, cycle === null ? '' : `import cycle (types counted): ${cycle.join(' -> ')}`).to.equal(null);
  });

  it('finds an import against the direction of the slices', () => {
    const p = (...segments: string[]): string => path.join('core', ...segments);
    const graph = new Map<string, string[]>([
      [p('kernel', 'ids.ts'), []],
      [p('stores.ts'), [p('people', 'ports.ts'), p('trees', 'ports.ts')]],
      [p('trees', 'model.ts'), [p('kernel', 'ids.ts')]],
      [p('trees', 'ports.ts'), [p('trees', 'model.ts')]],
      [p('trees', 'access.ts'), [p('stores.ts'), p('trees', 'model.ts')]],
      [p('people', 'model.ts'), [p('kernel', 'ids.ts')]],
      [p('people', 'ports.ts'), [p('people', 'model.ts'), p('people', 'date.ts'), p('trees', 'model.ts')]],
      [p('people', 'date.ts'), [p('kernel', 'ids.ts')]],
      [p('privacy', 'engine.ts'), [p('people', 'model.ts'), p('trees', 'access.ts')]],
      [p('people', 'queries', 'get-person.ts'), [p('privacy', 'engine.ts'), p('stores.ts'), p('trees', 'access.ts')]],
      [p('merge', 'commands', 'merge.ts'), [p('people', 'model.ts'), p('privacy', 'engine.ts')]],
    ]);
    expect(directionBreaks(graph)).to.deep.equal([]);
    const bites: [string, string][] = [
      [p('kernel', 'ids.ts'), p('people', 'model.ts')], // the kernel knows no slice
      [p('kernel', 'ids.ts'), p('stores.ts')],
      [p('privacy', 'engine.ts'), p('people', 'queries', 'get-person.ts')], // privacy reads models, not handlers
      [p('people', 'model.ts'), p('privacy', 'engine.ts')], // a model stands below privacy
      [p('people', 'ports.ts'), p('people', 'queries', 'get-person.ts')],
      [p('trees', 'access.ts'), p('people', 'model.ts')], // up the order, even between bases
      [p('people', 'queries', 'get-person.ts'), p('merge', 'commands', 'merge.ts')], // a handler up the order
      [p('stores.ts'), p('privacy', 'engine.ts')],
    ];
    for (const [from, to] of bites) {
      const mutated = new Map(graph);
      mutated.set(from, [...(graph.get(from) ?? []), to]);
      expect(directionBreaks(mutated), `${from} -> ${to}`).to.include(`${from} -> ${to}`);
    }
  });

  it('core imports go kernel <- models and ports <- stores, privacy <- handlers, and down the slices, counting `import type`', async () => {
    expect(await unplaced()).to.deep.equal([]);
    expect(directionBreaks(await importGraph({ types: true }))).to.deep.equal([]);
  });

  it('bites on the real graph: one import up the order, or from the kernel into a slice, is a break', async () => {
    const graph = await importGraph({ types: true });
    const p = (...segments: string[]): string => path.join('core', ...segments);
    for (const [from, to] of [
      [p('kernel', 'errors.ts'), p('people', 'model.ts')],
      [p('people', 'references.ts'), p('merge', 'model.ts')],
      [p('people', 'model.ts'), p('media', 'model.ts')],
      [p('trees', 'commands', 'purge-tree.ts'), p('media', 'commands', 'remove-queued-blobs.ts')],
    ] as const) {
      expect(graph.has(from) && graph.has(to), `${from}, ${to} exist`).to.equal(true);
      const mutated = new Map(graph);
      mutated.set(from, [...graph.get(from)!, to]);
      expect(directionBreaks(mutated)).to.deep.equal([`${from} -> ${to}`]);
    }
  });

  it('tells type-only imports apart: the run-time graph leaves them out', async () => {
    const withTypes = await importGraph({ types: true });
    const without = await importGraph({ types: false });
    const shared = path.join('core', 'stores.ts');
    expect(withTypes.get(shared)!.length).to.be.greaterThan(without.get(shared)!.length);
  });
});
