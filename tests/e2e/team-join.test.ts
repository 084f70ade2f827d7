// Joining a game as a team, from the web client: a teammate of a team already in a game joins its participation
// with one click, in its division, and is told plainly when the team still awaits review; a player joining a team
// locked by a game under way is told before accepting that it cannot be left; a game's team page lists only the
// members who play that game.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningGame } from '../support/games.ts';
import { type NodeClient, playerWithTeam, startPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { clickButton, signIn, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';

describe('joining a game as a team', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let gameId = 0;
  let north = 0;
  let teamId = 0;
  let inviteCode = '';

  /** A new player with no team of their own, signed in on a fresh page. */
  const newPlayer = async (name: string): Promise<{ client: NodeClient; page: Page }> => {
    const { client, teamId: own } = await playerWithTeam(server.url, name, password);
    await client.team.delete(own);
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle0' });
    await signIn(page, name, password);
    return { client, page };
  };

  const participation = async () => {
    const all = await admin.game.participations(gameId);
    const found = all.find((item) => item.team.id === teamId);
    if (!found) throw new Error('the team has no participation');
    return found;
  };

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Lighthouse Cup', { inviteCode: 'beacon' });
    // Two divisions, both reviewing joins (their default permissions): the teammate must not pick another.
    north = (await admin.edit.createDivision(gameId, { name: 'North' })).id;
    await admin.edit.createDivision(gameId, { name: 'South' });
    const captain = await playerWithTeam(server.url, 'keeper', password, 'Lamp Crew');
    teamId = captain.teamId;
    await captain.client.game.join(gameId, { teamId, divisionId: north, inviteCode: 'beacon' });
    inviteCode = await captain.client.team.invite(teamId);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets a teammate join the team’s participation with one click, and says it awaits review', async () => {
    const { client, page } = await newPlayer('deckhand');
    await client.team.accept(inviteCode);
    await page.goto(`${server.url}/games/${gameId}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Your team Lamp Crew is in this game');
    await clickButton(page, 'Join Lamp Crew');
    await waitForText(page, "You joined Lighthouse Cup: your team awaits the organisers' review");
    const card = await page.$eval('[data-testid="participation"]', (node) => node.textContent);
    expect(card).toContain('Awaiting review');
    expect(card).toContain('Division: North');

    const joined = await participation();
    expect(joined.divisionId).toBe(north);
    expect(joined.registeredMembers).toHaveLength(2);
    await page.close();
  });

  it('tells a player joining a team locked by a game under way that it cannot be left, before accepting', async () => {
    await admin.admin.updateParticipation((await participation()).id, {
      status: 'Accepted',
      divisionId: north,
    });
    const { page } = await newPlayer('stowaway');
    await page.goto(`${server.url}/Teams?code=${encodeURIComponent(inviteCode)}`, {
      waitUntil: 'networkidle0',
    });
    await page.waitForSelector('[role="dialog"]');
    await waitForText(page, 'This team cannot be left for now');
    const dialog = await page.$eval('[role="dialog"]', (node) => (node as HTMLElement).innerText);
    expect(dialog).toContain('Lamp Crew plays a game that has not ended yet');
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await waitForText(page, 'You joined the team');
    await page.close();
  });

  it('lists on the game’s team page only the members who play that game', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.url}/games/${gameId}/teams/${teamId}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="team-member"]');
    const members = await page.$$eval('[data-testid="team-member"] a', (links) =>
      links.map((link) => link.textContent?.trim()),
    );
    // stowaway is in the team but never joined the game.
    expect(members.sort()).toEqual(['deckhand', 'keeper']);
    await page.close();
  });
});
