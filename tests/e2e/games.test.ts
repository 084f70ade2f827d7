// Playing a game in a real browser against the real server: the admin (through the SDK's node client)
// sets up a running game with one challenge and its flag; a new player signs up, creates a team, joins
// the game from its page, opens the challenge board and the challenge, and submits a wrong flag, then
// the right one. With the board open, the admin posts a notice, which shows up live as a toast and in the
// notices panel.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
const flag = 'flag{pennants_fly_high}';

const fill = async (page: Page, label: string, value: string, scope = 'body') => {
  const id = await page.waitForFunction(
    (text, root) =>
      [...document.querySelectorAll<HTMLLabelElement>(`${root} label`)].find((node) =>
        node.textContent?.trim().startsWith(text),
      )?.htmlFor,
    {},
    label,
    scope,
  );
  const selector = `[id="${(await id.jsonValue()) as string}"]`;
  await page.click(selector, { count: 3 });
  await page.type(selector, value);
};

const clickButton = (page: Page, name: string) =>
  page.locator(`::-p-aria([name="${name}"][role="button"])`).click();

const waitForText = (page: Page, text: string, timeout = 10_000) =>
  page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);

describe('games', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;
  let admin: ReturnType<typeof createNodeClient>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
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
    await admin.edit.updateChallenge(gameId, challenge.id, {
      content: 'Find the **keeper**.',
      hints: ['Look up'],
      isEnabled: true,
    });
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the game with its status and countdown', async () => {
    await page.goto(`${server.url}/games`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Harbour Cup');
    // textContent: the badge is upper-cased by CSS only.
    const card = await page.$eval('[data-testid="game-card"]', (node) => node.textContent);
    expect(card).toContain('Ongoing');
    expect(card).toMatch(/Ends in (\d+ d )?\d\d:\d\d:\d\d/);
    expect(card).toContain('Teams of up to 4');
  });

  it('lets a new player with a team join the game from its page', async () => {
    await page.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    await fill(page, 'User name', 'skipper');
    await fill(page, 'E-mail', 'skipper@example.com');
    await fill(page, 'Password', password);
    await fill(page, 'Confirm password', password);
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
    await page.waitForFunction(
      () => document.querySelector('[data-testid="participation"]')?.textContent?.includes('Accepted'),
      { timeout: 10_000 },
    );
    expect(await page.$eval('[data-testid="participation"]', (n) => (n as HTMLElement).innerText)).toContain(
      'Gulls',
    );
  });

  it('shows the board and the challenge, and judges submitted flags', async () => {
    await page.locator('::-p-aria([name="Go to challenges"])').click();
    await page.waitForFunction(() => location.pathname.endsWith('/Challenges'));
    await page.waitForSelector('[data-testid="challenge-card"]', { timeout: 10_000 });
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

    await fill(page, 'Flag', 'flag{wrong}', '[role="dialog"]');
    await clickButton(page, 'Submit');
    const outcome = () =>
      page.waitForFunction(
        () => {
          const node = document.querySelector('[data-testid="flag-outcome"]');
          return (
            node?.getAttribute('data-result') ?? (node?.getAttribute('role') === 'alert' && node.textContent)
          );
        },
        { timeout: 15_000 },
      );
    expect(await (await outcome()).jsonValue()).toBe('WrongAnswer');
    await waitForText(page, 'Wrong flag');

    await fill(page, 'Flag', flag, '[role="dialog"]');
    await clickButton(page, 'Submit');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="flag-outcome"]')?.getAttribute('data-result') === 'Accepted',
      { timeout: 15_000 },
    );
    await waitForText(page, 'Correct!');
  });

  it('shows a notice the admin posts while the board is open, without a reload', async () => {
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { hidden: true });
    await page.waitForSelector('[data-testid="notice"]', { timeout: 10_000 });
    // A page load would drop this marker.
    await page.evaluate(() => {
      (window as unknown as { pennonMarker: boolean }).pennonMarker = true;
    });
    const content = 'The **harbour** closes at dusk <img src=x onerror="window.pwned=1">';
    await admin.edit.createNotice(gameId, { content });

    // Pushed by the user hub, or polled by the SDK within 10 s when the hub cannot connect.
    const toast = await page.waitForSelector('[data-testid="notice-toast"][data-type="Normal"]', {
      timeout: 20_000,
    });
    expect(await toast?.evaluate((node) => (node as HTMLElement).innerText)).toContain(
      'The harbour closes at dusk',
    );
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="notice"][data-type="Normal"]')].some((node) =>
          (node as HTMLElement).innerText.includes('The harbour closes at dusk'),
        ),
      { timeout: 10_000 },
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
});
