// <pennon-scoreboard> in the layouts a site owner writes (a half-width column of a CSS grid, a flex column),
// on a page of another origin, with a busy game (18 challenges, 20-character team names): at 320, 390 and 768 px
// the host page never scrolls sideways; the names keep their width; the challenge columns fold away in a narrow
// widget (by its own width, not the window's), scroll inside it with columns="full" and are gone with
// columns="compact"; the chart's legend has a swatch of each line's colour, the chart opens where the
// activity is (the last hour) or on the `range` asked for; team names open the team's page on the platform.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createBusyGame, TEAM_NAMES } from '../support/scoreboard.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';

type Layout = 'grid' | 'flex';

/** A host page: the scoreboard in a half-width grid column beside the page's own text, or in a flex column. */
const hostPage = (query: URLSearchParams) => {
  const value = (name: string) => (query.get(name) ?? '').replace(/[^\w:/.-]/g, '');
  const server = value('server');
  const attributes = ['columns', 'range']
    .filter((name) => query.has(name))
    .map((name) => ` ${name}="${value(name)}"`)
    .join('');
  const board = `<pennon-scoreboard server="${server}" game="${value('game')}" rows="11" chart${attributes}></pennon-scoreboard>`;
  const text = '<p>News of the harbour and our sponsors, in a column of its own.</p>';
  const layout =
    value('layout') === 'grid'
      ? `<div style="display:grid;grid-template-columns:1fr 1fr;gap:16px">${board}${text}</div>`
      : `<div style="display:flex;flex-direction:column;gap:16px">${text}${board}</div>`;
  return `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;padding:12px;font-family:Georgia,serif}</style></head><body>${layout}
<script type="module">await import('${server}/widgets/pennon-widgets.js');</script></body></html>`;
};

const serveHost = async (): Promise<{ server: Server; origin: string }> => {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(url.searchParams));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

interface Measure {
  page: number;
  viewport: number;
  widget: number;
  names: number[];
  challengeColumns: number;
  table: number;
  scroller: number;
}

