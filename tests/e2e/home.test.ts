// The whole slice: database → server → SDK → web client in a real browser.
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';

/** Signs in as the seeded admin through the API and answers the session cookie. */
const adminCookie = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: adminPassword }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('GZCTF_Token='));
  expect(cookie).toBeDefined();
  return (cookie as string).split(';')[0] as string;
};

describe('home page', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const bodyText = (page: import('puppeteer-core').Page) => page.evaluate(() => document.body.innerText);

  it('is Pennon when fresh, then shows the configured title, slogan and footer on every page', async () => {
    const page = await browser.newPage();
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() =>
      document.body.innerText.includes('Raise your flag, one challenge at a time'),
    );
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('Pennon');
    expect(await page.title()).toBe('Pennon');
    expect(await bodyText(page)).not.toContain('::CTF');
    await page.goto(`${server.url}/About`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.title === 'About · Pennon');
    expect(await bodyText(page)).toContain('Pennon is an open-source capture-the-flag platform');
    expect(
      await page.$eval('a[href="https://github.com/pennon-ctf/pennon"]', (a) => a.textContent),
    ).toContain('Source code');

    const cookie = await adminCookie(server.url);
    const { globalConfig } = await (
      await fetch(`${server.url}/api/admin/config`, { headers: { cookie } })
    ).json();
    const saved = await fetch(`${server.url}/api/admin/config`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        globalConfig: {
          ...globalConfig,
          title: 'Harbour CTF',
          slogan: 'Raise the pennant',
          footerInfo: 'Run by **the harbour club**<img src=x onerror="window.hacked=1">',
        },
      }),
    });
    expect(saved.status).toBe(200);

    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.body.innerText.includes('Raise the pennant'));
    expect(await bodyText(page)).toContain('Harbour CTF');
    expect(await page.title()).toBe('Harbour CTF');
    for (const path of ['/', '/games', '/account/Login']) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
      const strong = await page.waitForSelector('[data-testid="site-footer"] strong');
      expect(await strong?.evaluate((node) => node.textContent)).toBe('the harbour club');
    }
    expect(await page.title()).toBe('Sign In · Harbour CTF');
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  });

  it('renders client routes in any letter case, and the not-found page for others', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/ACCOUNT/login`, { waitUntil: 'networkidle0' });
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => document.querySelector('h1, h2')?.textContent === 'Sign In');

    await page.goto(`${server.url}/no/such/page`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.body.innerText.includes('Page not found'));
  });

  it('shows the interface in the language asked for in the address', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/account/login?lng=de`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    const heading = await page.$eval('h1, h2', (node) => node.textContent);
    expect(heading).toBe('Anmelden');
  });
});
