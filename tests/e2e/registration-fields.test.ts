// Registration fields in a real browser against the real server (issue #45 point 3): the admin defines a required
// public text field and an optional choice in the settings, a new player must fill the first to register, finds
// both in the profile, and the admin filters the users by one of them.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import {
  choose,
  clickButton,
  desktopPage,
  fill,
  labelledId,
  signInThroughForm,
  waitForText,
} from '../support/ui.ts';

const password = 'Secret123';
/** The card of the field added last in the settings' Registration fields tab. */
const lastField = 'section[aria-label^="Field "]:last-of-type';

describe('registration fields', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let player: Page;

  beforeAll(async () => {
    ({ server, browser } = await startPlatform());
    admin = await desktopPage(browser, browser.defaultBrowserContext());
    await signInThroughForm(admin, server.url, 'admin', ADMIN_PASSWORD);
    // The player's own cookies: a context of its own.
    player = await desktopPage(browser);
  }, 180_000);
  afterAll(() => stopPlatform({ server, browser }));

  const inputValue = async (page: Page, label: string) =>
    page.$eval(`[id="${await labelledId(page, label)}"]`, (input) => (input as HTMLInputElement).value);
  const toggle = async (page: Page, label: string, scope: string) =>
    page.click(`[id="${await labelledId(page, label, scope)}"]`);

  it('lets the admin define a required school and an optional T-shirt size', async () => {
    await admin.goto(`${server.url}/admin/Settings`, { waitUntil: 'networkidle0' });
    await admin.locator('::-p-aria([name="Registration fields"][role="tab"])').click();
    await waitForText(admin, 'No registration fields yet.');

    await clickButton(admin, 'Add a field');
    await fill(admin, 'Key', 'school', lastField);
    await fill(admin, 'Label', 'School', lastField);
    await toggle(admin, 'Required', lastField);
    await toggle(admin, 'Public', lastField);
    await fill(admin, 'Deutsch', 'Schule', lastField);

    await clickButton(admin, 'Add a field');
    await fill(admin, 'Key', 'shirt', lastField);
    await fill(admin, 'Label', 'T-shirt size', lastField);
    await choose(admin, 'Type', 'Choice', lastField);
    for (const size of ['S', 'M', 'L']) {
      await fill(admin, 'Options', size, lastField);
      await admin.keyboard.press('Enter');
    }
    await clickButton(admin, 'Save fields');
    await waitForText(admin, 'Registration fields saved');
  });

  it('asks a new player for the fields, and refuses the form without the required one', async () => {
    await player.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    await fill(player, 'User name', 'marin');
    await fill(player, 'E-mail', 'marin@example.com');
    await fill(player, 'Password', password);
    await fill(player, 'Confirm password', password);
    await clickButton(player, 'Create account');
    await waitForText(player, 'This field is required');
    expect(new URL(player.url()).pathname).toBe('/account/Register');

    await fill(player, 'School', 'INSA Lyon');
    await choose(player, 'T-shirt size', 'M');
    await clickButton(player, 'Create account');
    await player.locator('::-p-aria([name="Account menu of marin"][role="button"])').wait();
  });

  it('shows the values in the profile, where the player can change them', async () => {
    await player.goto(`${server.url}/account/Profile`, { waitUntil: 'networkidle0' });
    expect(await inputValue(player, 'School')).toBe('INSA Lyon');
    expect(await inputValue(player, 'T-shirt size')).toBe('M');
    await fill(player, 'School', 'INSA Lyon, campus de la Doua');
    await clickButton(player, 'Save profile');
    await waitForText(player, 'Your profile has been saved');
    await player.reload({ waitUntil: 'networkidle0' });
    expect(await inputValue(player, 'School')).toBe('INSA Lyon, campus de la Doua');
  });

  it('lets the admin filter the users by a field', async () => {
    await admin.goto(`${server.url}/admin/Users`, { waitUntil: 'networkidle0' });
    await waitForText(admin, 'School: INSA Lyon, campus de la Doua');
    await admin.locator('::-p-aria([name="Filter by field"])').click();
    await admin.locator('::-p-aria([name="School"][role="option"])').click();
    await admin.locator('::-p-aria([name="Value contains"])').fill('doua');
    await admin.waitForFunction(() => !document.body.innerText.includes('admin@pennon.invalid'));
    const rows = await admin.$$eval('tbody tr', (found) => found.map((row) => row.textContent));
    expect(rows).toEqual([expect.stringContaining('marin@example.com')]);
    await admin.locator('::-p-aria([name="Value contains"])').fill('sorbonne');
    await waitForText(admin, 'Nothing matches');
  });
});
