// A crowd behind one address (a class, a projector, a campus NAT) can use the site, on the rate limits as shipped
// (no exemption, no trusted proxy): 100 cold page loads of five pages from one address, each in a fresh Chromium
// context with an empty cache, all render their content; no shell or file is ever refused, and the API calls
// succeed or are retried to success. And with an address's API budget spent, a page still renders: it says
// "slow down" and loads its data by itself once the server's Retry-After is over, never a blank page.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, HTTPResponse, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const LOADS = 100;
/** Page loads under way at once: what the two cores of a test machine render without starving the server. */
const AT_ONCE = 6;

type Kind = 'shell' | 'file' | 'api';

interface Load {
  page: string;
  ms: number;
  requests: Record<Kind, number>;
  /** Answers refused with 429, by kind. */
  refused: Record<Kind, number>;
}

/** The shell is the page's own address; files are the build's, the widgets', uploads and the favicon. */
const kindOf = (url: URL, pagePath: string): Kind =>
  url.pathname.startsWith('/api/') || url.pathname.startsWith('/hub/')
    ? 'api'
    : url.pathname === pagePath
      ? 'shell'
      : 'file';

describe('a crowd behind one address', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Each page, and a text it shows once its content has loaded. */
  let pages: { path: string; shows: string }[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_RATE_LIMIT_EXEMPT: '' }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    const gameId = await createRunningGame(admin, 'Quayside Open', { summary: 'Ropes, knots and tides' });
    // A poster: an image uploaded to the platform, on the games list and the game's page.
    const poster = await sharp({ create: { width: 640, height: 280, channels: 3, background: '#245' } })
      .png()
      .toBuffer();
    await admin.edit.updatePoster(gameId, new File([new Uint8Array(poster)], 'poster.png'));
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Bowline',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, challenge.id, [{ flag: 'flag{bowline}' }]);
    await admin.edit.updateChallenge(gameId, challenge.id, { isEnabled: true });
    await admin.edit.createPost({ title: 'Welcome aboard', summary: 'The season starts', content: 'Hello' });
    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({
      userName: 'lookout',
      email: 'lookout@example.com',
      password: 'Harbour2024x',
    });
    const team = await player.team.create({ name: 'Crow Nest' });
    await player.game.join(gameId, { teamId: team.id });
    pages = [
      { path: '/', shows: 'Welcome aboard' },
      { path: '/games', shows: 'Quayside Open' },
      { path: `/games/${gameId}`, shows: 'Ropes, knots and tides' },
      { path: `/games/${gameId}/scoreboard`, shows: 'Crow Nest' },
      { path: '/posts', shows: 'The season starts' },
    ];
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens `target` in a fresh context (an empty cache, no cookie) and waits until it shows its content. */
  const coldLoad = async (target: { path: string; shows: string }, timeout = 60_000): Promise<Load> => {
    const context = await browser.createBrowserContext();
    const load: Load = {
      page: target.path,
      ms: 0,
      requests: { shell: 0, file: 0, api: 0 },
      refused: { shell: 0, file: 0, api: 0 },
    };
    try {
      const page = await context.newPage();
      // A refused file leaves the page blank: say which at once rather than wait for content that cannot come.
      let refuseFile: (error: Error) => void = () => {};
      const fileRefused = new Promise<never>((_resolve, reject) => {
        refuseFile = reject;
      });
      // Refused before the race below listens (while the shell loads): not an unhandled rejection.
      fileRefused.catch(() => {});
      page.on('response', (response: HTTPResponse) => {
        const url = new URL(response.url());
        const kind = kindOf(url, target.path);
        load.requests[kind] += 1;
        if (response.status() !== 429) return;
        load.refused[kind] += 1;
        if (kind !== 'api') refuseFile(new Error(`${target.path}: ${url.pathname} was refused with 429`));
      });
      const started = Date.now();
      const shell = await page.goto(`${server.url}${target.path}`);
      expect(shell?.status(), `the shell of ${target.path}`).toBe(200);
      await Promise.race([waitForContent(page, target.shows, timeout), fileRefused]);
      load.ms = Date.now() - started;
      return load;
    } finally {
      await context.close();
    }
  };

  it(`renders ${LOADS} cold page loads of five pages from one address`, async () => {
    const loads: Load[] = [];
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < LOADS) {
          const target = pages[next++ % pages.length] as (typeof pages)[number];
          loads.push(await coldLoad(target));
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    const total = (pick: (load: Load) => number) => loads.reduce((sum, load) => sum + pick(load), 0);
    console.log(
      `${loads.length} cold loads in ${seconds.toFixed(1)} s from one address: ` +
        `${total((l) => l.requests.shell + l.requests.file + l.requests.api)} requests ` +
        `(${total((l) => l.requests.file)} files, ${total((l) => l.requests.api)} API calls), ` +
        `${total((l) => l.refused.api)} API calls refused and retried`,
    );
    for (const { path } of pages) {
      const of = loads.filter((load) => load.page === path);
      const ms = of.map((load) => load.ms).sort((a, b) => a - b);
      const first = of[0] as Load;
      console.log(
        `  ${path}: ${of.length} loads, ${first.requests.file} files and ${first.requests.api} API calls each, ` +
          `median ${ms[Math.floor(ms.length / 2)]} ms, slowest ${ms.at(-1)} ms`,
      );
    }

    expect(loads).toHaveLength(LOADS);
    // Without the files it fetched, no page would show its content; none of them, and no shell, was refused.
    expect(total((load) => load.refused.shell + load.refused.file)).toBe(0);
    expect(total((load) => load.requests.file)).toBeGreaterThan(20 * LOADS);
  }, 600_000);
});

describe('an address that spent its API budget', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_RATE_LIMIT_EXEMPT: '' }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    await createRunningGame(admin, 'Harbour Cup');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('still gets a page: it says "slow down", then shows the data once the window slides', async () => {
    // 3000 API calls a minute is an anonymous address's budget: this test spends it, from the browser's address,
    // in a burst (its own server's window holds nothing else, so the server asks to wait for most of a minute, more
    // than the 10 s the SDK waits out by itself), and keeps taking what the window gives back until the page has
    // shown its "slow down".
    let spending = true;
    let spent: () => void = () => {};
    const budgetSpent = new Promise<void>((resolve) => {
      spent = resolve;
    });
    const spender = (async () => {
      while (spending) {
        const waits = await Promise.all(
          Array.from({ length: 50 }, async () => {
            const response = await fetch(`${server.url}/api/config`);
            await response.arrayBuffer();
            return response.status === 429 ? Number(response.headers.get('retry-after')) : 0;
          }),
        );
        if (waits.some((seconds) => seconds > 0)) spent();
      }
    })();
    await Promise.race([budgetSpent, spender]);
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      const refusedFiles: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (response.status() === 429 && kindOf(url, '/games') !== 'api') refusedFiles.push(url.pathname);
      });
      const shell = await page.goto(`${server.url}/games`);
      expect(shell?.status()).toBe(200);
      // The shell and every file arrived: the app runs, and says why the list is not there yet.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[role="status"]')].some((node) =>
            node.textContent?.includes('Slow down'),
          ),
        { timeout: 60_000 },
      );
      spending = false;
      await spender;
      expect(refusedFiles).toEqual([]);
      // The window slides on; the page asks again by itself, no click needed.
      await waitForContent(page, 'Harbour Cup', 120_000);
    } finally {
      spending = false;
      await spender;
      await context.close();
    }
  }, 300_000);
});

const waitForContent = (page: Page, text: string, timeout: number) =>
  page.waitForFunction((wanted) => document.body.innerText.includes(wanted), { timeout }, text);
