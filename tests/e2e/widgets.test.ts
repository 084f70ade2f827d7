// The embeddable widgets on someone else's site: examples/embed/ served by a small static server on its own
// origin loads the elements from the real server (allowed by PENNON_EMBED_ORIGINS). The page shows all three;
// a solve made through the SDK shows up on the embedded scoreboard without a reload (and the host page hears of
// it); the host page's loud styles neither change inside the widgets nor are changed by them.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { unstyledMantineClasses } from '../support/styles.ts';
import { WIDGETS, wordsBrokenAcrossLines } from '../support/widget-hosts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminPassword = 'Harbour2024';
const flag = 'flag{widgets_on_the_quay}';

/** A page loading the classic script, for `?server=…&game=…&challenge=…`. */
const classicPage = (query: URLSearchParams) => {
  const attribute = (name: string) => (query.get(name) ?? '').replace(/[^\w:/.-]/g, '');
  const server = attribute('server');
  return `<!doctype html><html lang="en"><body>
<pennon-challenge-card server="${server}" game="${attribute('game')}" challenge="${attribute('challenge')}" locale="fr-FR"></pennon-challenge-card>
<script src="${server}/widgets/pennon-widgets.iife.js"></script></body></html>`;
};

/** The example page, as any web host would serve it, and a page using the classic script. */
const serveExample = async (): Promise<{ server: Server; origin: string }> => {
  const html = readFileSync(path.join(root, 'examples/embed/index.html'));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://example');
    const page =
      url.pathname === '/' ? html : url.pathname === '/classic' ? classicPage(url.searchParams) : null;
    if (page === null) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

/** The text inside an element's shadow root. */
const shadowText = (page: Page, selector: string) =>
  page.$eval(
    selector,
    (element) => (element.shadowRoot?.querySelector('.pennon-root') as HTMLElement | null)?.innerText ?? '',
  );

const waitForShadow = (page: Page, selector: string, inner: string, text = '') =>
  page.waitForFunction(
    (host, target, wanted) =>
      [...(document.querySelector(host)?.shadowRoot?.querySelectorAll<HTMLElement>(target) ?? [])].some(
        (node) => node.innerText.includes(wanted),
      ),
    {},
    selector,
    inner,
    text,
  );

describe('widgets', () => {
  let example: { server: Server; origin: string };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;
  let challengeId = 0;
  let player: ReturnType<typeof createNodeClient>;

  beforeAll(async () => {
    if (!existsSync(path.join(root, 'widgets/dist/pennon-widgets.js'))) {
      throw new Error('The widgets are not built: run `npm run build --workspace widgets`');
    }
    example = await serveExample();
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_EMBED_ORIGINS: example.origin }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    const now = Date.now();
    const times = { start: now - 3600_000, end: now + 24 * 3600_000 };
    gameId = (await admin.edit.createGame({ title: 'Quay Cup', ...times })).id;
    await admin.edit.updateGame(gameId, { title: 'Quay Cup', acceptWithoutReview: true, ...times });
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Bollard',
      category: 'Crypto',
      type: 'StaticAttachment',
    });
    challengeId = challenge.id;
    await admin.edit.addFlags(gameId, challengeId, [{ flag }]);
    await admin.edit.updateChallenge(gameId, challengeId, { isEnabled: true });
    await admin.edit.createNotice(gameId, { content: 'Welcome aboard, **sailors**!' });

    player = createNodeClient({ baseUrl: server.url });
    await player.account.register({
      userName: 'deckhand',
      email: 'deckhand@example.com',
      password: 'Harbour2024x',
    });
    const team = await player.team.create({ name: 'Deckhands' });
    await player.game.join(gameId, { teamId: team.id });

    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const query = new URLSearchParams({
      server: server.url,
      game: String(gameId),
      challenge: String(challengeId),
    });
    await page.goto(`${example.origin}/?${query}`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => example?.server.close(resolve));
  });

  it('shows the scoreboard, the notices and the challenge card on a page of another origin', async () => {
    expect(new URL(server.url).origin).not.toBe(example.origin);
    await waitForShadow(page, 'pennon-scoreboard', '[data-testid="scoreboard"]', 'Deckhands');
    await waitForShadow(page, 'pennon-notices', '[data-testid="notice"]', 'Welcome aboard');
    await waitForShadow(page, 'pennon-challenge-card', '[data-testid="challenge-card"]', 'Bollard');

    expect(await shadowText(page, 'pennon-scoreboard')).toContain('Quay Cup');
    // Organisers' Markdown is rendered (sanitized): bold text, not asterisks.
    const bold = await page.$eval(
      'pennon-notices',
      (element) => element.shadowRoot?.querySelector('strong')?.textContent,
    );
    expect(bold).toBe('sailors');
    expect(await shadowText(page, 'pennon-challenge-card')).toMatch(/crypto/i);
    const feed = await page.$eval(
      'pennon-scoreboard',
      (element) => element.shadowRoot?.querySelector<HTMLAnchorElement>('[data-testid="ctftime-feed"]')?.href,
    );
    expect(feed).toBe(`${server.url}/api/game/${gameId}/ctftime`);
  });

  it('shows a solve made through the SDK without a reload, and tells the host page', async () => {
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    const submitId = await player.game.submit(gameId, challengeId, flag);
    await expect.poll(() => player.game.submissionStatus(gameId, challengeId, submitId)).toBe('Accepted');

    // The first blood's notice comes through the hub and the scoreboard is fetched again at once.
    await page.waitForFunction(
      () =>
        !!document
          .querySelector('pennon-scoreboard')
          ?.shadowRoot?.querySelector('[data-testid="scoreboard"] [aria-label="First blood"]'),
    );
    await waitForShadow(page, 'pennon-challenge-card', '[data-testid="challenge-card"]', '1 solve');
    await waitForShadow(
      page,
      'pennon-notices',
      '[data-testid="notice"]',
      'Deckhands took first blood on Bollard',
    );
    await page.waitForFunction(() =>
      document.getElementById('events')?.innerText.includes('First blood! Deckhands on Bollard'),
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });

  it('styles every Mantine component the elements show, the chart included (once a team scores)', async () => {
    await waitForShadow(page, 'pennon-scoreboard', '[data-testid="score-timeline"]');
    await waitForShadow(page, 'pennon-top-teams', '[data-testid="top-teams"]');
    expect(await unstyledMantineClasses(page)).toEqual([]);
  });

  it.each([
    [320, 'en-US', 'Score'],
    [320, 'de-DE', 'Punkte'],
    [390, 'en-US', 'Score'],
    [390, 'de-DE', 'Punkte'],
  ])('breaks no word or number inside at %i px (%s)', async (width, locale, scoreHeading) => {
    await page.setViewport({ width, height: 900 });
    const setLocale = (tag: string | null) =>
      page.evaluate(
        (hosts, value) => {
          for (const element of document.querySelectorAll(hosts)) {
            if (value) element.setAttribute('locale', value);
            else element.removeAttribute('locale');
          }
        },
        WIDGETS,
        tag,
      );
    try {
      await setLocale(locale);
      await waitForShadow(page, 'pennon-scoreboard', '[data-testid="scoreboard"]', scoreHeading);
      expect(await wordsBrokenAcrossLines(page)).toEqual([]);
    } finally {
      await setLocale(null);
      await page.setViewport({ width: 1280, height: 900 });
    }
  });

  it("says why it failed in the element's language alone, whatever the browser's", async () => {
    const title = async (language: string) => {
      const res = await fetch(`${server.url}/api/game/987654`, { headers: { 'accept-language': language } });
      return ((await res.json()) as { title: string }).title;
    };
    const [french, english] = [await title('fr-FR'), await title('en-US')];
    expect(french).not.toBe(english);
    const classic = await browser.newPage();
    try {
      const query = new URLSearchParams({ server: server.url, game: '987654', challenge: '1' });
      await classic.goto(`${example.origin}/classic?${query}`);
      await waitForShadow(classic, 'pennon-challenge-card', '[data-testid="widget-error"]', french);
      expect(await shadowText(classic, 'pennon-challenge-card')).not.toContain(english);
    } finally {
      await classic.close();
    }
  });

  it('works as a classic script too, in the locale asked for', async () => {
    const classic = await browser.newPage();
    try {
      const query = new URLSearchParams({
        server: server.url,
        game: String(gameId),
        challenge: String(challengeId),
      });
      await classic.goto(`${example.origin}/classic?${query}`);
      await waitForShadow(classic, 'pennon-challenge-card', '[data-testid="challenge-card"]', 'Bollard');
      expect(await shadowText(classic, 'pennon-challenge-card')).toContain('1 résolution');
    } finally {
      await classic.close();
    }
  });

  it("keeps the host page's styles out of the widgets and the widgets' styles out of the page", async () => {
    const styles = await page.evaluate(() => {
      const style = (element: Element | null | undefined) => {
        const computed = getComputedStyle(element as Element);
        return { font: computed.fontFamily, color: computed.color, background: computed.backgroundColor };
      };
      const shadow = (tag: string) => document.querySelector(tag)?.shadowRoot;
      return {
        body: style(document.body),
        hostButton: style(document.getElementById('host-button')),
        headStyles: document.head.querySelectorAll('style, link[rel="stylesheet"]').length,
        scoreboardText: style(shadow('pennon-scoreboard')?.querySelector('[data-testid="scoreboard"] td')),
        link: style(shadow('pennon-scoreboard')?.querySelector('[data-testid="ctftime-feed"]')),
        card: style(shadow('pennon-challenge-card')?.querySelector('[data-testid="challenge-card"]')),
      };
    });
    // The page: its serif font, red buttons and background, and no stylesheet added to its head.
    expect(styles.body.font).toContain('Georgia');
    expect(styles.body.background).toBe('rgb(253, 246, 227)');
    expect(styles.hostButton.color).toBe('rgb(255, 0, 0)');
    expect(styles.hostButton.font).toContain('Georgia');
    expect(styles.headStyles).toBe(1);
    if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT, fullPage: true });
    // The widgets: Mantine's sans-serif stack, whatever `* { font-family }` the page sets.
    for (const inside of [styles.scoreboardText, styles.link, styles.card]) {
      expect(inside.font).not.toContain('Georgia');
      expect(inside.font).toContain('sans-serif');
      expect(inside.color).not.toBe('rgb(255, 0, 0)');
    }
  });

  it('follows attribute changes and names a challenge and a solve on hover', async () => {
    const titles = await page.$eval('pennon-scoreboard', (element) =>
      [...(element.shadowRoot?.querySelectorAll('[data-testid="scoreboard"] [title]') ?? [])].map((node) =>
        node.getAttribute('title'),
      ),
    );
    expect(titles).toContainEqual(expect.stringMatching(/^Bollard · Crypto · [\d,]+$/));
    expect(titles).toContainEqual(expect.stringMatching(/^Bollard: \+[\d,]+ · deckhand · /));

    const columns = () =>
      page.$eval(
        'pennon-scoreboard',
        (element) => element.shadowRoot?.querySelectorAll('[data-testid="scoreboard"] thead th').length,
      );
    const background = () =>
      page.$eval('pennon-scoreboard', (element) => {
        const root = element.shadowRoot?.querySelector('.pennon-root');
        return root ? getComputedStyle(root).backgroundColor : '';
      });
    expect(await columns()).toBe(6);
    const light = await background();
    await page.$eval('pennon-scoreboard', (element) => {
      element.setAttribute('compact', '');
      element.setAttribute('color-scheme', 'dark');
    });
    await expect.poll(columns).toBe(4);
    await expect.poll(background).not.toBe(light);
    await page.$eval('pennon-scoreboard', (element) => element.removeAttribute('compact'));
    await expect.poll(columns).toBe(6);
  });
});
