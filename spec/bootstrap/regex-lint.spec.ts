import { expect } from 'chai';
import { ESLint } from 'eslint';

// Regex safety holds by rule, not by review (issue 9): the lint that `npm test` runs rejects a
// pattern that backtracks or moves super-linearly, in any file. This proves the rules bite with the
// project's own configuration.
describe('regex safety lint rules', () => {
  const eslint = new ESLint();
  const SUPER_LINEAR = ['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move'];
  const lint = async (filePath: string, code: string): Promise<{ superLinear: string[]; errors: number }> => {
    const [result] = await eslint.lintText(code, { filePath });
    const messages = result?.messages ?? [];
    return {
      superLinear: messages.map((m) => m.ruleId ?? '').filter((id) => SUPER_LINEAR.includes(id)),
      errors: messages.filter((m) => m.severity === 2).length,
    };
  };
  const fn = (body: string): string => `export const f = (s: string): unknown => ${body};\n`;

  it('rejects nested quantifiers (exponential backtracking)', async () => {
    expect((await lint('core/people/x.ts', fn(`/^(a+)+$/.test(s)`))).superLinear).to.include('regexp/no-super-linear-backtracking');
  });

  it('rejects adjacent quantifiers that trade characters (the former email pattern)', async () => {
    expect((await lint('core/identity/x.ts', fn(`/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(s)`))).superLinear)
      .to.include('regexp/no-super-linear-backtracking');
    expect((await lint('adapters/http/x.ts', fn(`/^bytes=\\s*(\\d*)\\s*-\\s*(\\d*)\\s*$/.exec(s)`))).superLinear)
      .to.include('regexp/no-super-linear-backtracking');
  });

  it('rejects an unanchored quantifier that is retried from every position (quadratic move)', async () => {
    expect((await lint('core/gedcom/x.ts', fn(`s.replace(/\\s+$/, '')`))).superLinear).to.include('regexp/no-super-linear-move');
    expect((await lint('core/gedcom/x.ts', fn(`s.replace(/\\s*\\/+\\s*/g, ' ')`))).superLinear).to.include('regexp/no-super-linear-move');
  });

  it('covers patterns kept in a constant, used as a fragment, and outside core', async () => {
    const kept = `const TRAILING = /[ \\t]+$/;\nexport const f = (s: string): string => s.replace(TRAILING, '');\n`;
    expect((await lint('core/gedcom/x.ts', kept)).superLinear).to.include('regexp/no-super-linear-move');
    const fragment = `const PART = /a+b/;\nexport const re = new RegExp(\`^\${PART.source}\`);\n`;
    expect((await lint('core/gedcom/x.ts', fragment)).superLinear).to.include('regexp/no-super-linear-move');
    expect((await lint('bootstrap/x.ts', fn(`/^(\\w+\\s?)*$/.test(s)`))).superLinear).to.include('regexp/no-super-linear-backtracking');
    expect((await lint('spec/x.spec.ts', fn(`s.replace(/\\/+$/, '')`))).superLinear).to.include('regexp/no-super-linear-move');
  });

  it('accepts linear patterns and string code', async () => {
    for (const body of [`/^\\d+$/.test(s)`, `s.trimEnd()`, `s.replace(/(?<!\\/)\\/+$/, '')`, `/^Bearer\\s+(\\S+)\\s*$/i.exec(s)`, `s.split(/\\s+/)`]) {
      expect(await lint('core/people/x.ts', fn(body)), body).to.deep.equal({ superLinear: [], errors: 0 });
    }
  });
});
