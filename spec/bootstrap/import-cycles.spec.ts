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

const inCore = (f: string, dir: string): boolean => f.startsWith(`core${path.sep}${dir}${path.sep}`);
const parts = (f: string): string[] => f.split(path.sep);
const isSliceModel = (f: string): boolean => {
  const [root, slice, file, more] = parts(f);
  return root === 'core' && more === undefined && slice !== 'shared' && slice !== 'privacy' && (file === 'model.ts' || file === 'ports.ts');
};
const isHandler = (f: string): boolean => parts(f)[0] === 'core' && (parts(f).includes('commands') || parts(f).includes('queries'));

/**
 * The imports in core that go against `core/shared` <- each slice's model.ts and ports.ts <- core/privacy
 * <- commands and queries, as "from -> to". The models and ports, with the slice files they are built
 * from, import nothing of privacy, no command or query, and no core/shared file that leads to a slice
 * (the Stores record and the helpers over it sit above the ports they gather). core/shared imports
 * only core/shared and those models and ports; core/privacy those and core/privacy.
 */
export const directionBreaks = (graph: Graph): string[] => {
  const base = new Map<string, boolean>();
  const sharedBase = (f: string): boolean => {
    if (!inCore(f, 'shared')) return false;
    if (!base.has(f)) {
      base.set(f, true); // provisional, so a cycle inside core/shared ends (findCycle reports it)
      base.set(f, (graph.get(f) ?? []).every(sharedBase));
    }
    return base.get(f)!;
  };
  const models = new Set<string>();
  const todo = [...graph.keys()].filter(isSliceModel);
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (models.has(f) || parts(f)[0] !== 'core' || inCore(f, 'shared') || inCore(f, 'privacy') || isHandler(f)) continue;
    models.add(f);
    todo.push(...(graph.get(f) ?? []));
  }
  const below = (t: string): boolean => models.has(t) || inCore(t, 'shared');
  const allowed = (from: string, t: string): boolean =>
    models.has(from) ? models.has(t) || sharedBase(t)
    : inCore(from, 'shared') ? below(t)
    : inCore(from, 'privacy') ? below(t) || inCore(t, 'privacy')
    : true;
  return [...graph].flatMap(([from, targets]) => targets.filter((t) => !allowed(from, t)).map((t) => `${from} -> ${t}`));
};

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
    const graph = new Map([
      [p('shared', 'ids.ts'), []],
      [p('shared', 'ports.ts'), [p('people', 'ports.ts')]],
      [p('people', 'model.ts'), [p('shared', 'ids.ts')]],
      [p('people', 'ports.ts'), [p('people', 'model.ts'), p('people', 'date.ts')]],
      [p('people', 'date.ts'), [p('shared', 'ids.ts')]],
      [p('privacy', 'engine.ts'), [p('people', 'model.ts'), p('people', 'queries', 'get-person.ts')]],
      [p('people', 'queries', 'get-person.ts'), [p('privacy', 'engine.ts'), p('shared', 'ports.ts')]],
    ]);
    expect(directionBreaks(graph)).to.deep.equal([`${p('privacy', 'engine.ts')} -> ${p('people', 'queries', 'get-person.ts')}`]);
    graph.set(p('people', 'model.ts'), [p('shared', 'editable.ts'), p('privacy', 'engine.ts')]);
    graph.set(p('shared', 'editable.ts'), [p('shared', 'ports.ts')]);
    expect(directionBreaks(graph)).to.include.members([
      `${p('people', 'model.ts')} -> ${p('shared', 'editable.ts')}`,
      `${p('people', 'model.ts')} -> ${p('privacy', 'engine.ts')}`,
    ]);
  });

  it('core imports go shared <- models and ports <- privacy <- commands and queries, counting `import type`', async () => {
    expect(directionBreaks(await importGraph({ types: true }))).to.deep.equal([]);
  });

  it('tells type-only imports apart: the run-time graph leaves them out', async () => {
    const withTypes = await importGraph({ types: true });
    const without = await importGraph({ types: false });
    const shared = path.join('core', 'shared', 'ports.ts');
    expect(withTypes.get(shared)!.length).to.be.greaterThan(without.get(shared)!.length);
  });
});
