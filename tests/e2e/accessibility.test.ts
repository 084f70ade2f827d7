// The main pages, signed out, as a player in a running game and as an admin (the admin and monitor pages),
// checked with axe in a real browser: no serious or critical violation, in the dark (default) and the light
// colour scheme.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, startPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn, signOut } from '../support/ui.ts';

const password = 'Harbour2024x';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe's serious and critical findings on the page as it is now. */
const audit = async (page: Page): Promise<Finding[]> => {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: Result[] }> };
    };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
};

describe('accessibility', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;

  beforeAll(async () => {
    let admin: NodeClient;
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Harbour Cup', {
      summary: 'A friendly game by the sea',
      content: '## Rules\n\nBe **kind**.',
    });
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Lighthouse',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, challenge.id, [{ flag: 'flag{lantern}' }]);
    await admin.edit.updateChallenge(gameId, challenge.id, {
      content: 'Find the **keeper**.',
      isEnabled: true,
    });
    await admin.edit.createNotice(gameId, { content: 'The harbour opens at dawn' });
    await admin.edit.createPost({ title: 'Welcome aboard', summary: 'The season starts', content: 'Hello' });
    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({ userName: 'skipper', email: 'skipper@example.com', password });
    const team = await player.team.create({ name: 'Gulls' });
    await player.game.join(gameId, { teamId: team.id });

    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const visit = async (path: string) => {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
    // Wait for the page (not the loader) and for Mantine's transitions to settle.
    await page.waitForSelector('main h1, main h2');
    await new Promise((resolve) => setTimeout(resolve, 300));
  };

  const signedOut = ['/', '/About', '/games', '/posts', '/account/Login', '/account/Register'];
  const player = [
    '/Teams',
    `/games/{id}`,
    `/games/{id}/Challenges`,
    `/games/{id}/Scoreboard`,
    '/account/Profile',
  ];
  const adminPages = [
    '/admin/games',
    '/admin/Users',
    '/admin/Settings',
    '/admin/Logs',
    '/admin/games/{id}/Info',
    '/admin/games/{id}/challenges',
    '/games/{id}/monitor/Events',
    '/games/{id}/monitor/Submissions',
    '/games/{id}/monitor/CheatInfo',
    '/games/{id}/monitor/Traffic',
  ];

  for (const scheme of ['dark', 'light'] as const) {
    describe(`${scheme} colour scheme`, () => {
      beforeAll(async () => {
        await page.goto(server.url, { waitUntil: 'networkidle0' });
        await page.evaluate((value) => localStorage.setItem('mantine-color-scheme-value', value), scheme);
      });

      it.each(signedOut)('finds no serious violation on %s, signed out', async (path) => {
        await visit(path);
        expect(await audit(page)).toEqual([]);
      });

      describe('signed in as a player', () => {
        beforeAll(() => signIn(page, 'skipper', password));
        afterAll(() => signOut(page));

        it.each(player)('finds no serious violation on %s', async (path) => {
          await visit(path.replace('{id}', String(gameId)));
          expect(await audit(page)).toEqual([]);
        });
      });

      describe('signed in as an admin', () => {
        beforeAll(() => signIn(page, 'admin', ADMIN_PASSWORD));
        afterAll(() => signOut(page));

        it.each(adminPages)('finds no serious violation on %s', async (path) => {
          await visit(path.replace('{id}', String(gameId)));
          expect(await audit(page)).toEqual([]);
        });
      });
    });
  }
});
