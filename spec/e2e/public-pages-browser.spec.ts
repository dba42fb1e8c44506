import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';
import { running, spawnServer, waitForStatus, type ServerProcess } from './server-process.js';

// The public pages (issue 26) in a real browser (Debian's Chromium, driven by playwright-core), the
// service run as `npm start`: a visitor walks from the directory to a tree, searches with a typo,
// opens a person, follows a parent, opens the pedigree and prints it; every page kind passes axe-core
// with no violation and never scrolls sideways at 320 px; every chart box is reached by Tab in order,
// with a visible focus. Screenshots (320 px and 1280 px) and the printed PDF are written to
// spec/e2e/artifacts/ (git-ignored) for a person to look at. The pages run no script, and the CSP
// stays on: axe is evaluated through the DevTools protocol, which the page's CSP does not govern.

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const ARTIFACTS = path.resolve('spec/e2e/artifacts');
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const NARROW = { width: 320, height: 720 };
const WIDE = { width: 1280, height: 900 };

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

describe('public pages in a real browser (e2e)', function () {
  this.timeout(180_000);
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  let database: string | undefined;
  let axeSource = '';
  const ids: Record<string, string> = {};
  let treeId = '';
  let base = '';

  const api = async (method: string, route: string, body: unknown, token: string): Promise<any> => {
    const r = await fetch(`${base}/api/v1${route}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const text = await r.text();
    if (r.status !== 201) throw new Error(`setup: ${method} ${route}: ${r.status} ${text}`);
    return JSON.parse(text);
  };

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      const how = `${CHROMIUM} is missing: install Debian's Chromium with \`apt-get install chromium\` to run this spec.`;
      if (process.env['CI']) throw new Error(how);
      console.log(`      skipped: ${how}`);
      this.skip();
    }
    axeSource = await readFile(AXE_SOURCE, 'utf8');
    await mkdir(ARTIFACTS, { recursive: true });
    dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-public-pages-'));
    await chmod(dataDir, 0o755);
    const url = await freshDatabaseUrl();
    database = new URL(url).pathname.slice(1);
    server = await spawnServer({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    // The pages link by BASE_URL, which is http://localhost:PORT when not set (bootstrap/config.ts).
    base = `http://localhost:${server.port}`;
    const ready = await waitForStatus(`${base}/readyz`, 200, { alive: running(server.child) });
    if (!ready) throw new Error(`the service did not start:\n${server.output().slice(-3000)}`);

    // A public tree: Eleanor Quennell (1901-1988), her parents, grandparents (one living great-aunt
    // line is not needed: a living grandchild shows the `Living person` box), and her children.
    const reg = await fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@pages.example', password: 'correct horse battery' }) });
    const token = ((await reg.json()) as { token: string }).token;
    treeId = (await api('POST', '/trees', { name: 'The Quennell family', description: 'Millers of the Wey valley and their descendants.', visibility: 'public' }, token)).id;
    const person = async (key: string, given: string, surname: string, sex: string, birth: number, death?: number) => {
      const events = { birth: { date: { qualifier: 'exact', year: birth }, place: 'Godalming, Surrey' }, ...(death === undefined ? {} : { death: { date: { qualifier: 'exact', year: death } } }) };
      ids[key] = (await api('POST', `/trees/${treeId}/persons`, { given_name: given, surname, sex, ...events }, token)).id;
    };
    const parent = (p: string, c: string) => api('POST', `/trees/${treeId}/relationships`, { type: 'parent_child', person_a_id: ids[p], person_b_id: ids[c], qualifier: 'biological' }, token);
    await person('eleanor', 'Eleanor', 'Quennell', 'female', 1901, 1988);
    await person('father', 'Bartholomew', 'Quennell', 'male', 1870, 1941);
    await person('mother', 'Winifred', 'Ashdown', 'female', 1874, 1950);
    await person('ff', 'Josiah', 'Quennell', 'male', 1838, 1902);
    // Wide letters (W, M, w, m): a name the box must cut sooner than an average one.
    await person('fm', 'Wilhelmina', 'Mumworth-Wemyss', 'female', 1841, 1911);
    await person('mf', 'Thomas', 'Ashdown', 'male', 1845, 1920);
    await person('mm', 'Maria Josepha Wilhelmina', 'Ashdown-Featherstonehaugh', 'female', 1848, 1925);
    await person('son', 'Arthur', 'Quennell', 'male', 1925, 2001);
    await person('daughter', 'Margaret', 'Quennell', 'female', 1928, 2015);
    await person('grandchild', 'Oliver', 'Quennell', 'male', 1960);
    for (const [p, c] of [['father', 'eleanor'], ['mother', 'eleanor'], ['ff', 'father'], ['fm', 'father'], ['mf', 'mother'], ['mm', 'mother'], ['eleanor', 'son'], ['eleanor', 'daughter'], ['son', 'grandchild']] as const) await parent(p, c);
    // launch() gives the browser a fresh, temporary profile of its own.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited();
    }
    if (database !== undefined) await dropDatabase(database);
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  /** A page of the given size that records what the browser refused (CSP) or reported as an error. */
  const open = async (viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: string[] }> => {
    const context = await browser!.newContext({ viewport, ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    const problems: string[] = [];
    // A refused answer is told by its status and URL below (the console's words for it name neither).
    page.on('console', (m) => {
      if (/^Failed to load resource/.test(m.text())) return;
      if (m.type() === 'error' || m.type() === 'warning' || /Content[ -]Security[ -]Policy/i.test(m.text())) problems.push(m.text());
    });
    // The browser asks for /favicon.ico by itself; the pages name no icon.
    page.on('response', (r) => {
      if (r.status() >= 400 && new URL(r.url()).pathname !== '/favicon.ico') problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return { context, page, problems };
  };

  /** axe-core on the page as it is: its source evaluated through the DevTools protocol (the page's CSP forbids scripts, rightly). */
  const axeViolations = async (page: Page): Promise<AxeViolation[]> => {
    await page.evaluate(axeSource);
    const result = await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      return axe.run(document, { resultTypes: ['violations'] });
    });
    return result.violations;
  };

  const describeViolations = (vs: readonly AxeViolation[]): string =>
    vs.map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n  ')}`).join('\n');

  /** Sideways scrolling of the whole page (an overflowing chart scrolls inside its own box). */
  const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.scrollingElement!.scrollWidth);

  const pageKinds = (): readonly { readonly kind: string; readonly path: string; readonly status: number }[] => [
    { kind: 'directory', path: '/', status: 200 },
    { kind: 'tree', path: `/trees/${treeId}`, status: 200 },
    { kind: 'search', path: `/trees/${treeId}/search?q=${encodeURIComponent('Quenell')}`, status: 200 },
    { kind: 'person', path: `/persons/${ids.eleanor}`, status: 200 },
    { kind: 'pedigree', path: `/persons/${ids.eleanor}/pedigree`, status: 200 },
    { kind: 'descendants', path: `/persons/${ids.eleanor}/descendants`, status: 200 },
    // Five columns: wider than the page at 1280 px, so the chart scrolls in its own box.
    { kind: 'descendants-wider', path: `/persons/${ids.ff}/descendants?generations=6`, status: 200 },
    { kind: '404', path: '/persons/0190a000-0000-7000-8000-000000000000/pedigree', status: 404 },
  ];

  it('a visitor goes from the directory to a tree, searches with a typo, opens a person, follows a parent, opens the pedigree and prints it', async () => {
    const { context, page, problems } = await open(WIDE);
    try {
      expect((await page.goto(`${base}/`))?.status()).to.equal(200);
      await Promise.all([page.waitForURL(`${base}/trees/${treeId}`), page.getByRole('link', { name: 'The Quennell family' }).first().click()]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include('The Quennell family');
      // A typo: `Quenell` for Quennell.
      await page.getByRole('searchbox').first().fill('Eleanor Quenell');
      await Promise.all([page.waitForURL(/\/search\?/), page.getByRole('searchbox').first().press('Enter')]);
      await Promise.all([page.waitForURL(`${base}/persons/${ids.eleanor}`), page.getByRole('link', { name: /Eleanor Quennell/ }).first().click()]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include('Eleanor Quennell');
      // Her father's page, then his pedigree.
      await Promise.all([page.waitForURL(`${base}/persons/${ids.father}`), page.getByRole('main').getByRole('link', { name: /Bartholomew Quennell/ }).first().click()]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include('Bartholomew Quennell');
      await Promise.all([page.waitForURL(new RegExp(`/persons/${ids.father}/pedigree`)), page.getByRole('main').getByRole('link', { name: /ancestors|pedigree/i }).first().click()]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Ancestors of Bartholomew Quennell');
      const boxes = page.locator('svg.wide a');
      expect(await boxes.count()).to.equal(3);
      await page.screenshot({ path: path.join(ARTIFACTS, 'walk-pedigree-1280.png'), fullPage: true });

      // Printed: the columns drawing on paper (the outline is for narrow screens), nothing cut sideways.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('svg.wide').isVisible()).to.equal(true);
      expect(await page.locator('svg.narrow').isVisible()).to.equal(false);
      expect(await page.locator('header nav').isVisible()).to.equal(false);
      expect(await page.locator('nav.charts').isVisible()).to.equal(false);
      // At its own size on paper: three columns are narrower than the page, and are not blown up to fill it.
      const drawn = await page.locator('svg.wide').evaluate((s) => s.getBoundingClientRect().width / (s as SVGSVGElement).viewBox.baseVal.width);
      expect(drawn).to.be.within(0.5, 1.01);
      await page.screenshot({ path: path.join(ARTIFACTS, 'walk-pedigree-print.png'), fullPage: true });
      const pdf = await page.pdf({ path: path.join(ARTIFACTS, 'walk-pedigree.pdf'), printBackground: false });
      expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
      expect(problems, 'console errors or CSP violations').to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  for (const size of [NARROW, WIDE]) {
    it(`every page kind at ${size.width} px: axe-core finds no violation, nothing scrolls sideways, a screenshot is kept`, async () => {
      const { context, page, problems } = await open(size);
      const failures: string[] = [];
      try {
        for (const k of pageKinds()) {
          const answer = await page.goto(`${base}${k.path}`);
          if (answer?.status() !== k.status) {
            failures.push(`${k.kind}: ${k.path} answered ${answer?.status()}, not ${k.status}`);
            continue;
          }
          await page.screenshot({ path: path.join(ARTIFACTS, `${k.kind}-${size.width}.png`), fullPage: true });
          const violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`${k.kind}: axe-core:\n${describeViolations(violations)}`);
          const width = await scrollWidth(page);
          if (width > size.width) failures.push(`${k.kind}: the page scrolls sideways (${width} px wide at ${size.width} px)`);
          // No script a browser runs on a public page: a person's page holds one JSON-LD data block.
          if ((await page.locator('script:not([type="application/ld+json"])').count()) > 0) failures.push(`${k.kind}: has a runnable <script>`);
        }
        expect(failures, failures.join('\n')).to.deep.equal([]);
        expect(problems, 'console errors, CSP violations or refused answers').to.deep.equal(pageKinds().filter((k) => k.status !== 200).map((k) => `${k.status} ${base}${k.path}`));
      } finally {
        await context.close();
      }
    });
  }

  for (const [size, layout] of [[NARROW, 'narrow'], [WIDE, 'wide']] as const) {
    for (const kind of ['pedigree', 'descendants'] as const) {
      it(`${kind} at ${size.width} px: Tab walks every box in order, each named, with a visible focus`, async () => {
        const { context, page, problems } = await open(size);
        try {
          expect((await page.goto(`${base}/persons/${ids.eleanor}/${kind}`))?.status()).to.equal(200);
          // The drawing on screen is this width's, and the other is not in the page's focus order.
          expect(await page.locator(`svg.${layout}`).isVisible()).to.equal(true);
          expect(await page.locator(`svg.${layout === 'wide' ? 'narrow' : 'wide'}`).isVisible()).to.equal(false);
          const expected = await page.locator(`svg.${layout} a`).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
          // Eleanor's pedigree: seven persons in full; her descendants: four, of whom one living (no link).
          expect(expected.length).to.equal(kind === 'pedigree' ? 7 : 3);
          const walked: string[] = [];
          const titles: string[] = [];
          for (let i = 0; i < 40 && walked.length < expected.length; i++) {
            await page.keyboard.press('Tab');
            const focused = await page.evaluate(() => {
              const el = document.activeElement;
              if (el === null || el.closest('svg') === null) return null;
              const rect = el.querySelector('rect');
              return {
                href: el.getAttribute('href'),
                title: el.querySelector('title')?.textContent ?? null,
                stroke: rect === null ? null : getComputedStyle(rect).strokeWidth,
                visible: el.getBoundingClientRect().width > 0,
              };
            });
            if (focused === null) continue;
            expect(focused.title, `box ${walked.length} has a title`).to.match(/\S/);
            titles.push(focused.title!);
            expect(focused.visible, `box ${walked.length} is on screen`).to.equal(true);
            expect(focused.stroke, `box ${walked.length} shows its focus`).to.equal('4px');
            walked.push(focused.href!);
          }
          expect(walked).to.deep.equal(expected);
          // The browser names each box by its title (what a screen reader says, and what a voice user says to follow it).
          for (const [i, title] of titles.entries())
            expect(await page.locator(`svg.${layout}`).getByRole('link', { name: title, exact: true }).first().getAttribute('href'), title).to.equal(expected[i]);
          // A box's link opens that person's page.
          await page.keyboard.press('Enter');
          await page.waitForURL(expected[expected.length - 1]!);
          expect(problems, 'console errors or CSP violations').to.deep.equal([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  /** The texts of a drawing that reach outside their box (getBBox, as the browser laid them out). */
  const overflowing = (page: Page, layout: 'wide' | 'narrow'): Promise<(string | null)[]> =>
    page.locator(`svg.${layout}`).evaluate((s) =>
      [...s.querySelectorAll('text')].filter((t) => {
        const r = t.parentElement!.querySelector('rect')!.getBBox();
        const b = (t as SVGTextElement).getBBox();
        return b.x < r.x || b.x + b.width > r.x + r.width || b.y < r.y || b.y + b.height > r.y + r.height;
      }).map((t) => t.textContent));

  it('the charts stay legible: the outline at full size at 320 px, every name inside its box in both drawings, living persons without a link', async () => {
    for (const [size, layout] of [[NARROW, 'narrow'], [WIDE, 'wide']] as const) {
      const { context, page } = await open(size);
      try {
        for (const kind of ['pedigree', 'descendants'] as const) {
          expect((await page.goto(`${base}/persons/${ids.eleanor}/${kind}`))?.status()).to.equal(200);
          const svg = page.locator(`svg.${layout}`);
          const scale = await svg.evaluate((s) => s.getBoundingClientRect().width / (s as SVGSVGElement).viewBox.baseVal.width);
          expect(scale, `${kind} ${layout}: drawn at (about) its own size, 14-15 px names`).to.be.at.least(0.9);
          expect(await overflowing(page, layout), `${kind} ${layout}: texts overflowing their box`).to.deep.equal([]);
          if (kind === 'descendants') {
            expect(await svg.locator('text', { hasText: 'Living person' }).count()).to.equal(1);
            expect(await svg.locator('a', { hasText: 'Living person' }).count()).to.equal(0);
            continue;
          }
          // A long name is shortened on screen, whole for a screen reader.
          const long = svg.getByRole('link', { name: 'Maria Josepha Wilhelmina Ashdown-Featherstonehaugh, 1848–1925', exact: true });
          expect(await long.count()).to.equal(1);
          expect((await long.locator('text.name').allTextContents()).join(' ')).to.match(/^Maria Josepha\b.*…$/);
        }
      } finally {
        await context.close();
      }
    }
    await writeFile(path.join(ARTIFACTS, 'README.txt'), 'Screenshots and PDFs written by spec/e2e/public-pages-browser.spec.ts; not committed.\n');
  });
});