describe('<pennon-scoreboard> in a page layout', () => {
  let host: { server: Server; origin: string };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;

  /** Opens the host page at a width and waits for every row and the chart's lines. */
  const open = async (layout: Layout, width: number, attributes: Record<string, string> = {}) => {
    await page.setViewport({ width, height: 900 });
    const query = new URLSearchParams({ server: server.url, game: String(gameId), layout, ...attributes });
    await page.goto(`${host.origin}/?${query}`);
    await page.waitForFunction(
      (count) => {
        const root = document.querySelector('pennon-scoreboard')?.shadowRoot;
        return (
          (root?.querySelectorAll('tr[data-team]').length ?? 0) >= count &&
          !!root?.querySelector('[data-testid="timeline-line"]')
        );
      },
      { timeout: 30_000 },
      TEAM_NAMES.length,
    );
  };

  const measure = () =>
    page.evaluate((): Measure => {
      const element = document.querySelector('pennon-scoreboard') as HTMLElement;
      const root = element.shadowRoot as ShadowRoot;
      const table = root.querySelector('[data-testid="scoreboard"]') as HTMLElement;
      const header = [...table.querySelectorAll('thead th')].filter(
        (cell) => getComputedStyle(cell).display !== 'none',
      );
      return {
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        widget: element.getBoundingClientRect().right,
        // The width each name has (its cell's), whatever the name's own length.
        names: [...root.querySelectorAll('[data-testid="team-name"]')].map(
          (name) => (name.closest('td') as HTMLElement).getBoundingClientRect().width,
        ),
        // Rank, team, score and solved come first; the last solve is last.
        challengeColumns: Math.max(0, header.length - 5),
        table: table.scrollWidth,
        scroller: (table.closest('.mantine-ScrollArea-viewport') as HTMLElement).clientWidth,
      };
    });

  beforeAll(async () => {
    host = await serveHost();
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_EMBED_ORIGINS: host.origin }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createBusyGame(server.url, admin);
    page = await browser.newPage();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => host?.server.close(resolve));
  });

  for (const layout of ['grid', 'flex'] as const) {
    for (const width of [320, 390, 768]) {
      it(`leaves the host page without sideways scrolling at ${width} px in a ${layout} column`, async () => {
        await open(layout, width);
        const sizes = await measure();
        expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
        expect(sizes.widget).toBeLessThanOrEqual(sizes.viewport);
        expect(sizes.names).toHaveLength(TEAM_NAMES.length);
        for (const name of sizes.names) expect(name).toBeGreaterThanOrEqual(110);
        // Folded away below 40rem of the widget's own width: a half-width column at 768 px is narrower.
        expect(sizes.challengeColumns).toBe(layout === 'flex' && width >= 768 ? 18 : 0);
      });
    }
  }

  it('keeps every challenge column with columns="full", scrolling inside the widget', async () => {
    await open('grid', 390, { columns: 'full' });
    const sizes = await measure();
    expect(sizes.challengeColumns).toBe(18);
    expect(sizes.table).toBeGreaterThan(sizes.scroller);
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
  });

  it('shows no challenge column with columns="compact", however wide', async () => {
    await open('flex', 1280, { columns: 'compact' });
    expect((await measure()).challengeColumns).toBe(0);
  });

  it("gives the chart a legend in the lines' colours, opening where the activity is", async () => {
    await open('grid', 768);
    const chart = await page.evaluate(() => {
      const root = document.querySelector('pennon-scoreboard')?.shadowRoot as ShadowRoot;
      const timeline = root.querySelector('[data-testid="score-timeline"]') as HTMLElement;
      return {
        range: timeline.getAttribute('data-range'),
        swatches: [
          ...timeline.querySelectorAll<HTMLElement>('[data-testid="timeline-legend"] [data-series]'),
        ].map((swatch) => getComputedStyle(swatch).backgroundColor),
        strokes: [...timeline.querySelectorAll('[data-testid="timeline-line"]')].map(
          (line) => getComputedStyle(line).stroke,
        ),
        names: [...timeline.querySelectorAll('[data-testid="timeline-legend"] li')].map(
          (entry) => entry.textContent,
        ),
      };
    });
    expect(chart.range).toBe('1');
    expect(chart.swatches).toHaveLength(10);
    expect(new Set(chart.swatches).size).toBe(10);
    expect(chart.swatches).toEqual(chart.strokes);
    expect(chart.names).toEqual(TEAM_NAMES.slice(0, 10));
  });

  for (const [range, shown] of [
    ['all', 'all'],
    ['6h', '6'],
    ['24', '24'],
  ] as const) {
    it(`shows the range asked for: range="${range}"`, async () => {
      await open('grid', 768, { range });
      const attribute = await page.evaluate(() =>
        document
          .querySelector('pennon-scoreboard')
          ?.shadowRoot?.querySelector('[data-testid="score-timeline"]')
          ?.getAttribute('data-range'),
      );
      expect(attribute).toBe(shown);
    });
  }

  it("links each team's name to its page on the platform, in a tab of its own", async () => {
    await open('grid', 768);
    const links = await page.evaluate(() =>
      [
        ...(document
          .querySelector('pennon-scoreboard')
          ?.shadowRoot?.querySelectorAll<HTMLAnchorElement>(
            '[data-testid="team-name"] a, [data-testid="timeline-legend"] a',
          ) ?? []),
      ].map((link) => ({ href: link.href, target: link.target, rel: link.rel })),
    );
    expect(links).toHaveLength(TEAM_NAMES.length + 10);
    for (const link of links) {
      expect(link.href).toMatch(new RegExp(`^${server.url}/games/${gameId}/teams/\\d+$`));
      expect(link.target).toBe('_blank');
      expect(link.rel).toContain('noopener');
    }
  });
});
