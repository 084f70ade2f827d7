// Phones: every route of the web client at 320 × 640 (signed out, as a player, as an admin and monitor) on a game
// with real data — a team, a solve, a notice, a post — without horizontal scrolling; at 390 px the header keeps the
// platform's name and the game's status badges whole, and signed out at 320 and 390 px it breaks the name only
// between words, the links and preferences moved into the header's menu; a game's tabs fit at 390 px, and at 320 px
// the current one is scrolled into view. Every route has the styles of each Mantine component it shows (they load
// with the components' code).
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { unstyledMantineClasses } from '../support/styles.ts';
import { signIn, signOut } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
const flag = 'flag{lantern}';

/** What sticks out past the right edge of the window, to say which element overflows when one does. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((node) => node.getBoundingClientRect().right > width + 0.5)
      // Innermost only: their ancestors stick out because of them.
      .filter((node, _, all) => !all.some((other) => other !== node && node.contains(other)))
      .slice(0, 5)
      .map((node) => `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 120));
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits };
  });

describe('phones', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;
  let challengeId = 0;
  let postId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      // A long walk on a shared machine: the start may take a while.
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    const { globalConfig } = await admin.admin.config();
    type GlobalConfig = NonNullable<Parameters<typeof admin.admin.updateConfig>[0]['globalConfig']>;
    await admin.admin.updateConfig({
      globalConfig: {
        ...(globalConfig as GlobalConfig),
        title: 'Harbour Winter CTF',
        footerInfo: 'Run by **the harbour club**',
      },
    });
    gameId = await createRunningGame(admin, 'Harbour Cup of the Northern Lighthouse Keepers', {
      summary: 'A friendly game by the sea',
      content:
        '## Rules\n\nBe **kind**. https://example.com/a/very/long/address/that/should/wrap/somewhere/nicely',
    });
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Lighthouse',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    challengeId = challenge.id;
    await admin.edit.addFlags(gameId, challengeId, [{ flag }]);
    await admin.edit.updateChallenge(gameId, challengeId, {
      content: 'Find the **keeper**.',
      isEnabled: true,
    });
    await admin.edit.createNotice(gameId, { content: 'The harbour opens at dawn' });
    postId = await admin.edit.createPost({
      title: 'Welcome aboard',
      summary: 'The season starts',
      content: 'Hello',
    });
    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({ userName: 'skipper', email: 'skipper@example.com', password });
    const team = await player.team.create({ name: 'Breakwater Gulls' });
    await player.game.join(gameId, { teamId: team.id });
    await player.game.submit(gameId, challengeId, flag);

    page = await browser.newPage();
    await page.setViewport({ width: 320, height: 640 });
    // Signing in calls the platform from the page: it must be on the platform's origin.
    await page.goto(server.url, { waitUntil: 'networkidle0' });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const visit = async (path: string) => {
    const url = path
      .replace('{id}', String(gameId))
      .replace('{chal}', String(challengeId))
      .replace('{post}', postId);
    await page.goto(`${server.url}${url}`, { waitUntil: 'networkidle0' });
    // The page itself (not the loader), and its late parts (Markdown, charts) settled.
    await page.waitForSelector('main h1, main h2');
    await new Promise((resolve) => setTimeout(resolve, 400));
  };
  const fits = async (path: string) => {
    await visit(path);
    const { scrollWidth, width, culprits } = await overflow(page);
    expect(scrollWidth, `${path} overflows: ${culprits.join(', ')}`).toBeLessThanOrEqual(width);
    expect(await unstyledMantineClasses(page), `${path} lacks Mantine styles`).toEqual([]);
  };
  /** A row of tabs (the game's, else the one named), and how far the current one is cut at either edge of it. */
  const tabs = (name?: string) =>
    page.$eval(name ? `main [role="tablist"][aria-label="${name}"]` : 'main [role="tablist"]', (list) => {
      const [row, current] = [list.getBoundingClientRect(), list.querySelector('[data-active]')];
      const shown = current?.getBoundingClientRect();
      return {
        names: [...list.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent),
        current: current?.textContent,
        // Whole pixels: a row scrolls by whole pixels, its last tab may end a fraction past it.
        cut: shown ? Math.floor(Math.max(0, row.left - shown.left, shown.right - row.right)) : Number.NaN,
        scrolls: list.scrollWidth > list.clientWidth,
      };
    });
  /** The header's platform name: its text, the words a line break cuts in two, and whether its box clips it. */
  const brandTitle = () =>
    page.$eval('header a[href="/"] span', (title) => {
      const text = title.firstChild as Text;
      const cutWords = [...text.data.matchAll(/\S+/gu)]
        .filter((word) => {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((word) => word[0]);
      // A line past the clamp adds a line's height; the glyphs' own overflow of a 1.15 line height adds a pixel or two.
      const halfLine = Number.parseFloat(getComputedStyle(title).lineHeight) / 2;
      const clipped =
        title.scrollWidth > title.clientWidth + 0.5 || title.scrollHeight > title.clientHeight + halfLine;
      return { text: text.data, cutWords, clipped, right: title.getBoundingClientRect().right };
    });

  describe('signed out', () => {
    it.each([
      '/',
      '/About',
      '/games',
      '/posts',
      '/posts/{post}',
      '/account/Login',
      '/account/Register',
      '/account/Recovery',
      '/account/Reset',
      '/account/Verify',
      '/account/Confirm',
      '/no/such/page',
    ])('%s fits 320 px, styled', fits);

    it("keeps the platform's name in whole words beside Sign in, with the links and preferences in the menu", async () => {
      for (const width of [320, 390]) {
        await page.setViewport({ width, height: 700 });
        await visit('/');
        const signIn = await page.$eval(
          'header a[href^="/account/Login"]',
          (link) => link.getBoundingClientRect().left,
        );
        const title = await brandTitle();
        expect(title, `at ${width} px`).toMatchObject({
          text: 'Harbour Winter CTF',
          cutWords: [],
          clipped: false,
        });
        expect(title.right, `at ${width} px`).toBeLessThan(signIn);
      }
      await page.setViewport({ width: 320, height: 640 });
      const menu = '::-p-aria([name="Navigation"][role="button"])';
      await page.locator(menu).click();
      const drawer = await page.waitForSelector('::-p-aria([name="Navigation"][role="dialog"])');
      expect(await drawer?.$('::-p-aria([name="Language"][role="button"])')).not.toBeNull();
      expect(await drawer?.$('::-p-aria([name="Toggle colour scheme"][role="button"])')).not.toBeNull();
      await page.locator('::-p-aria([name="Games"][role="link"])').click();
      await page.waitForFunction(() => location.pathname === '/games');
      await page.waitForSelector('::-p-aria([name="Navigation"][role="dialog"])', { hidden: true });
    });
  });

  describe('as a player', () => {
    beforeAll(() => signIn(page, 'skipper', password));
    afterAll(() => signOut(page));
    it.each([
      '/Teams',
      '/account/Profile',
      '/games/{id}',
      '/games/{id}/Challenges',
      '/games/{id}/Scoreboard',
    ])('%s fits 320 px, styled', fits);

    it("shows a game's tabs whole at 390 px, and the current one at 320 px", async () => {
      const pages = [
        ['/games/{id}', 'Overview'],
        ['/games/{id}/Challenges', 'Challenges'],
        ['/games/{id}/Scoreboard', 'Scoreboard'],
      ] as const;
      try {
        for (const width of [390, 320]) {
          await page.setViewport({ width, height: 700 });
          for (const [path, name] of pages) {
            await visit(path);
            const seen = await tabs();
            expect(seen, `${path} at ${width} px`).toMatchObject({
              names: ['Overview', 'Challenges', 'Scoreboard'],
              current: name,
              cut: 0,
            });
            if (width === 390) expect(seen.scrolls, `${path} at 390 px`).toBe(false);
          }
        }
      } finally {
        await page.setViewport({ width: 320, height: 640 });
      }
    });
  });

  describe('as an admin', () => {
    beforeAll(() => signIn(page, 'admin', adminPassword));
    afterAll(() => signOut(page));
    it.each([
      '/admin/games',
      '/admin/Users',
      '/admin/Teams',
      '/admin/Settings',
      '/admin/Logs',
      '/admin/Instances',
      '/admin/games/{id}/Info',
      '/admin/games/{id}/Notices',
      '/admin/games/{id}/Review',
      '/admin/games/{id}/Awards',
      '/admin/games/{id}/Writeups',
      '/admin/games/{id}/challenges',
      '/admin/games/{id}/challenges/{chal}',
      '/admin/games/{id}/challenges/{chal}/Flags',
      '/posts/{post}/Edit',
      '/games/{id}/monitor/Events',
      '/games/{id}/monitor/Submissions',
      '/games/{id}/monitor/CheatInfo',
      '/games/{id}/monitor/Traffic',
    ])('%s fits 320 px, styled', fits);

    it("shows the current tab whole at 320 px on a game's monitor and admin pages", async () => {
      for (const [path, current, row] of [
        ['/games/{id}/monitor/Traffic', 'Traffic', 'Monitor pages'],
        ['/games/{id}/monitor/CheatInfo', 'Cheat Information', 'Monitor pages'],
        ['/admin/games/{id}/challenges', 'Challenge Management', undefined],
      ] as const) {
        await visit(path);
        expect(await tabs(row), path).toMatchObject({ current, cut: 0 });
      }
    });

    it("keeps the platform's name and the game's badges whole at 390 px", async () => {
      await page.setViewport({ width: 390, height: 844 });
      try {
        await visit('/games/{id}');
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('header a[href="/"] span, main .mantine-Badge-label')]
            .filter((node) => node.scrollWidth > node.clientWidth + 0.5 || node.clientWidth === 0)
            .map((node) => node.textContent),
        );
        expect(cut).toEqual([]);
        expect(await page.$eval('header a[href="/"]', (brand) => brand.textContent)).toBe(
          'Harbour Winter CTF',
        );
      } finally {
        await page.setViewport({ width: 320, height: 640 });
      }
    });
  });
});
