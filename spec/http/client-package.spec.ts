import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { startTestService } from '../support/service.js';

// client/ is a publishable package (issue 30): `npm pack` builds it (prepack) and packs dist/ alone,
// and the README's example type-checks and runs against the packed package, as a consumer installs
// it. The package is copied to a temporary directory and packed there, so client/dist is never
// written and parallel runs never share a build.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = path.join(ROOT, 'client');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** The base URL the README example names; the run swaps it for the test service's. */
const README_BASE_URL = "const baseUrl = 'http://localhost:8080';";

type Run = { readonly code: number; readonly stdout: string; readonly stderr: string };

const run = (command: string, args: readonly string[], cwd: string): Promise<Run> =>
  new Promise((resolve) => {
    execFile(command, args, { cwd, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });

const output = (r: Run): string => `exit ${r.code}\n${r.stdout}\n${r.stderr}`;

/** The bodies of the ```ts blocks of a Markdown text. */
const tsBlocks = (markdown: string): string[] => {
  const blocks: string[] = [];
  let current: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (current === null) {
      if (line.trim() === '```ts') current = [];
    } else if (line.trim() === '```') {
      blocks.push(current.join('\n'));
      current = null;
    } else {
      current.push(line);
    }
  }
  return blocks;
};

/** The lines of the root README's "Typed client" section (its heading up to the next heading as high or higher). */
const readmeSection = (markdown: string, title: string): string => {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => /^#{2,3} /.test(l) && l.includes(title));
  if (start < 0) return '';
  const level = (lines[start] ?? '').indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#{1,6} /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
};

type PackedFile = { readonly path: string };
type Packed = { readonly filename: string; readonly files: readonly PackedFile[] };

describe('client package (client/)', () => {
  let work = '';
  let consumer = '';
  let packed: Packed | undefined;
  let packRun: Run | undefined;

  before(async function () {
    this.timeout(180_000);
    work = await mkdtemp(path.join(tmpdir(), 'genealogy-client-package-'));
    // The repository's node_modules above both the package and its consumer: the build finds tsc
    // (npm puts every ancestor's node_modules/.bin on PATH), both resolve openapi-fetch.
    await symlink(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'junction');
    const pkg = path.join(work, 'client');
    await cp(CLIENT, pkg, {
      recursive: true,
      filter: (source) => !['dist', 'node_modules'].includes(path.relative(CLIENT, source).split(path.sep)[0] ?? ''),
    });
    packRun = await run('npm', ['pack', '--json', '--pack-destination', work], pkg);
    if (packRun.code !== 0) return;
    const answer = JSON.parse(packRun.stdout) as readonly Packed[];
    packed = answer[0];
    if (packed === undefined) return;
    // Installed as npm would: the tarball's package/ under node_modules/@genealogy/client.
    consumer = path.join(work, 'consumer');
    const scope = path.join(consumer, 'node_modules', '@genealogy');
    await mkdir(scope, { recursive: true });
    const untar = await run('tar', ['-xzf', path.join(work, packed.filename), '-C', scope], consumer);
    if (untar.code !== 0) throw new Error(`tar: ${output(untar)}`);
    await rename(path.join(scope, 'package'), path.join(scope, 'client'));
    await writeFile(path.join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`);
  });

  after(async () => {
    if (work !== '') await rm(work, { recursive: true, force: true });
  });

  it('npm pack builds the package and packs dist/ with the schema types, README and package.json, nothing else', () => {
    if (packRun === undefined || packRun.code !== 0 || packed === undefined) {
      expect.fail(`npm pack failed: ${packRun === undefined ? 'not run' : output(packRun)}`);
    }
    expect(packed.files.map((f) => f.path).sort()).to.deep.equal([
      'README.md',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/schema.d.ts',
      'package.json',
    ]);
  });

  it('has the service version, its openapi-fetch, and exports pointing at the built files', async () => {
    const root = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string; engines: unknown; dependencies: Record<string, string>;
    };
    const client = JSON.parse(await readFile(path.join(CLIENT, 'package.json'), 'utf8')) as {
      version: string; type: string; engines: unknown; private?: boolean;
      dependencies: Record<string, string>; exports: Record<string, unknown>; scripts: Record<string, string>;
    };
    expect(client.version).to.equal(root.version);
    expect(client.type).to.equal('module');
    expect(client.private).to.equal(undefined);
    expect(client.engines).to.deep.equal(root.engines);
    expect(client.dependencies).to.deep.equal({ 'openapi-fetch': root.dependencies['openapi-fetch'] });
    expect(client.exports['.']).to.deep.equal({ types: './dist/index.d.ts', import: './dist/index.js' });
    expect(client.exports['./schema']).to.deep.equal({ types: './dist/schema.d.ts' });
    expect(client.scripts['prepack']).to.be.a('string');
  });

  it('type-checks the README examples against the packed package (strict, library types checked too)', async function () {
    this.timeout(120_000);
    if (consumer === '') expect.fail('the package was not packed (see the first test)');
    const own = tsBlocks(await readFile(path.join(CLIENT, 'README.md'), 'utf8'));
    const rootSection = tsBlocks(readmeSection(await readFile(path.join(ROOT, 'README.md'), 'utf8'), 'Typed client'));
    expect(own, 'client/README.md has a ```ts example').to.have.length.greaterThan(0);
    expect(rootSection, 'README.md has a ```ts example under "Typed client"').to.have.length.greaterThan(0);
    const files = [
      ...own.map((code, i) => ({ name: `client-readme-${i}.ts`, code })),
      ...rootSection.map((code, i) => ({ name: `root-readme-${i}.ts`, code })),
    ];
    for (const f of files) {
      expect(f.code, `${f.name} imports the package by its name`).to.include("from '@genealogy/client'");
      await writeFile(path.join(consumer, f.name), `${f.code}\n`);
    }
    // The types-only subpath the README names.
    await writeFile(path.join(consumer, 'schema-subpath.ts'), [
      "import type { components, paths } from '@genealogy/client/schema';",
      "import type { Schemas } from '@genealogy/client';",
      "export const code: components['schemas']['Problem']['code'] = 'name_required';",
      "export const same: Schemas['PersonRead'] | null = null as components['schemas']['PersonRead'] | null;",
      "export const route: keyof paths = '/trees/{id}/persons';",
      '',
    ].join('\n'));
    await writeFile(path.join(consumer, 'tsconfig.json'), `${JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true,
        noUncheckedIndexedAccess: true, noEmit: true, skipLibCheck: false, types: [],
      },
      files: [...files.map((f) => f.name), 'schema-subpath.ts'],
    }, null, 2)}\n`);
    const check = await run(process.execPath, [TSC, '-p', 'tsconfig.json', '--pretty', 'false'], consumer);
    if (check.code !== 0) expect.fail(`the README example does not type-check:\n${output(check)}`);
  });

  it('runs the client README example against the service', async function () {
    this.timeout(120_000);
    if (consumer === '') expect.fail('the package was not packed (see the first test)');
    const [example] = tsBlocks(await readFile(path.join(CLIENT, 'README.md'), 'utf8'));
    expect(example).to.include(README_BASE_URL);
    const svc = await startTestService({ storage: 'memory' });
    try {
      const code = (example ?? '').replace(README_BASE_URL, `const baseUrl = ${JSON.stringify(svc.baseUrl)};`);
      await writeFile(path.join(consumer, 'run-example.ts'), `${code}\n`);
      // Twice: the second run signs in (the account exists) instead of registering.
      for (const round of [1, 2]) {
        const ran = await run(process.execPath, ['--import', 'tsx', 'run-example.ts'], consumer);
        if (ran.code !== 0) expect.fail(`round ${round}: the README example failed:\n${output(ran)}`);
        const lines = ran.stdout.trim().split('\n');
        expect(lines[0], `round ${round}`).to.equal('Ada Lovelace London');
        expect(lines[1], `round ${round}`).to.equal('422 name_required');
        expect(lines.length, `round ${round}: ${ran.stdout}`).to.be.greaterThan(2);
      }
    } finally {
      await svc.close();
    }
  });
});
