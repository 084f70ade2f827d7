// Bulk users in a real browser against the real server (issue #45 point 4): the admin picks a CSV with a bad row
// in the users page, sees the row's problem and that nothing was written, picks the fixed sheet, imports it, and
// downloads the generated passwords, with which a new account signs in and finds its team.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { clickButton, desktopPage, signInThroughForm, waitForText } from '../support/ui.ts';

const sheet = (reefEmail: string) =>
  ['userName,email,team', `reef,${reefEmail},Kelp`, 'shoal,shoal@example.com,Kelp', ''].join('\r\n');

describe('bulk users', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: NodeClient;
  let admin: Page;
  const files = mkdtempSync(path.join(os.tmpdir(), 'pennon-e2e-sheets-'));
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'pennon-e2e-downloads-'));

  beforeAll(async () => {
    ({ server, browser, admin: api } = await startPlatform());
    // The downloads go to the default context's pages.
    admin = await desktopPage(browser, browser.defaultBrowserContext());
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await signInThroughForm(admin, server.url, 'admin', ADMIN_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await stopPlatform({ server, browser });
    rmSync(files, { recursive: true, force: true });
    rmSync(downloads, { recursive: true, force: true });
  });

  /** Picks `content` as the sheet in the open import dialog (the file button's input). */
  const pick = async (name: string, content: string) => {
    const file = path.join(files, name);
    writeFileSync(file, content);
    const input = await admin.waitForSelector('[role="dialog"] input[type="file"]');
    await input?.uploadFile(file);
  };

  it('shows a bad row, imports the fixed sheet, and a generated account signs in', async () => {
    await admin.goto(`${server.url}/admin/Users`, { waitUntil: 'networkidle0' });
    await clickButton(admin, 'Import / export');
    await waitForText(admin, 'userName,email,password,realName,stdNumber,phone,team');

    await pick('bad.csv', sheet('reef-at-example.com'));
    await admin.waitForSelector('::-p-aria([name="Problems per row"])');
    const problem = await admin.$$eval('[role="dialog"] tbody tr', (rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    );
    expect(problem).toEqual([['2', 'email', 'Not a valid e-mail address']]);
    expect(await admin.$('::-p-aria([name="Import"][role="button"])')).toBeNull();
    expect((await api.admin.searchUsers('shoal')).data).toEqual([]);

    await pick('fixed.csv', sheet('reef@example.com'));
    await waitForText(admin, '2 rows: 2 new users, 0 updated, 1 new teams.');
    await clickButton(admin, 'Import');
    await waitForText(admin, '2 passwords were generated.');
    await clickButton(admin, 'Download passwords (CSV)');
    await expect.poll(() => readdirSync(downloads)).toContain('passwords.csv');
    const [header, ...lines] = readFileSync(path.join(downloads, 'passwords.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(header).toBe('userName,email,password');
    const reef = lines.map((line) => line.split(',')).find(([name]) => name === 'reef');
    expect(reef?.[2]).toMatch(/^\w{20}$/);

    const player = createNodeClient({ baseUrl: server.url });
    await player.account.login({ userName: 'reef', password: reef?.[2] ?? '' });
    expect((await player.team.list()).map((team) => [team.name, team.members?.length])).toEqual([
      ['Kelp', 2],
    ]);
  });
});
