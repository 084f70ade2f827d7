// Signing up, in and out, and editing the profile, in a real browser against the real server.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, fill, waitForText } from '../support/ui.ts';

const userName = 'marlin';
const password = 'Harbour2024x';

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
describe('account pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const userMenu = () => page.locator(`::-p-aria([name="Account menu of ${userName}"][role="button"])`);

  it('registers a new user, who lands home signed in', async () => {
    await page.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    await fill(page, 'User name', userName);
    await fill(page, 'E-mail', `${userName}@example.com`);
    await fill(page, 'Password', password);
    await fill(page, 'Confirm password', password);
    await clickButton(page, 'Create account');
    await userMenu().wait();
    // The home page's module may still be loading: the address changes once it has.
    await page.waitForFunction(() => location.pathname === '/');
    expect(await page.$eval('[data-testid="user-menu-name"]', (node) => node.textContent)).toBe(userName);
  });

  it('signs out, and in again', async () => {
    await userMenu().click();
    await page.locator('::-p-aria([name="Sign out"][role="menuitem"])').click();
    await page.locator('::-p-aria([name="Sign in"][role="link"])').click();
    await page.waitForFunction(() => location.pathname === '/account/Login');
    await fill(page, 'User name or e-mail', userName);
    await fill(page, 'Password', password);
    await clickButton(page, 'Sign in');
    await userMenu().wait();
  });

  it('changes the bio, which stays after a reload', async () => {
    await userMenu().click();
    await page.locator('::-p-aria([name="Profile"][role="menuitem"])').click();
    await page.waitForFunction(() => location.pathname === '/account/Profile');
    await fill(page, 'Bio', 'Knots and flags');
    await clickButton(page, 'Save profile');
    await waitForText(page, 'Your profile has been saved');

    await page.reload({ waitUntil: 'networkidle0' });
    const bio = await page.waitForFunction(() => {
      const label = [...document.querySelectorAll('label')].find((node) =>
        node.textContent?.startsWith('Bio'),
      );
      const area = label && document.getElementById(label.htmlFor);
      return area instanceof HTMLTextAreaElement && area.value;
    });
    expect(await bio.jsonValue()).toBe('Knots and flags');
  });

  it("sends a signed-out visitor to log in, and shows the server's error for a wrong password", async () => {
    const context = await browser.createBrowserContext();
    const guest = await context.newPage();
    await guest.goto(`${server.url}/account/Profile`, { waitUntil: 'networkidle0' });
    await guest.waitForFunction(() => location.pathname === '/account/Login');
    expect(new URL(guest.url()).searchParams.get('from')).toBe('/account/Profile');
    await fill(guest, 'User name or e-mail', userName);
    await fill(guest, 'Password', 'Wrong12345');
    await clickButton(guest, 'Sign in');
    await guest.waitForSelector('[role="alert"]');
    expect(await bodyText(guest)).toContain('The user name or password is incorrect');

    await fill(guest, 'Password', password);
    await clickButton(guest, 'Sign in');
    await guest.waitForFunction(() => location.pathname === '/account/Profile');
    await context.close();
  });
});
