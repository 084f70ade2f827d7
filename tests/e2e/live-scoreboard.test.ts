// The platform's own pages follow the live push as the widgets do: a solve by another team shows on the scoreboard
// page, on the challenge board's solve counts, on the solving team's page and on the home page's card of the game
// without a reload, and without any poll having been due: every page runs with its long timers (the polls' 10 s and
// more) stretched to a day, so only the hub's `ReceivedScoreboardUpdate` can bring the new board. The time from the
// verdict (the monitor hub's judged submission, heard here) to each page showing it is printed, not asserted.
import type { Submission } from '@pennon/sdk';
import { connectMonitor, type LiveSubscription } from '@pennon/sdk/live';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChallenge, createRunningGame, judged, teamInGame } from '../support/games.ts';
import { type NodeClient, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/ui.ts';

const password = 'Harbour2024x';

/**
 * Run in each page before its scripts: timers of 9 s and more wait a day instead (the feed's polls, SWR's refresh,
 * the SDK's request timeout), except the hub client's keep-alive ping, without which the server would drop the
 * connection after 30 s of silence.
 */
const stretchLongTimers = () => {
  const stretch =
    (original: typeof setTimeout) =>
    (handler: TimerHandler, delay?: number, ...args: unknown[]) =>
      original(
        handler,
        (delay ?? 0) >= 9000 && !String(handler).includes('PingMessage') ? 86_400_000 : delay,
        ...args,
      );
  window.setTimeout = stretch(window.setTimeout) as typeof setTimeout;
  window.setInterval = stretch(window.setInterval as typeof setTimeout) as typeof setInterval;
};

/** What a page shows once it has the new board: elements of `selector` as many as `count`, one holding every text of
 * `includes`, or the first one's text other than `changedFrom`. */
interface Probe {
  selector: string;
  count?: number;
  includes?: string[];
  changedFrom?: string;
}

/**
 * Starts watching `page` for `probe` to hold: `window.pennonShown` resolves with the time it first does. Awaited
 * rather than polled: puppeteer's `waitForFunction` polls on animation frames, which a page in a background tab
 * (all but the last one opened) never gets, so it saw only what held when it began waiting.
 */
const watch = (page: Page, probe: Probe) =>
  page.evaluate(({ selector, count, includes, changedFrom }) => {
    const holds = () => {
      const nodes = [...document.querySelectorAll<HTMLElement>(selector)];
      if (count !== undefined) return nodes.length === count;
      if (includes) return nodes.some((node) => includes.every((text) => node.innerText.includes(text)));
      return nodes[0] !== undefined && nodes[0].textContent !== changedFrom;
    };
    (window as unknown as { pennonShown: Promise<number> }).pennonShown = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!holds()) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, probe);

/** When `page` first showed its probe, or 'never' within a minute. */
const shownAt = (page: Page): Promise<number | 'never'> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    page.evaluate(() => (window as unknown as { pennonShown: Promise<number> }).pennonShown),
    new Promise<'never'>((resolve) => {
      timer = setTimeout(() => resolve('never'), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
};

describe('live scoreboard on the platform’s own pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: NodeClient;
  let gameId = 0;
  const challenge = { first: 0, buoy: 0 };
  let leader: Awaited<ReturnType<typeof teamInGame>>;
  let monitor: LiveSubscription | undefined;

  const open = async (path: string, as?: string) => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.evaluateOnNewDocument(stretchLongTimers);
    if (as) {
      await page.goto(`${server.url}/about`, { waitUntil: 'networkidle0' });
      await signIn(page, as, password);
    }
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
    return page;
  };

  beforeAll(async () => {
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Live Quay Cup');
    for (const [key, title] of [
      ['first', 'First light'],
      ['buoy', 'Bell buoy'],
    ] as const) {
      challenge[key] = await addChallenge(admin, gameId, title, `flag{${key}}`);
    }
    // The leader draws first blood on one challenge; three others take the bloods of the second, so the leader's
    // solve of it, the one the pages must show, is a plain solve: no notice is published for it.
    leader = await teamInGame(server.url, gameId, 'skipper', password, 'Gulls');
    await judged(leader.client, gameId, challenge.first, 'flag{first}');
    for (const name of ['tern', 'puffin', 'gannet']) {
      const other = await teamInGame(server.url, gameId, name, password);
      await judged(other.client, gameId, challenge.buoy, 'flag{buoy}');
    }
    await teamInGame(server.url, gameId, 'watcher', password);
  }, 180_000);

  afterAll(async () => {
    await monitor?.stop();
    await stopPlatform({ server, browser });
  });

  // Four pages, one of them signed in, each loaded to idle: minutes on a busy machine.
  it('shows a solve by another team on every page without a reload, no poll having been due', async () => {
    const pages = {
      scoreboard: await open(`/games/${gameId}/Scoreboard`),
      challenges: await open(`/games/${gameId}/Challenges`, 'watcher'),
      team: await open(`/games/${gameId}/teams/${leader.teamId}`),
      home: await open('/'),
    };
    await pages.scoreboard.waitForSelector(`tr[data-team="${leader.teamId}"]`);
    await pages.challenges.waitForSelector('[data-testid="challenge-card"]');
    await pages.team.waitForSelector('[data-testid="solve"]');
    await pages.home.waitForSelector('[data-testid="game-leader"]');
    const leaderBefore = await pages.home.$eval('[data-testid="game-leader"]', (node) => node.textContent);
    expect(leaderBefore).toContain('Gulls leads with');

    await watch(pages.scoreboard, {
      selector: `tr[data-team="${leader.teamId}"] td:nth-child(4)`,
      includes: ['2'],
    });
    await watch(pages.challenges, {
      selector: '[data-testid="challenge-card"]',
      includes: ['Bell buoy', '4 solves'],
    });
    await watch(pages.team, { selector: '[data-testid="solve"]', count: 2 });
    await watch(pages.home, { selector: '[data-testid="game-leader"]', changedFrom: leaderBefore ?? '' });

    // The verdict's moment: when the monitor hub tells of the judged submission.
    const { token } = await admin.tokens.create({ name: 'verdict clock' });
    let verdictAt = 0;
    let heard: () => void = () => {};
    const verdict = new Promise<void>((resolve) => {
      heard = resolve;
    });
    monitor = await connectMonitor(
      server.url,
      gameId,
      {
        submission: (submission: Submission) => {
          if (submission.challenge !== 'Bell buoy' || submission.status !== 'Accepted') return;
          verdictAt = Date.now();
          heard();
        },
      },
      { mode: 'push', token },
    );

    await judged(leader.client, gameId, challenge.buoy, 'flag{buoy}');
    await verdict;
    const shown = await Promise.all(Object.values(pages).map(shownAt));
    const latencies = Object.fromEntries(
      Object.keys(pages).map((name, i) => [
        name,
        shown[i] === 'never' ? 'never' : (shown[i] as number) - verdictAt,
      ]),
    );
    console.log(`solve to page, ms after the verdict: ${JSON.stringify(latencies)}`);
    expect(shown).not.toContain('never');
    expect(await pages.home.$eval('[data-testid="game-leader"]', (node) => node.textContent)).toContain(
      'Gulls',
    );
    for (const page of Object.values(pages)) await page.close();
  }, 240_000);
});
