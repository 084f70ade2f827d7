// The widgets as a site owner hosts them: inside the page's own grid or flex column they size by their own box
// and never widen the page (320, 390 and 768 px); <pennon-top-teams> is the stream's leaderboard; `theme` sets
// every element's colours; a page whose origin the platform refuses is told so, with what to do; and a platform
// that never answers ends in an error, never in "Loading" for good. Real server, real Chromium, real pages on
// origins of their own. (The scoreboard's own layout is tested in its own file.)
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createServer as createTcpServer } from 'node:net';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import {
  hostPage,
  hostPages,
  LONG_TEAM,
  type PageHost,
  seedWidgetGame,
  shadowText,
  waitForShadowText,
} from '../support/widget-hosts.ts';

const adminPassword = 'Lantern2024';

/**
 * A platform whose API hangs (its /widgets/ files still load): requests end only by the widgets' timeout. On
 * `port` when given (a platform coming back where there was none).
 */
const stuckPlatform = async (real: string, port = 0): Promise<{ url: string; close(): Promise<void> }> => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    if (!request.url?.startsWith('/widgets/')) return; // never answered
    const upstream = httpRequest(`${real}${request.url}`, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
};

/** An address where no platform answers: a port taken and let go, so connecting to it is refused. */
const unreachablePlatform = async (): Promise<string> => {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
};

