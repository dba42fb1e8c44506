import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dropDatabase, freshDatabaseUrl } from '../support/database.js';
import { running, spawnServer, sleep, waitForStatus, type ServerProcess } from './server-process.js';

// The mail links in a real browser (Debian's Chromium, driven by playwright-core): the service runs
// as `npm start` with the console mailer, the links are taken from its log as a person would copy
// them, the verify page's button verifies, and the reset page's form sets a password that signs in.

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

/** The link of the newest mail to `to` whose subject is `subject`, as the console mailer logged it. */
const mailedLink = (output: string, to: string, subject: string): string | null => {
  const marker = `mail to=${to} subject=\\"${subject}\\" link=`;
  const at = output.lastIndexOf(marker);
  if (at < 0) return null;
  const start = at + marker.length;
  const end = [output.indexOf('"', start), output.indexOf('\\', start), output.indexOf('\n', start)].filter((i) => i >= 0);
  return output.slice(start, Math.min(...end));
};

const waitForLink = async (server: ServerProcess, to: string, subject: string): Promise<string> => {
  for (let i = 0; i < 200; i++) {
    const link = mailedLink(server.output(), to, subject);
    if (link !== null) return link;
    await sleep(50);
  }
  throw new Error(`no "${subject}" mail to ${to} in the log:\n${server.output().slice(-2000)}`);
};

describe('account pages in a real browser (e2e)', function () {
  this.timeout(120_000);
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  let database: string | undefined;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      const how = `${CHROMIUM} is missing: install Debian's Chromium with \`apt-get install chromium\` to run this spec.`;
      if (process.env['CI']) throw new Error(how);
      console.log(`      skipped: ${how}`);
      this.skip();
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'genealogy-pages-'));
    await chmod(dataDir, 0o755);
    const url = await freshDatabaseUrl();
    database = new URL(url).pathname.slice(1);
    server = await spawnServer({ DATABASE_URL: url, DATA_DIR: dataDir, MAILER: 'console', LOG_LEVEL: 'info' });
    const ready = await waitForStatus(`${server.baseUrl}/readyz`, 200, { alive: running(server.child) });
    if (!ready) throw new Error(`the service did not start:\n${server.output().slice(-3000)}`);
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

  const api = async (method: string, route: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) };
    const r = await fetch(`${server!.baseUrl}/api/v1${route}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: r.status, json: (await r.text().then((t) => (t === '' ? null : JSON.parse(t)))) as Record<string, unknown> | null };
  };

  /** A phone-sized page that records what the browser refused (CSP) or reported as an error. */
  const phonePage = async (): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning' || /Content[ -]Security[ -]Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return { page, problems };
  };

  /** Readable on a phone: the style applied (its CSP hash matched), no sideways scrolling, a large button. */
  const expectPhoneReadable = async (page: Page) => {
    const button = page.getByRole('button');
    const box = await button.boundingBox();
    expect(box?.height ?? 0).to.be.at.least(44);
    // On a phone without the viewport meta the page would be laid out 980 px wide and shrunk.
    expect(await page.evaluate(() => window.innerWidth)).to.equal(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
  };

  it('verifies the email with the button of the mailed link, and sets a new password with the reset page', async () => {
    const email = `browser-${Date.now().toString(36)}@example.org`;
    const registered = await api('POST', '/auth/register', { email, password: PASSWORD });
    expect(registered.status).to.equal(201);
    const session = registered.json!['token'] as string;

    const verifyLink = await waitForLink(server!, email, 'Confirm your email address');
    expect(new URL(verifyLink).pathname).to.equal('/verify-email');
    const { page, problems } = await phonePage();
    const shown = await page.goto(verifyLink);
    expect(shown?.status()).to.equal(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Confirm your email address');
    await expectPhoneReadable(page);
    expect((await api('GET', '/users/me', undefined, session)).json!['email_verified']).to.equal(false);
    const [verified] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Confirm my email address' }).click()]);
    expect(verified?.status()).to.equal(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Email address confirmed');
    expect((await api('GET', '/users/me', undefined, session)).json!['email_verified']).to.equal(true);

    expect((await api('POST', '/auth/password-reset', { email })).status).to.equal(202);
    const resetLink = await waitForLink(server!, email, 'Reset your password');
    expect(new URL(resetLink).pathname).to.equal('/reset-password');
    await page.goto(resetLink);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Choose a new password');
    await expectPhoneReadable(page);
    await page.locator('#new_password').fill(NEW_PASSWORD);
    await page.locator('#confirm_password').fill(NEW_PASSWORD);
    const [changed] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Set the new password' }).click()]);
    expect(changed?.status()).to.equal(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Password changed');

    expect((await api('POST', '/auth/login', { email, password: NEW_PASSWORD })).status).to.equal(200);
    expect((await api('POST', '/auth/login', { email, password: PASSWORD })).status).to.equal(401);
    expect((await api('GET', '/users/me', undefined, session)).status).to.equal(401);
    expect(problems, 'console errors or CSP violations').to.deep.equal([]);
  });
});
