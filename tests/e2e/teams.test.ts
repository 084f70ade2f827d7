// Teams in a real browser against the real server: a captain creates a team and hands out its invite
// code; a second user (own browser context, own session) joins with the code and with the invite link;
// the captain sees and removes them.
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, fill, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';
const teamName = 'Gulls';

/** The value of the field labelled `label` (the label's text starts with it). */
const fieldValue = async (page: Page, label: string): Promise<string> => {
  const value = await page.waitForFunction(
    (text) => {
      const node = [...document.querySelectorAll('label')].find((l) =>
        l.textContent?.trim().startsWith(text),
      );
      const input = node && document.getElementById(node.htmlFor);
      return input instanceof HTMLInputElement && input.value;
    },
    {},
    label,
  );
  return (await value.jsonValue()) as string;
};

const members = (page: Page) =>
  page.$$eval('[data-testid="team-member"]', (nodes) => nodes.map((node) => node.textContent));

describe('teams page', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let captain: Page;
  let guest: Page;
  let code = '';

  const register = async (page: Page, userName: string) => {
    await page.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    await fill(page, 'User name', userName);
    await fill(page, 'E-mail', `${userName}@example.com`);
    await fill(page, 'Password', password);
    await fill(page, 'Confirm password', password);
    await clickButton(page, 'Create account');
    await page.locator(`::-p-aria([name="Account menu of ${userName}"][role="button"])`).wait();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    captain = await browser.newPage();
    context = await browser.createBrowserContext();
    guest = await context.newPage();
    for (const page of [captain, guest]) await page.setViewport({ width: 1280, height: 800 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a signed-out visitor to log in, keeping the invite link', async () => {
    await guest.goto(`${server.url}/Teams?code=x`, { waitUntil: 'networkidle0' });
    await guest.waitForFunction(() => location.pathname === '/account/Login');
    expect(new URL(guest.url()).searchParams.get('from')).toBe('/Teams?code=x');
  });

  it('lets a new user create a team from the empty page, and shows its invite code', async () => {
    await register(captain, 'heron');
    await captain.goto(`${server.url}/Teams`, { waitUntil: 'networkidle0' });
    await waitForText(captain, 'You are not in a team yet');
    await clickButton(captain, 'Create team');
    await fill(captain, 'Team name', teamName, '[role="dialog"]');
    await fill(captain, 'Team bio', 'We nest by the sea', '[role="dialog"]');
    await captain.locator('[role="dialog"] button[type="submit"]').click();
    await waitForText(captain, 'We nest by the sea');
    await captain.waitForSelector('[role="dialog"]', { hidden: true });
    expect(await members(captain)).toEqual(['heron']);

    await clickButton(captain, 'Show invite code');
    code = await fieldValue(captain, 'Invite code');
    expect(code).toMatch(new RegExp(`^${teamName}:\\d+:[0-9a-f]{32}$`));
    expect(await fieldValue(captain, 'Invite link')).toBe(
      `${server.url}/Teams?code=${encodeURIComponent(code)}`,
    );
  });

  it('lets a second user join with the code', async () => {
    await register(guest, 'tern');
    await guest.goto(`${server.url}/Teams`, { waitUntil: 'networkidle0' });
    await clickButton(guest, 'Join a team');
    await guest.waitForSelector('[role="dialog"]');
    await fill(guest, 'Invite code', code, '[role="dialog"]');
    await clickButton(guest, 'Join team');
    await waitForText(guest, 'You joined the team');
    await guest.waitForFunction(() => document.querySelectorAll('[data-testid="team-member"]').length === 2);
    expect((await members(guest)).sort()).toEqual(['heron', 'tern']);
  });

  it('shows the new member to the captain, who removes them', async () => {
    await captain.reload({ waitUntil: 'networkidle0' });
    await captain.waitForFunction(
      () => document.querySelectorAll('[data-testid="team-member"]').length === 2,
    );
    expect(await members(captain)).toEqual(['heron', 'tern']);
    await clickButton(captain, 'Remove tern from the team');
    await captain.locator('[role="dialog"] ::-p-aria([name="Remove"][role="button"])').click();
    await waitForText(captain, 'tern was removed from the team');
    await captain.waitForFunction(
      () => document.querySelectorAll('[data-testid="team-member"]').length === 1,
    );

    await guest.reload({ waitUntil: 'networkidle0' });
    await waitForText(guest, 'You are not in a team yet');
    expect(await members(guest)).toEqual([]);
  });

  it('lets the removed user back in through the invite link', async () => {
    await guest.goto(`${server.url}/Teams?code=${encodeURIComponent(code)}`, { waitUntil: 'networkidle0' });
    expect(await fieldValue(guest, 'Invite code')).toBe(code);
    await clickButton(guest, 'Join team');
    await waitForText(guest, 'You joined the team');
    await guest.waitForFunction(() => new URL(location.href).searchParams.get('code') === null);
    await guest.waitForFunction(() => document.querySelectorAll('[data-testid="team-member"]').length === 2);

    await captain.reload({ waitUntil: 'networkidle0' });
    await captain.waitForFunction(
      () => document.querySelectorAll('[data-testid="team-member"]').length === 2,
    );
  });
});
