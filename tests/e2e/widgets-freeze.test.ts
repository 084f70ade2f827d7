// The widgets of a frozen game (issue #44) on a German page of another site, in Chromium against the real server:
// once the organiser freezes the board through the API, the open page's scoreboard, top teams and challenge card
// each say since when, in the page's language; a team's solve after the freeze shows in none of them, on the open
// page or on one loaded after the solve; once the game has ended and the organiser reveals the final board, the
// open page drops the label and shows the solve, without a reload.
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChallenge, createRunningGame, judged, teamInGame } from '../support/games.ts';
import { type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import {
  hostPage,
  hostPages,
  type PageHost,
  shadowText,
  waitForShadowText,
  wordsBrokenAcrossLines,
} from '../support/widget-hosts.ts';

const password = 'Harbour2024x';
const SHOWING_SCORES = ['pennon-scoreboard', 'pennon-top-teams', 'pennon-challenge-card'];
// The machine runs the whole suite beside this file: pushes and page loads get a generous bound.
const timeout = 60_000;

describe('widgets of a frozen game', () => {
  let host: PageHost;
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let gameId = 0;
  let challengeId = 0;
  let terns: NodeClient;
  /** A time after the Terns' solve after the freeze. */
  let solvedBy = 0;
  let url = '';
  let watcher: Page;

  const open = async (width: number): Promise<Page> => {
    const page = await browser.newPage();
    await page.setViewport({ width, height: 900 });
    await page.goto(url);
    return page;
  };

  const solve = async (client: NodeClient) =>
    expect(await judged(client, gameId, challengeId, 'flag{lamp}')).toBe('Accepted');

  /** Each element's frozen label (null where there is none), by tag. */
  const labels = (page: Page) =>
    page.evaluate(
      (tags) =>
        tags.map(
          (tag) =>
            document
              .querySelector(tag)
              ?.shadowRoot?.querySelector<HTMLElement>('[data-testid="scoreboard-frozen"]')?.innerText ??
            null,
        ),
      SHOWING_SCORES,
    );

  /** Waits until every element has loaded the board and shows a frozen label (`true`) or none (`false`). */
  const waitForLabels = (page: Page, shown: boolean, within = timeout) =>
    page.waitForFunction(
      (tags, wanted) =>
        tags.every((tag) => {
          const root = document.querySelector(tag)?.shadowRoot;
          const loaded = root?.querySelector(
            '[data-testid="top-teams"], [data-testid="scoreboard"], [data-testid="challenge-card"]',
          );
          return !!loaded && !!root?.querySelector('[data-testid="scoreboard-frozen"]') === wanted;
        }),
      { timeout: within },
      SHOWING_SCORES,
      shown,
    );

  /** The Terns' score in the scoreboard and in the top teams, and the challenge card's solve count. */
  const ternsAndSolves = (page: Page) =>
    page.evaluate(() => {
      const root = (tag: string) => document.querySelector(tag)?.shadowRoot;
      const score = (rows: NodeListOf<HTMLTableRowElement> | undefined) =>
        [...(rows ?? [])].find((row) => row.cells[1]?.textContent?.includes('Terns'))?.cells[2]?.textContent;
      return {
        scoreboard: score(root('pennon-scoreboard')?.querySelectorAll('[data-testid="scoreboard"] tbody tr')),
        top: score(root('pennon-top-teams')?.querySelectorAll('[data-testid="top-teams"] tbody tr')),
        card: root('pennon-challenge-card')?.querySelector('[data-testid="challenge-card"]')?.textContent,
      };
    });

  beforeAll(async () => {
    host = await hostPages();
    ({ server, browser, admin } = await startPlatform({ PENNON_EMBED_ORIGINS: host.origin }));
    gameId = await createRunningGame(admin, 'Lamp Room Cup');
    challengeId = await addChallenge(admin, gameId, 'Lamp', 'flag{lamp}');
    const gulls = await teamInGame(server.url, gameId, 'lampist', password, 'Gulls');
    terns = (await teamInGame(server.url, gameId, 'wickman', password, 'Terns')).client;
    // Before the freeze the Gulls solve alone.
    await solve(gulls.client);
    const attributes = `server="${server.url}" game="${gameId}"`;
    url = host.page(
      '/',
      hostPage(
        server.url,
        `<pennon-scoreboard ${attributes}></pennon-scoreboard>
<pennon-top-teams ${attributes}></pennon-top-teams>
<pennon-challenge-card ${attributes} challenge="${challengeId}"></pennon-challenge-card>`,
        '',
        'de',
      ),
    );
    watcher = await open(1024);
    await waitForLabels(watcher, false);
  }, 180_000);

  afterAll(async () => {
    await stopPlatform({ server, browser });
    await host?.close();
  });

  it('says since when the board is frozen, in the page’s language, and keeps a later solve out', async () => {
    const game = await admin.edit.game(gameId);
    await admin.edit.updateGame(gameId, { ...game, freezeAt: Date.now() });
    const frozenAt = (await admin.edit.game(gameId)).freezeAt as number;
    // The open page hears of the freeze by its next poll, at most a minute later: the server pushes no frozen board
    // it has not pushed before (after a restart, that push could betray a hidden solve).
    await waitForLabels(watcher, true, 90_000);
    const time = await watcher.evaluate(
      (at) => new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'medium' }).format(at),
      frozenAt,
    );
    expect(await labels(watcher)).toEqual([
      `Die Rangliste ist eingefroren: Sie zeigt den Stand vom ${time}. Spätere Lösungen werden nach dem Spiel aufgedeckt.`,
      `Rangliste eingefroren seit ${time}`,
      `Rangliste eingefroren seit ${time}`,
    ]);

    // The Terns solve after the freeze: a phone loading the page afterwards sees the board as it stood.
    await solve(terns);
    solvedBy = Date.now();
    const phone = await open(320);
    await waitForLabels(phone, true);
    const frozen = { scoreboard: '0', top: '0', card: expect.stringContaining('1 Lösung') };
    expect(await ternsAndSolves(phone)).toEqual(frozen);
    expect(await ternsAndSolves(watcher)).toEqual(frozen);
    // The label, the long German words of the board and its numbers stay whole at 320 px.
    expect(await wordsBrokenAcrossLines(phone)).toEqual([]);
  }, 180_000);

  it('shows the final board with no label once it is revealed, on the page left open', async () => {
    const game = await admin.edit.game(gameId);
    // The game ends after the Terns' solve (a later end would keep the reveal waiting), and is revealed.
    await admin.edit.updateGame(gameId, { ...game, end: solvedBy + 1 });
    await admin.edit.revealScoreboard(gameId);
    // Puppeteer's waits poll by animation frames, which a background tab (the phone's opened last) never gets.
    await watcher.bringToFront();
    await waitForLabels(watcher, false);
    await waitForShadowText(watcher, 'pennon-challenge-card', '2 Lösungen', timeout);
    const revealed = await ternsAndSolves(watcher);
    expect(revealed.scoreboard).not.toBe('0');
    expect(revealed.top).toBe(revealed.scoreboard);
    expect(await shadowText(watcher, 'pennon-top-teams')).not.toContain('eingefroren');
  }, 180_000);
});
