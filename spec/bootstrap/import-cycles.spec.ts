import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';

// ARCHITECTURE.md rule 13: no file imports itself back. The graph is read from the sources (every
// `import ... from` and `export ... from` of a relative module) and searched for a cycle; a found one
// is named file by file. Checked today for imports that run; cycles through `import type` alone
// (core/shared/ports.ts and the slices' ports) are issue 13's to untie. No dependency: the lint plugins that do this need native
// resolver bindings the registry here does not carry for every platform.

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

  it('tells type-only imports apart: they are erased, so a cycle through them does not run', async () => {
    const withTypes = await importGraph({ types: true });
    const without = await importGraph({ types: false });
    const shared = path.join('core', 'shared', 'ports.ts');
    expect(withTypes.get(shared)!.length).to.be.greaterThan(without.get(shared)!.length);
  });
});
