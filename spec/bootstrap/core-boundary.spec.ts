import { expect } from 'chai';
import { rm, writeFile } from 'node:fs/promises';
import { ESLint } from 'eslint';

// ARCHITECTURE.md rule 1 holds by rule, not by review: the lint that `npm test` runs rejects a core
// file that imports a framework or an adapter. This proves the rule bites.
describe('core boundary lint rule', () => {
  const eslint = new ESLint();
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
  };

  for (const spec of ['koa', '@koa/router', 'koa-body', '@mikro-orm/core', 'pg', 'minio', 'nodemailer', 'node:http', 'pino', 'yazl', 'yauzl', 'stream-json']) {
    it(`rejects core importing ${spec}`, async () => {
      expect(await lint('core/trees/x.ts', `import x from '${spec}';\nexport default x;\n`)).to.equal(1);
    });
  }

  it('rejects core importing adapters/ or bootstrap/', async () => {
    expect(await lint('core/trees/x.ts', `import { a } from '../../adapters/memory/storage.js';\nexport default a;\n`)).to.equal(1);
    expect(await lint('core/trees/x.ts', `import { b } from '../../bootstrap/config.js';\nexport default b;\n`)).to.equal(1);
  });

  // Rule 13: no file imports itself back. The rule reads the files it follows, so the two halves of
  // the cycle are real files for the moment of the lint.
  it('rejects an import cycle, and only the cycle', async () => {
    const name = `zz-cycle-${process.pid}`;
    const a = `core/shared/${name}-a.ts`;
    const b = `core/shared/${name}-b.ts`;
    const cycles = async (file: string) => ((await eslint.lintFiles([file]))[0]?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle').length;
    try {
      await writeFile(a, `import { b } from './${name}-b.js';\nexport const a = (): number => b() + 1;\n`);
      await writeFile(b, 'export const b = (): number => 0;\n');
      expect(await cycles(a)).to.equal(0);
      await writeFile(b, `import { a } from './${name}-a.js';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`);
      expect(await new ESLint().lintFiles([a]).then((r) => (r[0]?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle').length)).to.equal(1);
    } finally {
      await rm(a, { force: true });
      await rm(b, { force: true });
    }
  });

  it('allows the same imports outside core and pure libraries inside it', async () => {
    expect(await lint('adapters/http/x.ts', `import Koa from 'koa';\nexport default Koa;\n`)).to.equal(0);
    expect(await lint('core/trees/x.ts', `import * as E from 'fp-ts/lib/Either.js';\nexport default E;\n`)).to.equal(0);
  });
});