describe('widgets in a host page', () => {
  let server: RunningServer;
  let browser: Browser;
  let allowed: PageHost;
  let refused: PageHost;
  let gameId = 0;
  let challengeId = 0;
  const pages: Page[] = [];

  const open = async (url: string, width = 1024): Promise<Page> => {
    const page = await browser.newPage();
    pages.push(page);
    await page.setViewport({ width, height: 800 });
    // Chromium drops a navigation when the machine's interfaces change (a container's veth coming up for a test
    // beside this one): net::ERR_NETWORK_CHANGED. That page load is asked for again; any other failure stands.
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto(url);
        return page;
      } catch (error) {
        if (attempt === 3 || !String(error).includes('ERR_NETWORK_CHANGED')) throw error;
      }
    }
  };

  const elements = (attributes = '') => `
    <pennon-top-teams server="${server.url}" game="${gameId}" count="3" ${attributes}></pennon-top-teams>
    <pennon-challenge-card server="${server.url}" game="${gameId}" challenge="${challengeId}" ${attributes}></pennon-challenge-card>
    <pennon-notices server="${server.url}" game="${gameId}" rows="5" ${attributes}></pennon-notices>`;

  beforeAll(async () => {
    [allowed, refused] = await Promise.all([hostPages(), hostPages()]);
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_EMBED_ORIGINS: allowed.origin }),
      launchBrowser(),
    ]);
    ({ gameId, challengeId } = await seedWidgetGame(server.url, adminPassword));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([allowed?.close(), refused?.close()]);
  });

  it('never widens the page at 320, 390 and 768 px, in a grid of half-width columns or a flex column', async () => {
    const url = allowed.page(
      '/layout',
      hostPage(
        server.url,
        `<h1>Harbour news</h1>
         <div class="grid"><div>Our sponsor's article, in the left half.</div><div class="column">${elements()}</div></div>
         <div class="column" id="flex">${elements('theme="dark"')}</div>`,
        `.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
         .column { display: flex; flex-direction: column; gap: 8px; }`,
      ),
    );
    const page = await open(url, 320);
    for (const width of [320, 390, 768]) {
      await page.setViewport({ width, height: 800 });
      await page.waitForFunction(
        () =>
          document.querySelectorAll('pennon-top-teams, pennon-challenge-card, pennon-notices').length === 6 &&
          [...document.querySelectorAll('pennon-top-teams, pennon-challenge-card, pennon-notices')].every(
            (host) =>
              host.shadowRoot?.querySelector(
                '[data-testid="top-teams"], [data-testid="challenge-card"], [data-testid="notice"]',
              ),
          ),
      );
      const measured = await page.evaluate(() => {
        const hosts = [
          ...document.querySelectorAll('pennon-top-teams, pennon-challenge-card, pennon-notices'),
        ];
        return {
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          // Content wider than its element (spilling out, or pushing the element wider than its column).
          spilling: hosts
            .map((host) => {
              const box = host.getBoundingClientRect();
              const root = host.shadowRoot?.querySelector('.pennon-root') as HTMLElement;
              const wider = [...(host.shadowRoot?.querySelectorAll('*') ?? [])].filter(
                (node) => node.getBoundingClientRect().right > box.right + 1,
              );
              return root.scrollWidth > root.clientWidth + 1 ||
                box.right > window.innerWidth ||
                wider.length > 0
                ? host.tagName
                : '';
            })
            .filter(Boolean),
          // The stream list's type by its own width (container queries): smaller in a narrow column only.
          fonts: ['.grid pennon-top-teams', '#flex pennon-top-teams'].map((selector) => {
            const table = document
              .querySelector(selector)
              ?.shadowRoot?.querySelector('[data-testid="top-teams"]');
            return table ? getComputedStyle(table).fontSize : '';
          }),
          name: (() => {
            const cell = document
              .querySelector('#flex pennon-top-teams')
              ?.shadowRoot?.querySelector<HTMLElement>('[data-testid="top-teams"] tbody td:nth-child(2)');
            return { text: cell?.textContent, title: cell?.title, width: cell?.clientWidth ?? 0 };
          })(),
        };
      });
      expect(measured.scrollWidth, `${width} px`).toBeLessThanOrEqual(measured.innerWidth);
      expect(measured.spilling, `${width} px`).toEqual([]);
      // Below 768 px the two lists differ (the half column is under 16rem wide): by their boxes, not the viewport.
      expect(measured.fonts, `${width} px`).toEqual(width < 768 ? ['14px', '16px'] : ['16px', '16px']);
      // In a full-width column the long name keeps most of the row, cut with an ellipsis and whole on hover.
      expect(measured.name.text, `${width} px`).toBe(LONG_TEAM);
      expect(measured.name.title).toBe(LONG_TEAM);
      expect(measured.name.width, `${width} px`).toBeGreaterThanOrEqual((width - 16) * 0.5);
    }
  });

  it('shows examples/embed in half-width columns with whole team names', async () => {
    const example = readFileSync(new URL('../../examples/embed/index.html', import.meta.url), 'utf8');
    const query = new URLSearchParams({
      server: server.url,
      game: String(gameId),
      challenge: String(challengeId),
    });
    const page = await open(`${allowed.page('/example', example)}?${query}`, 1280);
    await page.waitForFunction(() =>
      document.querySelector('#top')?.shadowRoot?.querySelector('[data-testid="top-teams"] tbody tr'),
    );
    const layout = await page.evaluate(() => {
      const grid = document.querySelector('.grid')?.getBoundingClientRect().width ?? 0;
      const top = document.querySelector('#top') as HTMLElement;
      const names = [...(top.shadowRoot?.querySelectorAll<HTMLElement>('tbody td:nth-child(2)') ?? [])];
      return {
        share: top.getBoundingClientRect().width / grid,
        cut: names.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
        count: names.length,
      };
    });
    expect(layout.share).toBeGreaterThan(0.4);
    expect(layout.share).toBeLessThan(0.6);
    expect(layout.count).toBe(4);
    expect(layout.cut).toEqual([]);
  });

  it('shows the leading teams for a stream: rank, team, score and whether it is live', async () => {
    const page = await open(
      allowed.page(
        '/stream',
        hostPage(
          server.url,
          `<pennon-top-teams server="${server.url}" game="${gameId}" count="2"></pennon-top-teams>`,
        ),
      ),
    );
    await page.waitForFunction(() =>
      document.querySelector('pennon-top-teams')?.shadowRoot?.querySelector('[data-live="push"]'),
    );
    const rows = await page.$eval('pennon-top-teams', (host) =>
      [...(host.shadowRoot?.querySelectorAll('[data-testid="top-teams"] tbody tr') ?? [])].map((row) =>
        [...row.querySelectorAll('td')].map((cell) => cell.textContent),
      ),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[0]).toBe('1');
    expect(rows[0]?.[1]).toBe(LONG_TEAM);
    expect(Number(rows[0]?.[2]?.replace(/\D/g, ''))).toBeGreaterThan(0);
    expect(rows[1]?.[0]).toBe('2');
    expect(await shadowText(page, 'pennon-top-teams')).toContain('Lighthouse Cup');
    await page.$eval('pennon-top-teams', (host) => host.setAttribute('count', '10'));
    await expect
      .poll(() =>
        page.$eval('pennon-top-teams', (host) => host.shadowRoot?.querySelectorAll('tbody tr').length),
      )
      .toBe(4);
  });

  it('takes theme="light|dark|auto" on every element', async () => {
    const page = await open(
      allowed.page(
        '/themes',
        hostPage(
          server.url,
          `${elements('theme="dark"')}<pennon-scoreboard server="${server.url}" game="${gameId}" theme="dark"></pennon-scoreboard>`,
        ),
      ),
    );
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    const schemes = () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll(
            'pennon-top-teams, pennon-challenge-card, pennon-notices, pennon-scoreboard',
          ),
        ].map((host) =>
          host.shadowRoot?.querySelector('.pennon-root')?.getAttribute('data-mantine-color-scheme'),
        ),
      );
    await expect.poll(schemes).toEqual(['dark', 'dark', 'dark', 'dark']);
    const background = () =>
      page.$eval(
        'pennon-notices',
        (host) => getComputedStyle(host.shadowRoot?.querySelector('.pennon-root') as Element).backgroundColor,
      );
    const dark = await background();
    await page.evaluate(() => {
      for (const host of document.querySelectorAll(
        'pennon-top-teams, pennon-challenge-card, pennon-notices, pennon-scoreboard',
      ))
        host.setAttribute('theme', 'light');
    });
    await expect.poll(schemes).toEqual(['light', 'light', 'light', 'light']);
    expect(await background()).not.toBe(dark);
    // auto: the visitor's system setting.
    await page.evaluate(() => {
      for (const host of document.querySelectorAll(
        'pennon-top-teams, pennon-challenge-card, pennon-notices, pennon-scoreboard',
      ))
        host.setAttribute('theme', 'auto');
    });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await expect.poll(schemes).toEqual(['dark', 'dark', 'dark', 'dark']);
  });

  it('tells a site the platform refuses that it is not allowed, and what the organiser does', async () => {
    const page = await open(
      refused.page(
        '/refused',
        hostPage(
          server.url,
          `${elements()}<pennon-scoreboard server="${server.url}" game="${gameId}"></pennon-scoreboard>
           <pennon-notices id="fr" server="${server.url}" game="${gameId}" locale="fr-FR"></pennon-notices>`,
        ),
      ),
    );
    const wanted = `This site (${refused.origin}) is not allowed to embed this game — the organiser adds it to PENNON_EMBED_ORIGINS.`;
    for (const tag of ['pennon-top-teams', 'pennon-challenge-card', 'pennon-notices', 'pennon-scoreboard']) {
      await waitForShadowText(page, tag, wanted);
      expect(await shadowText(page, tag)).not.toMatch(/Network error|Loading/);
    }
    await waitForShadowText(page, '#fr', `Ce site (${refused.origin}) n’est pas autorisé`);
  });

  it('ends in an error, not "Loading", when the platform never answers', async () => {
    const stuck = await stuckPlatform(server.url);
    try {
      const page = await open(
        allowed.page(
          '/stuck',
          hostPage(
            server.url,
            `<pennon-notices server="${stuck.url}" game="${gameId}"></pennon-notices>
             <pennon-top-teams server="${stuck.url}" game="${gameId}"></pennon-top-teams>`,
          ),
        ),
      );
      await waitForShadowText(page, 'pennon-notices', 'Loading notices');
      const started = Date.now();
      // The SDK's request timeout (10 s), the same for every element.
      await waitForShadowText(
        page,
        'pennon-notices',
        'Could not load the notices: Request timed out',
        30_000,
      );
      await waitForShadowText(
        page,
        'pennon-top-teams',
        'Could not load the scoreboard: Request timed out',
        30_000,
      );
      expect(Date.now() - started).toBeLessThan(25_000);
    } finally {
      await stuck.close();
    }
  }, 60_000);

  it('speaks English, never translation keys, when the platform cannot be reached at all', async () => {
    const nowhere = await unreachablePlatform();
    // The module comes from the real server (a copy on the site's own host would do as well); every element
    // points at a platform that is not there, so no dictionary can be fetched either.
    const page = await open(
      allowed.page(
        '/unreachable',
        hostPage(
          server.url,
          `<pennon-scoreboard server="${nowhere}" game="1"></pennon-scoreboard>
           <pennon-top-teams server="${nowhere}" game="1"></pennon-top-teams>
           <pennon-challenge-card server="${nowhere}" game="1" challenge="1"></pennon-challenge-card>
           <pennon-notices server="${nowhere}" game="1" locale="fr-FR"></pennon-notices>`,
        ),
      ),
    );
    const wanted: [string, string[]][] = [
      [
        'pennon-scoreboard',
        ['Scoreboard', 'Could not load the scoreboard: Network error', 'Full scoreboard'],
      ],
      ['pennon-top-teams', ['Top teams', 'Could not load the scoreboard: Network error']],
      ['pennon-challenge-card', ['Could not load the challenge: Network error']],
      ['pennon-notices', ['Notices', 'Could not load the notices: Network error']],
    ];
    for (const [tag, texts] of wanted) {
      for (const text of texts) {
        await expect.poll(() => shadowText(page, tag)).toContain(text);
      }
      expect(await shadowText(page, tag), tag).not.toMatch(/\b(widgets|game|common)\.\w/);
    }
  }, 60_000);

  it("replaces the English with the page's language once the platform's dictionaries can be fetched", async () => {
    const nowhere = await unreachablePlatform();
    const page = await open(
      allowed.page(
        '/unreachable-fr',
        hostPage(
          server.url,
          `<pennon-notices server="${nowhere}" game="${gameId}" locale="fr-FR"></pennon-notices>`,
        ),
      ),
    );
    await expect.poll(() => shadowText(page, 'pennon-notices')).toContain('Could not load the notices');
    // The platform comes back on that address (serving its dictionaries, its API still silent): the retry,
    // 20 s after the failure, brings the French.
    const back = await stuckPlatform(server.url, Number(new URL(nowhere).port));
    try {
      await expect
        .poll(() => shadowText(page, 'pennon-notices'), { timeout: 40_000, interval: 500 })
        .toContain('Annonces');
      expect(await shadowText(page, 'pennon-notices')).not.toContain('Notices');
    } finally {
      await back.close();
    }
  }, 90_000);
});
