// Verdict corrections (issue #44) from the monitor pages, in Chromium against the real server: the admin turns a
// first blood wrong with a reason from the Submissions list, and a player's scoreboard page left open follows live
// (the blood and its bonus pass to the next solver) while the corrected team's challenges page tells it why, and
// only it; then, on the cheat report, the admin removes the copying team's
// solves in one action, after a confirm naming the team and the count, and that team reads why when it next looks.

import { correctedBloodMarker } from '@pennon/sdk';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChallenge, createRunningGame, judged, teamInGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import { scoreboardShows } from '../support/scoreboard.ts';
import type { RunningServer } from '../support/server.ts';
import { clickButton, fill, signedInPage } from '../support/ui.ts';

const password = 'Harbour2024x';
const dialog = '[role="dialog"]';
const beaconFlags = ['flag{beacon_amber}', 'flag{beacon_violet}'];
const attachmentOf = (flag: string) => `https://files.pennon.invalid/${flag.slice(5, -1)}.txt`;

describe('verdict corrections', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let organiser: Page;
  let board: Page;
  let skipper: Page;
  let gameId = 0;
  let terns: NodeClient;

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Quay Verdict Cup');
    const lantern = await addChallenge(admin, gameId, 'Lantern', 'flag{lantern}');
    const beacon = await admin.edit.createChallenge(gameId, {
      title: 'Beacon',
      category: 'Crypto',
      type: 'DynamicAttachment',
    });
    await admin.edit.addFlags(
      gameId,
      beacon.id,
      beaconFlags.map((flag) => ({ flag, attachmentType: 'Remote', remoteUrl: attachmentOf(flag) })),
    );
    await admin.edit.updateChallenge(gameId, beacon.id, { isEnabled: true });

    const gulls = await teamInGame(server.url, gameId, 'skipper', password, 'Gulls');
    terns = (await teamInGame(server.url, gameId, 'bosun', password, 'Terns')).client;
    // Gulls solve Lantern first (first blood), Terns second.
    expect(await judged(gulls.client, gameId, lantern, 'flag{lantern}')).toBe('Accepted');
    expect(await judged(terns, gameId, lantern, 'flag{lantern}')).toBe('Accepted');
    // Terns copy the Gulls' Beacon flag: a cheat report.
    const handed = (await gulls.client.game.challenge(gameId, beacon.id)).context.url;
    await terns.game.challenge(gameId, beacon.id);
    const gullsFlag = beaconFlags.find((flag) => attachmentOf(flag) === handed) as string;
    expect(await judged(terns, gameId, beacon.id, gullsFlag)).toBe('WrongAnswer');

    organiser = await signedInPage(browser, server.url, 'admin', ADMIN_PASSWORD);
    board = await signedInPage(browser, server.url, 'bosun', password);
    skipper = await signedInPage(browser, server.url, 'skipper', password);
  }, 180_000);

  afterAll(() => stopPlatform({ server, browser }));

  it('turns a first blood wrong with a reason, and the open board hands its blood to the next solver', async () => {
    await board.goto(`${server.url}/games/${gameId}/Scoreboard`, { waitUntil: 'networkidle0' });
    await board.waitForFunction(
      () =>
        document.querySelector('[data-testid="scoreboard"] tbody tr [data-testid="team-name"]')
          ?.textContent === 'Gulls',
    );

    await skipper.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await skipper.waitForSelector('[data-testid="challenge-card"]');

    await organiser.goto(`${server.url}/games/${gameId}/monitor/Submissions`, { waitUntil: 'networkidle0' });
    await clickButton(organiser, "Correct the verdict of Gulls's flag for Lantern");
    await organiser.waitForSelector(dialog);
    const asked = await organiser.$eval(dialog, (node) => (node as HTMLElement).innerText);
    expect(asked).toContain('Gulls submitted “flag{lantern}” for Lantern; its verdict is Accepted.');
    await fill(organiser, 'Reason', 'Flag shared in a public channel', dialog);
    await clickButton(organiser, 'Correct verdict');
    await organiser.waitForSelector(dialog, { hidden: true });
    // The list shows the new verdict in the same row.
    await organiser.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="submission-row"]')]
          .filter((row) => row.textContent?.includes('Gulls') && row.textContent.includes('Lantern'))[0]
          ?.getAttribute('data-status') === 'WrongAnswer',
    );

    // Terns are now Lantern's only solver: its whole value and the first blood's 5 %.
    await scoreboardShows(board, [
      ['Terns', '1,050'],
      ['Gulls', '0'],
    ]);
    // The Gulls alone are told why, on their open page, until they close it.
    const toast = await skipper.waitForSelector('[data-testid="team-notice-toast"]');
    expect(await toast?.evaluate((node) => node.textContent)).toBe(
      "Your team's flag for Lantern was judged again and no longer counts. Reason: Flag shared in a public channel",
    );
    // Everyone else reads only who holds the blood now.
    const notices = await terns.game.notices(gameId);
    expect(notices[0]).toMatchObject({
      type: 'FirstBlood',
      values: ['Terns', 'Lantern', correctedBloodMarker],
    });
    expect(JSON.stringify(notices)).not.toContain('Flag shared');
    // The page keeps it under "For your team" once the toast is closed.
    await skipper.waitForFunction(() =>
      document
        .querySelector('[data-testid="team-notices"] [data-testid="team-notice"]')
        ?.textContent?.includes('no longer counts. Reason: Flag shared in a public channel'),
    );
  }, 120_000);

  it("removes the copying team's solves from the cheat report, naming the team and the count", async () => {
    await organiser.goto(`${server.url}/games/${gameId}/monitor/CheatInfo`, { waitUntil: 'networkidle0' });
    await organiser.waitForSelector('[data-testid="cheat-row"]');
    await clickButton(organiser, "Remove this team's solves");
    await organiser.waitForSelector(dialog);
    const asked = await organiser.$eval(dialog, (node) => (node as HTMLElement).innerText);
    expect(asked).toContain('Remove every solve of Terns (1 in all)?');
    await fill(organiser, 'Reason', 'Copied the Gulls’ Beacon flag', dialog);
    await clickButton(organiser, 'Remove solves');
    await organiser.waitForSelector(dialog, { hidden: true });

    await scoreboardShows(board, [
      ['Gulls', '0'],
      ['Terns', '0'],
    ]);
    const log = await admin.admin.logs({ count: 50 });
    const messages = log.map((l) => l.msg).join('\n');
    expect(messages).toContain(
      `Removed 1 solve(s) of team "Terns" in game #${gameId}: Copied the Gulls’ Beacon flag`,
    );
    expect(messages).toContain('from Accepted to WrongAnswer: Flag shared in a public channel');

    // No Tern had the challenges page open: the first to open it reads why, kept for the team.
    await board.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    const kept = await board.waitForSelector('[data-testid="team-notices"]');
    expect(await kept?.evaluate((node) => (node as HTMLElement).innerText.replace(/\s+/g, ' '))).toContain(
      "For your team Solves removed The organisers removed your team's solves (1). Reason: Copied the Gulls’ Beacon flag",
    );
  }, 120_000);
});
