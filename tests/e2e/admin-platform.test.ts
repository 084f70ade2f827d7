// The platform admin pages in a real browser against the real server: the admin signs in, finds a user by
// search and makes them a monitor, renames the platform in Settings (the header shows it after a reload),
// and watches a sign-up reach the log page live.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, fill, waitForText } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const userPassword = 'Harbour2024x';

describe('platform admin pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  const api = () => createNodeClient({ baseUrl: server.url });

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    await api().account.register({ userName: 'gull', email: 'gull@example.com', password: userPassword });
    admin = await browser.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await admin.goto(`${server.url}/account/Login`, { waitUntil: 'networkidle0' });
    await fill(admin, 'User name or e-mail', 'admin');
    await fill(admin, 'Password', adminPassword);
    await clickButton(admin, 'Sign in');
    await admin.locator('::-p-aria([name="Account menu of admin"][role="button"])').wait();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds a user by search and changes their role', async () => {
    await admin.goto(`${server.url}/admin/Users`, { waitUntil: 'networkidle0' });
    await admin.locator('::-p-aria([name="Search users"])').fill('gul');
    await admin.waitForFunction(
      () =>
        document.querySelectorAll('tbody tr').length === 1 &&
        document.body.innerText.includes('gull@example.com'),
    );
    await admin.locator('::-p-aria([name="Role of gull"][role="combobox"])').click();
    await admin.locator('::-p-aria([name="Monitor"][role="option"])').click();
    await waitForText(admin, 'gull is now Monitor');

    const client = api();
    await client.account.login({ userName: 'gull', password: userPassword });
    expect((await client.account.profile()).role).toBe('Monitor');
  });

  it('renames the platform, which the header shows after a reload', async () => {
    await admin.goto(`${server.url}/admin/Settings`, { waitUntil: 'networkidle0' });
    await fill(admin, 'Platform title', 'Tidewater');
    await clickButton(admin, 'Save settings');
    await waitForText(admin, 'The settings have been saved');
    await admin.reload({ waitUntil: 'networkidle0' });
    // As configured, with no suffix of its own; the tab names the page first.
    await waitForText(admin, 'Tidewater');
    expect(await admin.title()).toMatch(/ · Tidewater$/);
  });

  it('shows a new log entry without reloading', async () => {
    await admin.goto(`${server.url}/admin/Logs`, { waitUntil: 'networkidle0' });
    // Pushed through the admin hub, not polled.
    await admin.waitForSelector('[data-live-state="connected"]');
    await api().account.register({ userName: 'tern', email: 'tern@example.com', password: userPassword });
    await admin.waitForFunction(() =>
      [...document.querySelectorAll('tbody tr')].some((row) =>
        /tern[\s\S]*Registered/.test(row.textContent ?? ''),
      ),
    );
  });
});
