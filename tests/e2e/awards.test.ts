// Awards and penalties (issue #44) from the admin pages, in Chromium against the real server: the admin gives a
// penalty and a bonus through the game's Awards tab; a player's scoreboard page (left open, so the live push brings
// each change) and the team's page show the new totals, the order they make and the reasons; then the admin edits
// the bonus and deletes the penalty, and the pages follow.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChallenge, createRunningGame, judged, teamInGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import { scoreboardShows } from '../support/scoreboard.ts';
import type { RunningServer } from '../support/server.ts';
import { choose, clickButton, fill, signedInPage, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';
const dialog = '[role="dialog"]';

describe('awards and penalties', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let organiser: Page;
  let board: Page;
  let gameId = 0;
  const teams = { gulls: 0, terns: 0 };

  /** The reasons a team's mark on the scoreboard names. */
  const markOf = (page: Page, teamId: number) =>
    page.$eval(`tr[data-team="${teamId}"] [data-testid="adjustments"]`, (node) =>
      node.getAttribute('aria-label'),
    );

  /** The organiser's dialog: team, points and reason, then Save. */
  const give = async (team: string | null, points: string, reason: string) => {
    await organiser.waitForSelector(dialog);
    if (team) await choose(organiser, 'Team', team, dialog);
    await fill(organiser, 'Points', points, dialog);
    await fill(organiser, 'Reason', reason, dialog);
    await clickButton(organiser, 'Save');
    await organiser.waitForSelector(dialog, { hidden: true });
  };

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Quay Awards Cup');
    const lantern = await addChallenge(admin, gameId, 'Lantern', 'flag{lantern}');
    const gulls = await teamInGame(server.url, gameId, 'skipper', password, 'Gulls');
    teams.gulls = gulls.teamId;
    teams.terns = (await teamInGame(server.url, gameId, 'bosun', password, 'Terns')).teamId;
    // Gulls solve alone: 1,000 points and the first blood's 5 %.
    await judged(gulls.client, gameId, lantern, 'flag{lantern}');

    organiser = await signedInPage(browser, server.url, 'admin', ADMIN_PASSWORD);
    board = await signedInPage(browser, server.url, 'bosun', password);
  }, 180_000);

  afterAll(() => stopPlatform({ server, browser }));

  it('gives a penalty and a bonus from the Awards tab, and the board reorders with the reasons', async () => {
    await board.goto(`${server.url}/games/${gameId}/Scoreboard`, { waitUntil: 'networkidle0' });
    await scoreboardShows(board, [
      ['Gulls', '1,050'],
      ['Terns', '0'],
    ]);

    await organiser.goto(`${server.url}/admin/games/${gameId}/Awards`, { waitUntil: 'networkidle0' });
    await waitForText(organiser, 'No awards or penalties yet.');
    await clickButton(organiser, 'New award or penalty');
    await give('Gulls', '-100', 'Flag sharing');
    await clickButton(organiser, 'New award or penalty');
    await give('Terns', '1200', 'Reported a bug');
    await organiser.waitForFunction(
      () => document.querySelectorAll('[data-testid="adjustment-row"]').length === 2,
    );
    const listed = await organiser.$$eval('[data-testid="adjustment-row"]', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
    );
    expect(listed).toEqual([
      ['Gulls', '-100', 'Flag sharing'],
      ['Terns', '+1,200', 'Reported a bug'],
    ]);

    // The player's page was left open: the live push brings the new board.
    await scoreboardShows(board, [
      ['Terns', '1,200'],
      ['Gulls', '950'],
    ]);
    expect(await markOf(board, teams.gulls)).toBe('Awards and penalties: -100 Flag sharing');
    expect(await markOf(board, teams.terns)).toBe('Awards and penalties: +1,200 Reported a bug');
  }, 180_000);

  it("lists them on the team's page with its new total", async () => {
    const team = await board.browserContext().newPage();
    await team.goto(`${server.url}/games/${gameId}/teams/${teams.gulls}`, { waitUntil: 'networkidle0' });
    await team.waitForSelector('[data-testid="team-adjustment"]');
    const shown = await team.$$eval('[data-testid="team-adjustment"]', (items) =>
      items.map((item) => item.textContent ?? ''),
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('-100');
    expect(shown[0]).toContain('Flag sharing');
    expect(await team.$eval('[data-testid="team-figures"]', (node) => node.textContent)).toContain('950');
    await team.close();
  }, 60_000);

  it('edits the bonus and deletes the penalty, naming it before it goes', async () => {
    await clickButton(organiser, 'Edit award or penalty: Terns +1,200');
    await give(null, '500', 'Reported a bug in the proxy');
    // 500 is less than the Gulls' 950: they lead again.
    await scoreboardShows(board, [
      ['Gulls', '950'],
      ['Terns', '500'],
    ]);
    expect(await markOf(board, teams.terns)).toBe('Awards and penalties: +500 Reported a bug in the proxy');

    await clickButton(organiser, 'Delete award or penalty: Gulls -100');
    await organiser.waitForSelector(dialog);
    const asked = await organiser.$eval(dialog, (node) => node.textContent ?? '');
    expect(asked).toContain('Delete -100 for Gulls ("Flag sharing")?');
    await clickButton(organiser, 'Delete award or penalty');
    await organiser.waitForFunction(
      () => document.querySelectorAll('[data-testid="adjustment-row"]').length === 1,
    );
    await scoreboardShows(board, [
      ['Gulls', '1,050'],
      ['Terns', '500'],
    ]);
    expect(await board.$(`tr[data-team="${teams.gulls}"] [data-testid="adjustments"]`)).toBeNull();
  }, 120_000);
});
