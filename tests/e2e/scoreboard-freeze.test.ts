// Scoreboard freeze (issue #44) in Chromium against the real server: the admin freezes the board through the game's
// Info page and its date picker; a team solves after the freeze; another player's scoreboard page (left open, so a
// push would move it) keeps the frozen standings and says since when; the solver's challenge says its solve is after
// the freeze; the admin's board is the live one, labelled; once the game has ended the admin reveals the final board
// from the game's Info page and the open page moves.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChallenge, createRunningGame, judged, teamInGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import { scoreboardShows } from '../support/scoreboard.ts';
import type { RunningServer } from '../support/server.ts';
import { clickButton, pickDateTime, signedInPage, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';

describe('scoreboard freeze', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let organiser: Page;
  let watcher: Page;
  let solver: Page;
  let gameId = 0;
  const challenges = { lantern: 0, beacon: 0 };
  let terns: NodeClient;
  let gullsSolvedAt = 0;

  const bannerOf = (page: Page) =>
    page.$eval('[data-testid="scoreboard-frozen"]', (node) => (node as HTMLElement).innerText);

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Quay Freeze Cup');
    for (const [key, title] of [
      ['lantern', 'Lantern'],
      ['beacon', 'Beacon'],
    ] as const) {
      challenges[key] = await addChallenge(admin, gameId, title, `flag{${key}}`);
    }
    const gulls = await teamInGame(server.url, gameId, 'skipper', password, 'Gulls');
    terns = (await teamInGame(server.url, gameId, 'bosun', password, 'Terns')).client;
    // Before the freeze the Gulls solve alone: 1,000 points and the first blood's 5 %.
    await judged(gulls.client, gameId, challenges.lantern, 'flag{lantern}');
    gullsSolvedAt = Date.now();
    organiser = await signedInPage(browser, server.url, 'admin', ADMIN_PASSWORD);
    watcher = await signedInPage(browser, server.url, 'skipper', password);
    solver = await signedInPage(browser, server.url, 'bosun', password);
  }, 180_000);

  afterAll(() => stopPlatform({ server, browser }));

  it("keeps another player's board as it stood at the freeze set on the Info page, and marks the solver's own solve", async () => {
    // The picker sets whole minutes: the first after the Gulls' solve puts it before the freeze, the Terns' after.
    const freezeAt = Math.ceil(gullsSolvedAt / 60_000) * 60_000;
    await organiser.goto(`${server.url}/admin/games/${gameId}/Info`, { waitUntil: 'networkidle0' });
    await pickDateTime(organiser, 'Scoreboard freeze', new Date(freezeAt));
    await clickButton(organiser, 'Save');
    await waitForText(organiser, 'Game settings saved');
    await waitForText(organiser, 'Players see the board as it stood at');
    expect((await admin.edit.game(gameId)).freezeAt).toBe(freezeAt);

    // The freeze may still be ahead: the page shows it once it comes, pushed.
    await watcher.goto(`${server.url}/games/${gameId}/Scoreboard`, { waitUntil: 'networkidle0' });
    await watcher.waitForSelector('[data-testid="scoreboard-frozen"]', { timeout: 120_000 });
    await scoreboardShows(watcher, [
      ['Gulls', '1,050'],
      ['Terns', '0'],
    ]);
    expect(await bannerOf(watcher)).toMatch(/^The scoreboard is frozen: it shows the standings as of .*\d/);

    // The Terns take the Beacon's first blood after the freeze.
    await judged(terns, gameId, challenges.beacon, 'flag{beacon}');
    await organiser.goto(`${server.url}/games/${gameId}/Scoreboard`, { waitUntil: 'networkidle0' });
    await scoreboardShows(organiser, [
      ['Gulls', '1,050'],
      ['Terns', '1,050'],
    ]);
    expect(await bannerOf(organiser)).toMatch(/^Live board: players see the board as it stood at/);

    await solver.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await solver.waitForSelector('[data-testid="challenge-card"][data-solved]');
    await solver.$$eval('[data-testid="challenge-card"]', (cards) =>
      (cards.find((card) => card.textContent?.includes('Beacon')) as HTMLElement).click(),
    );
    const note = await solver.waitForSelector('[data-testid="solved-after-freeze"]');
    expect(await note?.evaluate((node) => (node as HTMLElement).innerText)).toBe(
      'Solved after the scoreboard froze: other teams see it once the final board is revealed.',
    );

    // The watcher's page, open all along, still shows the frozen standings.
    await scoreboardShows(watcher, [
      ['Gulls', '1,050'],
      ['Terns', '0'],
    ]);
  }, 180_000);

  it('reveals the final board from the Info page once the game has ended, and the open board moves', async () => {
    const game = await admin.edit.game(gameId);
    await admin.edit.updateGame(gameId, { ...game, end: Date.now() - 1000 });
    await organiser.goto(`${server.url}/admin/games/${gameId}/Info`, { waitUntil: 'networkidle0' });
    await clickButton(organiser, 'Reveal the final board');
    await waitForText(organiser, 'The final board was revealed on');
    await scoreboardShows(watcher, [
      ['Gulls', '1,050'],
      ['Terns', '1,050'],
    ]);
    expect(await watcher.$('[data-testid="scoreboard-frozen"]')).toBeNull();
  }, 120_000);
});
