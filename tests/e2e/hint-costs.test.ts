// Hints with a cost (issue #44) in Chromium against the real server: the admin adds a costed hint on the challenge's
// page; a player sees its title and cost but not its content, unlocks it through the dialog that names the cost,
// reads the content, and finds the cost taken from the team's score on the scoreboard, named as the hint's.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChallenge, createRunningGame, judged, teamInGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { clickButton, fill, signedInPage, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';
const dialog = '[role="dialog"]';
const secret = 'The key is under the third step';

describe('hints with a cost', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let organiser: Page;
  let player: Page;
  let gameId = 0;
  let challengeId = 0;
  let gullsId = 0;

  /** The text of the elements matching `selector` (as written: a badge's capitals are only its style). */
  const texts = (page: Page, selector: string) =>
    page.$$eval(selector, (nodes) => nodes.map((node) => node.textContent ?? ''));

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Quay Hints Cup');
    challengeId = await addChallenge(admin, gameId, 'Lantern', 'flag{lantern}');
    const gulls = await teamInGame(server.url, gameId, 'skipper', password, 'Gulls');
    gullsId = gulls.teamId;
    // Gulls solve alone: 1,000 points and the first blood's 5 %.
    await judged(gulls.client, gameId, challengeId, 'flag{lantern}');

    organiser = await signedInPage(browser, server.url, 'admin', ADMIN_PASSWORD);
    player = await signedInPage(browser, server.url, 'skipper', password);
  }, 180_000);

  afterAll(() => stopPlatform({ server, browser }));

  it("adds a hint with a cost on the challenge's admin page", async () => {
    await organiser.goto(`${server.url}/admin/games/${gameId}/challenges/${challengeId}`, {
      waitUntil: 'networkidle0',
    });
    await waitForText(organiser, 'No hints with a cost.');
    await clickButton(organiser, 'Add a hint with a cost');
    await organiser.waitForSelector(dialog);
    await fill(organiser, 'Title', 'Where to look', dialog);
    await fill(organiser, 'Content (Markdown)', secret, dialog);
    await fill(organiser, 'Cost', '100', dialog);
    await organiser.click(`${dialog} button[type="submit"]`);
    await organiser.waitForSelector(dialog, { hidden: true });
    await organiser.waitForSelector('[data-testid="admin-costed-hint"]');
    const [listed] = await texts(organiser, '[data-testid="admin-costed-hint"]');
    expect(listed).toContain('Where to look');
    expect(listed).toContain('100 points');
    expect(listed).toContain('Unlocked: 0');
  }, 120_000);

  it('unlocks it as a player through the dialog naming the cost, then shows the content', async () => {
    await player.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await player.locator('[data-testid="challenge-card"]').click();
    await player.waitForSelector('[data-testid="costed-hint"]');
    const [locked] = await texts(player, '[data-testid="costed-hint"]');
    expect(locked).toContain('Where to look');
    expect(locked).toContain('100 points');
    expect(await player.content()).not.toContain(secret);

    await clickButton(player, 'Unlock');
    await waitForText(player, 'Unlock this hint?');
    const asked = await texts(player, dialog);
    expect(asked.join('\n')).toContain('Unlocking “Where to look” costs your team 100 points');
    await clickButton(player, 'Unlock for 100 points');
    await player.waitForFunction(
      (text) => document.querySelector('[data-testid="costed-hint"]')?.textContent?.includes(text),
      { timeout: 60_000 },
      secret,
    );
    expect(await player.$('::-p-aria([name="Unlock"][role="button"])')).toBeNull();
  }, 120_000);

  it('shows the score drop on the scoreboard, named as the hint, and the unlock to the organiser', async () => {
    await player.goto(`${server.url}/games/${gameId}/Scoreboard`, { waitUntil: 'networkidle0' });
    await player.waitForFunction(
      (team) => document.querySelector(`tr[data-team="${team}"] td:nth-child(3)`)?.textContent === '950',
      { timeout: 60_000 },
      gullsId,
    );
    expect(
      await player.$eval(`tr[data-team="${gullsId}"] [data-testid="adjustments"]`, (node) =>
        node.getAttribute('aria-label'),
      ),
    ).toBe('Awards and penalties: -100 Hint “Where to look”');

    await organiser.reload({ waitUntil: 'networkidle0' });
    await organiser.waitForFunction(() =>
      document.querySelector('[data-testid="admin-costed-hint"]')?.textContent?.includes('Unlocked: 1'),
    );
    const events = await admin.game.events(gameId, { count: 20 });
    expect(events.find((event) => event.type === 'HintUnlock')).toMatchObject({
      team: 'Gulls',
      values: [String(challengeId), 'Lantern', '100', 'Where to look'],
    });
  }, 120_000);
});
