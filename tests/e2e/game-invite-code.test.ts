// A game's invite code is never bypassed: the code a join needs is the chosen division's own, else the game's, the
// server's one rule. Checked through the API (GZ::CTF's wire: what any client sends) and in the web client's join
// dialog, on a game without divisions and on the same kind of game after divisions without codes were added (the
// join dialog used to ask for no code then, and the server let the team in).
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningGame } from '../support/games.ts';
import { type NodeClient, playerWithTeam, startPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { choose, clickButton, fill, signIn, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';
const gameCode = 'harbour-lights';

describe('game invite codes', () => {
  let server: RunningServer;
  let browser: Browser;
  /** A game with a code and no divisions; the same with two divisions without codes and one with its own. */
  let plain = 0;
  let divided = 0;
  const divisions = { north: 0, south: 0, guests: 0 };

  const player = (name: string) => playerWithTeam(server.url, name, password);

  /** The status and title of the join's refusal, or 200. */
  const join = async (who: NodeClient, gameId: number, body: object): Promise<number | string> => {
    try {
      await who.game.join(gameId, { teamId: 0, ...body });
      return 200;
    } catch (error) {
      const { status, title } = error as { status?: number; title?: string };
      return `${status} ${title}`;
    }
  };

  beforeAll(async () => {
    let admin: NodeClient;
    ({ server, browser, admin } = await startPlatform());
    plain = await createRunningGame(admin, 'Plain Cup', { inviteCode: gameCode });
    divided = await createRunningGame(admin, 'Divided Cup', { inviteCode: gameCode });
    divisions.north = (await admin.edit.createDivision(divided, { name: 'North' })).id;
    divisions.south = (await admin.edit.createDivision(divided, { name: 'South' })).id;
    const guests = await admin.edit.createDivision(divided, { name: 'Guests', inviteCode: 'guest-pass' });
    divisions.guests = guests.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('tells every client which code applies: the division’s own, else the game’s', async () => {
    const game = await createNodeClient({ baseUrl: server.url }).game.get(divided);
    expect(game.inviteCodeRequired).toBe(true);
    expect(game.divisions).toEqual([
      { id: divisions.north, name: 'North', inviteCodeRequired: true },
      { id: divisions.south, name: 'South', inviteCodeRequired: true },
      { id: divisions.guests, name: 'Guests', inviteCodeRequired: true },
    ]);
  });

  it('refuses a join through the API without the code, with another code or a wrong one', async () => {
    const { client, teamId } = await player('apiplayer');
    // Without divisions: the game's code.
    expect(await join(client, plain, { teamId })).toMatch(/^400 .*invite code/);
    expect(await join(client, plain, { teamId, inviteCode: 'guess' })).toMatch(/^400 .*invite code/);
    expect(await join(client, plain, { teamId, inviteCode: gameCode })).toBe(200);

    // A division without a code of its own: still the game's.
    const north = { teamId, divisionId: divisions.north };
    expect(await join(client, divided, north)).toMatch(/^400 .*invite code/);
    expect(await join(client, divided, { ...north, inviteCode: '' })).toMatch(/^400 .*invite code/);
    expect(await join(client, divided, { ...north, inviteCode: 'guest-pass' })).toMatch(/^400 .*invite code/);
    // A division with its own code: that one, not the game's.
    const guests = { teamId, divisionId: divisions.guests };
    expect(await join(client, divided, { ...guests, inviteCode: gameCode })).toMatch(/^400 .*invite code/);
    // No division at all is no way around it either.
    expect(await join(client, divided, { teamId })).toMatch(/^400 .*division/);
    expect(await join(client, divided, { ...north, inviteCode: gameCode })).toBe(200);
    // Its divisions review joins (their default permissions).
    expect((await client.game.get(divided)).status).toBe('Pending');

    const other = await player('guestplayer');
    expect(
      await join(other.client, divided, {
        teamId: other.teamId,
        divisionId: divisions.guests,
        inviteCode: 'guest-pass',
      }),
    ).toBe(200);
  });

  /**
   * Joins `gameId` from its page as a new player with a team: the dialog must ask for a code; an empty one, then
   * `wrong`, are refused, `right` lets the team in.
   */
  const joinInDialog = async (name: string, gameId: number, division: string | null, wrong: string) => {
    await player(name);
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle0' });
    await signIn(page, name, password);
    await page.goto(`${server.url}/games/${gameId}`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Join game');
    await page.waitForSelector('[role="dialog"]');
    if (division) await choose(page, 'Division', division, '[role="dialog"]');
    const asked = await page.$$eval('[role="dialog"] label', (labels) =>
      labels.some((label) => label.textContent?.trim().startsWith('Invite code')),
    );
    expect(asked).toBe(true);
    const submit = () => page.locator('[role="dialog"] button[type="submit"]').click();
    await submit();
    await waitForText(page, 'Enter the invite code');
    for (const [code, answer] of [
      [wrong, 'The invite code is wrong'],
      [gameCode, 'You joined'],
    ] as const) {
      await fill(page, 'Invite code', code, '[role="dialog"]');
      await submit();
      await waitForText(page, answer);
    }
    return page;
  };

  it('asks for the game’s code in the join dialog of a game without divisions', async () => {
    const page = await joinInDialog('plainsailor', plain, null, 'guess');
    await page.close();
  });

  it('asks for the game’s code when the chosen division has none of its own', async () => {
    const page = await joinInDialog('northsailor', divided, 'North', 'guest-pass');
    const body = await page.$eval('[data-testid="participation"]', (node) => (node as HTMLElement).innerText);
    expect(body).toContain('North');
    await page.close();
  });
});
