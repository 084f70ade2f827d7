// Staged release (issue #44) from the admin pages to the player's board, in Chromium against the real server: the
// organiser makes one challenge wait for another and gives a second one a release time, sees both in the challenge
// list and is warned of a cycle; the player, whose board stays open throughout, sees neither, solves the
// prerequisite and sees the first appear without a reload, then the second at its time.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChallenge, createRunningGame, teamInGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import {
  choose,
  clickButton,
  fill,
  labelledId,
  signedInPage,
  waitForText,
  waitForValue,
} from '../support/ui.ts';

const password = 'Harbour2024x';
const dialog = '[role="dialog"]';

describe('staged release', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let organiser: Page;
  let player: Page;
  let gameId = 0;
  const ids = { intro: 0, vault: 0, night: 0 };

  /** Waits until the player's board shows exactly the cards of these titles. */
  const boardShows = (titles: string[]) =>
    waitForValue(
      player,
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="challenge-card"]')]
          .map((node) => node.innerText.split('\n')[0] ?? '')
          .sort(),
      [...titles].sort(),
    );
  const editPage = async (id: number) => {
    await organiser.goto(`${server.url}/admin/games/${gameId}/challenges/${id}`, {
      waitUntil: 'networkidle0',
    });
    await waitForText(organiser, 'Release');
  };
  /** Flips the organiser's switch labelled `label` by its label, as a pointer would. */
  const toggle = async (label: string) =>
    organiser.click(`label[for="${await labelledId(organiser, label)}"]`);
  const save = async () => {
    await clickButton(organiser, 'Save changes');
    await waitForText(organiser, 'The challenge was saved.');
  };

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Quay Release Cup');
    for (const [key, title] of [
      ['intro', 'Harbour intro'],
      ['vault', 'Sealed vault'],
      ['night', 'Night shift'],
    ] as const) {
      // The other two are enabled by the organiser with their release settings, as they would be before the game.
      ids[key] = await addChallenge(admin, gameId, title, `flag{${key}}`, { enabled: key === 'intro' });
    }
    await teamInGame(server.url, gameId, 'skipper', password, 'Gulls');

    organiser = await signedInPage(browser, server.url, 'admin', ADMIN_PASSWORD);
    player = await signedInPage(browser, server.url, 'skipper', password);
  }, 180_000);

  afterAll(() => stopPlatform({ server, browser }));

  it('sets a prerequisite and a release time from the edit pages, and lists them', async () => {
    const enable = () => toggle('Enabled');
    await editPage(ids.vault);
    await choose(organiser, 'Opens to a team once it has solved', 'Harbour intro');
    await organiser.keyboard.press('Escape');
    await enable();
    await save();

    await editPage(ids.night);
    await toggle('Open at a set time');
    // The field offers a day ahead: the organiser keeps it.
    await waitForText(organiser, 'Opens at');
    await enable();
    await save();

    await organiser.goto(`${server.url}/admin/games/${gameId}/challenges`, { waitUntil: 'networkidle0' });
    const release = (title: string) =>
      organiser.$eval(
        `[data-testid="admin-challenge"][data-title="${title}"] [data-testid="release"]`,
        (node) => [...node.children].map((badge) => badge.textContent).join(' | '),
      );
    await organiser.waitForSelector('[data-testid="release"]');
    expect(await release('Sealed vault')).toBe('After Harbour intro');
    // Enabled with their release settings, neither was announced to the players.
    expect((await admin.game.notices(gameId)).map((n) => n.values[0])).toEqual(['Harbour intro']);
    expect(await release('Night shift')).toMatch(/^Opens /);
    expect(await organiser.$('[data-title="Harbour intro"] [data-testid="release"]')).toBeNull();
  }, 120_000);

  it('names the cycle a prerequisite would close, and the server refuses it', async () => {
    await editPage(ids.intro);
    await choose(organiser, 'Opens to a team once it has solved', 'Sealed vault');
    await organiser.keyboard.press('Escape');
    await waitForText(
      organiser,
      'These prerequisites would make a cycle: Harbour intro → Sealed vault → Harbour intro',
    );
    await clickButton(organiser, 'Save changes');
    await waitForText(organiser, 'Could not save the challenge');
    const detail = await admin.edit.challenge(gameId, ids.intro);
    expect(detail.prerequisites).toBeUndefined();
  }, 60_000);

  it('shows the player neither, then the one whose prerequisite they solved, without a reload', async () => {
    await player.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await boardShows(['Harbour intro']);
    const text = await player.evaluate(() => document.body.innerText);
    expect(text).not.toContain('Sealed vault');
    expect(text).not.toContain('Night shift');
    await player.evaluate(() => {
      (window as unknown as { pennonMarker: boolean }).pennonMarker = true;
    });

    await player.click('[data-testid="challenge-card"]');
    await player.waitForSelector(dialog);
    await fill(player, 'Flag', 'flag{intro}', dialog);
    await clickButton(player, 'Submit');
    await player.waitForFunction(
      () =>
        document.querySelector('[data-testid="flag-outcome"]')?.getAttribute('data-result') === 'Accepted',
    );
    await player.keyboard.press('Escape');
    await player.waitForSelector(dialog, { hidden: true });

    await boardShows(['Harbour intro', 'Sealed vault']);
    expect(
      await player.$$eval('[data-testid="challenge-card"]:has([data-testid="new-badge"])', (nodes) =>
        nodes.map((node) => (node as HTMLElement).innerText.split('\n')[0]),
      ),
    ).toEqual(['Sealed vault']);
    expect(await player.evaluate(() => document.body.innerText)).not.toContain('Night shift');
    expect(await player.evaluate(() => (window as unknown as { pennonMarker?: boolean }).pennonMarker)).toBe(
      true,
    );
  }, 120_000);

  it('opens the timed one at its time, with a notice, still without a reload', async () => {
    await admin.edit.updateChallenge(gameId, ids.night, { releaseAt: Date.now() + 2000 });
    await boardShows(['Harbour intro', 'Night shift', 'Sealed vault']);
    await waitForText(player, 'New challenge');
    expect(await player.evaluate(() => (window as unknown as { pennonMarker?: boolean }).pennonMarker)).toBe(
      true,
    );
  }, 120_000);
});
