import { expect } from 'chai';
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

  it('allows the same imports outside core and pure libraries inside it', async () => {
    expect(await lint('adapters/http/x.ts', `import Koa from 'koa';\nexport default Koa;\n`)).to.equal(0);
    expect(await lint('core/trees/x.ts', `import * as E from 'fp-ts/lib/Either.js';\nexport default E;\n`)).to.equal(0);
  });
});
