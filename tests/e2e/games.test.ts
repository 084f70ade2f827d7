// Playing a game in a real browser against the real server: the admin (through the SDK's node client)
// turns the HashPow captcha on and sets up a running game with one challenge, its attachment and its
// flag; a new player signs up (the browser solves the proof of work), creates a team, joins the game from
// its page, opens the challenge board and the challenge, downloads the attachment, and submits a wrong
// flag, then the right one, which an open scoreboard shows without a reload. With the board open, the
// admin posts a notice, which shows up live as a toast and in the notices panel. Last, the player switches
// the language and the colour scheme, and both stay after a reload.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { captchaSignUps } from '../support/policies.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, fill, waitForText } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
const flag = 'flag{pennants_fly_high}';
const attachment = 'Keeper: look up at the lantern room.\n';
const japanese = JSON.parse(
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../static/locales/ja-JP.json'),
    'utf8',
  ),
);

describe('games', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;
  let admin: ReturnType<typeof createNodeClient>;
  let board: Page;
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'pennon-e2e-downloads-'));

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        PENNON_ADMIN_PASSWORD: adminPassword,
        PENNON_CAPTCHA_PROVIDER: 'HashPow',
        // Easy enough for a loaded test machine, hard enough that no answer passes by chance.
        PENNON_CAPTCHA_POW_DIFFICULTY: '14',
      }),
      launchBrowser(),
    ]);
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    await admin.admin.updateConfig({
      accountPolicy: captchaSignUps,
    });
    const now = Date.now();
    const game = await admin.edit.createGame({
      title: 'Harbour Cup',
      start: now - 3600_000,
      end: now + 24 * 3600_000,
    });
    gameId = game.id;
    await admin.edit.updateGame(gameId, {
      title: 'Harbour Cup',
      summary: 'A friendly game by the sea',
      content: '## Rules\n\nBe **kind**.',
      acceptWithoutReview: true,
      teamMemberCountLimit: 4,
      start: now - 3600_000,
      end: now + 24 * 3600_000,
    });
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Lighthouse',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, challenge.id, [{ flag }]);
    const [file] = await admin.assets.upload(new File([attachment], 'keeper.txt', { type: 'text/plain' }));
    await admin.edit.updateAttachment(gameId, challenge.id, {
      attachmentType: 'Local',
      fileHash: file?.hash,
    });
    await admin.edit.updateChallenge(gameId, challenge.id, {
      content: 'Find the **keeper**.',
      hints: ['Look up'],
      isEnabled: true,
    });
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('lists the game with its status and countdown, on the games page and the home page', async () => {
    await page.goto(`${server.url}/games`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Harbour Cup');
    // textContent: the badge is upper-cased by CSS only.
    const card = await page.$eval('[data-testid="game-card"]', (node) => node.textContent);
    expect(card).toContain('Ongoing');
    expect(card).toMatch(/Ends in (\d+ d )?\d\d:\d\d:\d\d/);
    expect(card).toContain('Teams of up to 4');
    // The card is as tall as what it shows: its poster whole, no blank under its last line.
    const fit = await page.$eval('[data-testid="game-card"]', (node) => {
      const [poster, text] = [node.firstElementChild, node.lastElementChild?.lastElementChild];
      return {
        poster: poster?.getBoundingClientRect().height,
        blankBelow: node.getBoundingClientRect().bottom - (text?.getBoundingClientRect().bottom ?? 0),
        padding: Number.parseFloat(getComputedStyle(node).paddingBottom),
      };
    });
    expect(fit.poster).toBe(140);
    expect(fit.blankBelow).toBeLessThanOrEqual(fit.padding + 1);

    // The home page lists it among the recent games.
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="recent-games"]');
    expect(
      await page.$eval('[data-testid="recent-games"]', (node) => (node as HTMLElement).innerText),
    ).toContain('Harbour Cup');
  });

  it('refuses a registration without the captcha answer', async () => {
    const res = await fetch(`${server.url}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'bot', email: 'bot@example.com', password }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).title).toMatch(/captcha/i);
  });

  it('lets a new player, who passes the proof of work, with a team join the game from its page', async () => {
    await page.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    await fill(page, 'User name', 'skipper');
    await fill(page, 'E-mail', 'skipper@example.com');
    await fill(page, 'Password', password);
    await fill(page, 'Confirm password', password);
    // Solved in a worker while the form is filled in.
    await page.waitForSelector('[data-testid="captcha"][data-status="ready"]', { timeout: 30_000 });
    await clickButton(page, 'Create account');
    await page.locator('::-p-aria([name="Account menu of skipper"][role="button"])').wait();

    await page.goto(`${server.url}/Teams`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Create team');
    await fill(page, 'Team name', 'Gulls', '[role="dialog"]');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await page.waitForSelector('[role="dialog"]', { hidden: true });

    await page.goto(`${server.url}/games/${gameId}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Rules');
    expect(await page.$eval('[data-testid="participation"]', (n) => n.textContent)).toContain('Not joined');
    await clickButton(page, 'Join game');
    await page.waitForSelector('[role="dialog"]');
    // The only team is chosen already; the game needs neither a division nor a code.
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await waitForText(page, 'You joined Harbour Cup');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="participation"]')?.textContent?.includes('Accepted'),
    );
    expect(await page.$eval('[data-testid="participation"]', (n) => (n as HTMLElement).innerText)).toContain(
      'Gulls',
    );
  });

  it('shows the board and the challenge, and judges submitted flags', async () => {
    await page.locator('::-p-aria([name="Go to challenges"])').click();
    await page.waitForFunction(() => location.pathname.endsWith('/Challenges'));
    await page.waitForSelector('[data-testid="challenge-card"]');
    const card = await page.$eval(
      '[data-testid="challenge-card"]',
      (node) => (node as HTMLElement).innerText,
    );
    expect(card).toContain('Lighthouse');
    expect(await page.$eval('[data-testid="team-rank"]', (n) => (n as HTMLElement).innerText)).toContain(
      'Gulls',
    );

    await page.click('[data-testid="challenge-card"]');
    await page.waitForSelector('[role="dialog"]');
    await waitForText(page, 'Find the keeper');
    await waitForText(page, 'Look up');

    await page.locator('::-p-aria([name="Download attachment"])').click();
    const downloaded = path.join(downloads, 'keeper.txt');
    await expect.poll(() => readdirSync(downloads)).toContain('keeper.txt');
    expect(readFileSync(downloaded, 'utf8')).toBe(attachment);

    // A second tab keeps the scoreboard open while the flags are judged.
    board = await browser.newPage();
    await board.setViewport({ width: 1280, height: 900 });
    await board.goto(`${server.url}/games/${gameId}/Scoreboard`, { waitUntil: 'networkidle0' });
    await board.waitForSelector('[data-testid="scoreboard"] tr[data-team]');
    expect(await board.$$('[data-testid="scoreboard"] tr[data-team] svg[aria-label]')).toHaveLength(0);
    await board.evaluate(() => {
      (window as unknown as { pennonMarker: boolean }).pennonMarker = true;
    });
    await page.bringToFront();

    await fill(page, 'Flag', 'flag{wrong}', '[role="dialog"]');
    await clickButton(page, 'Submit');
    const outcome = () =>
      page.waitForFunction(() => {
        const node = document.querySelector('[data-testid="flag-outcome"]');
        return (
          node?.getAttribute('data-result') ?? (node?.getAttribute('role') === 'alert' && node.textContent)
        );
      });
    expect(await (await outcome()).jsonValue()).toBe('WrongAnswer');
    await waitForText(page, 'Wrong flag');

    await fill(page, 'Flag', flag, '[role="dialog"]');
    await clickButton(page, 'Submit');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="flag-outcome"]')?.getAttribute('data-result') === 'Accepted',
    );
    await waitForText(page, 'Correct!');
  });

  it('shows the solve on the open scoreboard without a reload', async () => {
    // The player looks at the tab again: the hub told it of the new board (tests/e2e/live-scoreboard.test.ts times it).
    await board.bringToFront();
    const row = await board.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="scoreboard"] tr[data-team]')].find(
          (node) => node.innerText.includes('Gulls') && node.querySelector('svg[aria-label="First blood"]'),
        )?.innerText,
    );
    expect(await row.jsonValue()).toContain('Gulls');
    expect(await board.evaluate(() => (window as unknown as { pennonMarker?: boolean }).pennonMarker)).toBe(
      true,
    );
    await board.close();
  });

  it('shows a notice the admin posts while the board is open, without a reload', async () => {
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { hidden: true });
    await page.waitForSelector('[data-testid="notice"]');
    // A page load would drop this marker.
    await page.evaluate(() => {
      (window as unknown as { pennonMarker: boolean }).pennonMarker = true;
    });
    const content = 'The **harbour** closes at dusk <img src=x onerror="window.pwned=1">';
    await admin.edit.createNotice(gameId, { content });

    // Pushed by the user hub, or polled by the game's feed within 10 s when the hub cannot connect.
    const toast = await page.waitForSelector('[data-testid="notice-toast"][data-type="Normal"]');
    expect(await toast?.evaluate((node) => (node as HTMLElement).innerText)).toContain(
      'The harbour closes at dusk',
    );
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="notice"][data-type="Normal"]')].some((node) =>
        (node as HTMLElement).innerText.includes('The harbour closes at dusk'),
      ),
    );
    // The newest notice comes first in the panel.
    expect(await page.$eval('[data-testid="notice"]', (node) => (node as HTMLElement).innerText)).toContain(
      'The harbour closes at dusk',
    );
    expect(
      await page.$$eval(
        '[data-testid="notice"] [onerror], [data-testid="notice-toast"] [onerror]',
        (n) => n.length,
      ),
    ).toBe(0);
    expect(
      await page.evaluate(() => ({
        kept: (window as unknown as { pennonMarker?: boolean }).pennonMarker,
        pwned: (window as unknown as { pwned?: number }).pwned,
      })),
    ).toEqual({ kept: true, pwned: undefined });
  }, 40_000);

  it('switches the colour scheme and the language, and keeps both after a reload', async () => {
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('dark');
    await page.locator('::-p-aria([name="Toggle colour scheme"][role="button"])').click();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light',
    );

    await page.locator('::-p-aria([name="Language"][role="button"])').click();
    await page.locator('::-p-aria([name="日本語"][role="menuitem"])').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja-JP');
    const nav = () => page.$eval('header nav', (node) => (node as HTMLElement).innerText);
    await page.waitForFunction(
      (games) => document.querySelector('header nav')?.textContent?.includes(games),
      {},
      japanese.common.nav.games,
    );

    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.documentElement.lang === 'ja-JP');
    expect(await scheme()).toBe('light');
    expect(await nav()).toContain(japanese.common.nav.about);
  });
});
