import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestService, type TestService } from '../support/service.js';

// The API reference as a client developer sees it: /api/v1/docs in Debian's Chromium (driven by
// playwright-core). The renderer (Swagger UI, served by the service) draws every operation of the
// document under the page's Content-Security-Policy without a single violation or script error, and
// an operation opened shows its description, its parameters' descriptions and its example bodies.

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Doc = { paths: Record<string, Record<string, { operationId: string; description?: string; tags: string[] }>> };

describe('the API reference in a real browser (e2e)', function () {
  this.timeout(120_000);
  let svc: TestService | undefined;
  let browser: Browser | undefined;
  let doc: Doc;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      const how = `${CHROMIUM} is missing: install Debian's Chromium with \`apt-get install chromium\` to run this spec.`;
      if (process.env['CI']) throw new Error(how);
      console.log(`      skipped: ${how}`);
      this.skip();
    }
    svc = await startTestService({ storage: 'memory' });
    doc = (await (await fetch(`${svc.baseUrl}/api/v1/openapi.json`)).json()) as Doc;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    await svc?.close();
  });

  /** A page that records every refusal of its CSP, every console error and every script error. */
  const watchedPage = async (): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const seen = ((window as unknown as { __violations?: string[] }).__violations ??= []);
        seen.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content[ -]Security[ -]Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    return { page, problems };
  };

  const violations = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);

  it('draws every operation of the document, with no CSP violation and no script error', async () => {
    const { page, problems } = await watchedPage();
    const shown = await page.goto(`${svc!.baseUrl}/api/v1/docs`);
    expect(shown?.status()).to.equal(200);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.length).to.be.greaterThan(100);
    await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, operations.length, { timeout: 30_000 });
    expect(await page.locator('.opblock').count()).to.equal(operations.length);
    expect(await page.title()).to.match(/API reference/);
    expect(await violations(page)).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('opens an operation: its description, parameter descriptions and example bodies', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(`${svc!.baseUrl}/api/v1/docs#/persons/createPerson`);
    const block = page.locator('#operations-persons-createPerson');
    await block.waitFor({ timeout: 30_000 });
    await block.locator('.opblock-body').waitFor({ timeout: 30_000 });
    const text = (await block.textContent()) ?? '';
    const createPerson = doc.paths['/trees/{id}/persons']!['post']!;
    expect(createPerson.description ?? '', 'the document describes createPerson').not.to.equal('');
    expect(text).to.include(createPerson.description!.slice(0, 40));
    expect(text).to.include('The tree');
    // The example request body, and the 201's example answer.
    expect(text).to.match(/"given_name":\s*"/);
    expect(text).to.match(/201/);
    expect(await violations(page)).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });
});
