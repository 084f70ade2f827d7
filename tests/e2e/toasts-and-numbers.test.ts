// Two details of issue #49 in Chromium against the real server: on a phone (390 px) a toast leaves the header's
// buttons (the menu, the account corner) in reach while it shows; and numbers inside translated sentences are
// grouped the page's way, "1.234" on a German page and "1 234" on a French one.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, playerWithTeam, startPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { fill, pressButton, signIn, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';

describe('toasts and numbers', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let page: Page;
  let gameId = 0;

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Quay Numbers Cup');
    const { id } = await admin.edit.createChallenge(gameId, {
      title: 'Lantern',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.updateChallenge(gameId, id, { originalScore: 1234, minScoreRate: 0.25 });
    await playerWithTeam(server.url, 'skipper', password, 'Gulls');
    page = await browser.newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("keeps a phone's header buttons clickable while a toast shows", async () => {
    await page.setViewport({ width: 390, height: 800 });
    await page.goto(`${server.url}/`);
    await signIn(page, 'skipper', password);
    await page.goto(`${server.url}/account/Profile`);
    await fill(page, 'Bio', 'Sails at dawn');
    await pressButton(page, 'Save profile');

    // What a tap at the middle of each header button shown at this width reaches while the toast is up.
    const reached = await (
      await page.waitForFunction(() => {
        const toast = [...document.querySelectorAll('.mantine-Notification-root')].find((node) =>
          node.textContent?.includes('Your profile has been saved'),
        );
        if (!toast) return null;
        return [...document.querySelectorAll('header button')].flatMap((button) => {
          const box = button.getBoundingClientRect();
          if (box.width === 0) return [];
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return [
            { name: button.getAttribute('aria-label') ?? button.textContent, reached: button.contains(hit) },
          ];
        });
      })
    ).jsonValue();
    expect(reached?.length).toBeGreaterThanOrEqual(2);
    expect(reached?.filter((button) => !button.reached)).toEqual([]);
    // Nor does an empty toast container lie over the page.
    const covered = await page.evaluate(() =>
      [0.3, 0.6, 0.9].flatMap((y) =>
        [0.1, 0.5, 0.9].filter((x) =>
          document
            .elementFromPoint(window.innerWidth * x, window.innerHeight * y)
            ?.closest('.mantine-Notifications-root'),
        ),
      ),
    );
    expect(covered).toEqual([]);
    await page.locator('::-p-aria([name="Navigation"][role="button"])').click();
    await page.waitForSelector('::-p-aria([name="Navigation"][role="dialog"])');
  }, 120_000);

  it.each([
    ['de-DE', '1.234 Pkt. (von 1.234, mindestens 308)'],
    ['fr-FR', '1\u202f234 pts (sur 1\u202f234, au moins 308)'],
  ])(
    'groups the digits of a score in a sentence on a %s page',
    async (locale, text) => {
      await page.setViewport({ width: 1440, height: 900 });
      await signIn(page, 'admin', ADMIN_PASSWORD);
      await page.goto(`${server.url}/admin/games/${gameId}/challenges?lng=${locale}`);
      await waitForText(page, text);
    },
    120_000,
  );
});
