// Running a game from the admin pages, in a real browser against the real server: the admin signs in,
// creates a game, moves its start into the past with the date picker, writes its summary and adds a
// division that needs review; a player (through the SDK) joins that division and waits; the admin accepts
// the team in Review and posts a notice, which the player (a second browser) reads on the game's board. Last, the
// game is exported from the list and the package imported back as a second game.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { calendarDay, desktopPage, fill, labelledId, signInThroughForm, waitForText } from '../support/ui.ts';

const playerPassword = 'Harbour2024x';

const click = (page: Page, role: string, name: string) =>
  page.locator(`::-p-aria([name="${name}"][role="${role}"])`).click();

/** Opens one of the game's admin tabs (from the top of the page: the fixed header would catch a click on a tab scrolled to the edge). */
const openTab = async (page: Page, name: string, path: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await click(page, 'tab', name);
  await page.waitForFunction((end) => location.pathname.endsWith(end), {}, path);
};

describe('admin game pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: NodeClient;
  let admin: Page;
  let player: Page;
  let gameId = 0;

  beforeAll(async () => {
    ({ server, browser, admin: api } = await startPlatform());
    // The downloads of the export go to the default context's pages.
    admin = await desktopPage(browser, browser.defaultBrowserContext());
    player = await desktopPage(browser);
  }, 60_000);
  afterAll(() => stopPlatform({ server, browser }));

  it('creates a game from the game list and lands on its Info page', async () => {
    await signInThroughForm(admin, server.url, 'admin', ADMIN_PASSWORD);
    await admin.goto(`${server.url}/admin/games`, { waitUntil: 'networkidle0' });
    await waitForText(admin, 'No games yet');
    await click(admin, 'button', 'New game');
    await fill(admin, 'Title', 'Tide Cup', '[role="dialog"]');
    await click(admin, 'button', 'Create');
    await admin.waitForFunction(() => /^\/admin\/games\/\d+\/Info$/.test(location.pathname));
    gameId = Number(new URL(admin.url()).pathname.split('/')[3]);
    expect(gameId).toBeGreaterThan(0);
    await admin.waitForFunction(
      () => document.querySelector('[data-testid="admin-game-title"]')?.textContent === 'Tide Cup',
    );
  });

  it('saves the settings and a division that needs review', async () => {
    await fill(admin, 'Summary', 'Races against the tide');
    // The new game starts at the next full hour: pick yesterday in the calendar instead.
    await admin.click(`[id="${await labelledId(admin, 'Start')}"]`);
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    await admin.locator(`::-p-aria([name="${calendarDay(yesterday)}"])`).click();
    await admin.keyboard.press('Escape');
    await click(admin, 'button', 'Save');
    await waitForText(admin, 'Game settings saved');

    await click(admin, 'button', 'Add division');
    await fill(admin, 'Name', 'Students', '[role="dialog"]');
    // Every permission is on by default, review included; ranking overall is not for students.
    await admin.click(`[id="${await labelledId(admin, 'Overall ranking', '[role="dialog"]')}"]`);
    await click(admin, 'button', 'Save division');
    await admin.waitForSelector('[role="dialog"]', { hidden: true });
    await admin.waitForSelector('[data-testid="division"]');
    expect(
      await admin.$eval('[data-testid="division"]', (node) => (node as HTMLElement).innerText),
    ).toContain('Students');

    const game = await api.edit.game(gameId);
    expect(game.summary).toBe('Races against the tide');
    expect(game.start).toBeLessThan(Date.now());
    expect(game.end).toBeGreaterThan(Date.now());
    const [division] = await api.edit.divisions(gameId);
    expect(division?.name).toBe('Students');
    expect((division?.defaultPermissions ?? 0) & 2).toBe(0);
    expect((division?.defaultPermissions ?? 0) & 4).toBe(4);
  });

  it('accepts a team waiting in the division from Review', async () => {
    const tern = createNodeClient({ baseUrl: server.url });
    await tern.account.register({ userName: 'tern', email: 'tern@example.com', password: playerPassword });
    const team = await tern.team.create({ name: 'Terns' });
    const { divisions } = await tern.game.get(gameId);
    const students = divisions?.find((division) => division.name === 'Students');
    await tern.game.join(gameId, { teamId: team.id, divisionId: students?.id ?? null });
    expect((await tern.game.get(gameId)).status).toBe('Pending');

    await openTab(admin, 'Participation Review', '/Review');
    await admin.locator('::-p-aria([name="Accept Terns"][role="button"])').click();
    await admin.waitForFunction(
      () => document.querySelector('[data-testid="participation-status"]')?.textContent === 'Accepted',
    );
    const joined = await tern.game.get(gameId);
    expect(joined.status).toBe('Accepted');
    expect(joined.division).toBe(students?.id);
  });

  it('posts a notice that the player reads on the board', async () => {
    await openTab(admin, 'Game Notices', '/Notices');
    await fill(admin, 'Notice (Markdown)', 'Low tide at **noon**');
    await click(admin, 'button', 'Publish');
    await waitForText(admin, 'Notice published');
    await admin.waitForSelector('[data-testid="notice"][data-type="Normal"]');

    await signInThroughForm(player, server.url, 'tern', playerPassword);
    await player.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await player.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="notice"][data-type="Normal"]')].some((node) =>
        (node as HTMLElement).innerText.includes('Low tide at noon'),
      ),
    );
    expect(await player.$eval('[data-testid="notice"] strong', (node) => node.textContent)).toBe('noon');
  });

  it('exports the game from the list and imports the package as a new game', async () => {
    const downloads = mkdtempSync(path.join(os.tmpdir(), 'pennon-e2e-export-'));
    try {
      const cdp = await browser.target().createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
      await admin.goto(`${server.url}/admin/games`, { waitUntil: 'networkidle0' });
      await click(admin, 'button', 'Export Tide Cup');
      await waitForText(admin, 'Download finished');
      let saved: string[] = [];
      for (let i = 0; i < 100 && saved.length === 0; i++) {
        saved = readdirSync(downloads).filter((name) => name.endsWith('.zip'));
        if (saved.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(saved[0]).toMatch(/^Tide Cup-export-\d{8}-\d{6}\.zip$/);

      const input = await admin.$('input[type="file"]');
      await input?.uploadFile(path.join(downloads, saved[0] as string));
      await admin.waitForFunction(
        (first) => {
          const match = /^\/admin\/games\/(\d+)\/Info$/.exec(location.pathname);
          return match !== null && Number(match[1]) !== first;
        },
        {},
        gameId,
      );
      await admin.waitForFunction(
        () => document.querySelector('[data-testid="admin-game-title"]')?.textContent === 'Tide Cup',
      );
      const copyId = Number(new URL(admin.url()).pathname.split('/')[3]);
      const [original, copy] = await Promise.all([api.edit.game(gameId), api.edit.game(copyId)]);
      expect(copy.summary).toBe(original.summary);
      expect((await api.edit.divisions(copyId)).map((d) => d.name)).toEqual(
        (await api.edit.divisions(gameId)).map((d) => d.name),
      );
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }
  });
});
