// The screenshots in widgets/README.md: each element, and its error states, on a page of another origin, shot by
// Chromium against a real server. `npx tsx tests/screenshots/widgets.ts` (PENNON_TEST_CHROMIUM set, widgets
// built) writes widgets/docs/*.png.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import { hostPage, hostPages, seedWidgetGame } from '../support/widget-hosts.ts';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../widgets/docs');
const adminPassword = 'Lantern2024';

const [allowed, refused] = await Promise.all([hostPages(), hostPages()]);
const server = await startServer({
  PENNON_ADMIN_PASSWORD: adminPassword,
  PENNON_EMBED_ORIGINS: allowed.origin,
});
const browser = await launchBrowser();
try {
  const { gameId, challengeId } = await seedWidgetGame(server.url, adminPassword);
  const at = `server="${server.url}" game="${gameId}"`;
  const shots: { name: string; host: typeof allowed; element: string; ready: string; width?: number }[] = [
    {
      name: 'scoreboard',
      host: allowed,
      element: `<pennon-scoreboard ${at} rows="5"></pennon-scoreboard>`,
      ready: '[data-testid="scoreboard"]',
      width: 720,
    },
    {
      name: 'top-teams',
      host: allowed,
      element: `<pennon-top-teams ${at} count="10"></pennon-top-teams>`,
      ready: '[data-live]',
    },
    {
      name: 'top-teams-dark',
      host: allowed,
      element: `<pennon-top-teams ${at} count="10" theme="dark"></pennon-top-teams>`,
      ready: '[data-live]',
    },
    {
      name: 'notices',
      host: allowed,
      element: `<pennon-notices ${at} rows="5"></pennon-notices>`,
      ready: '[data-testid="notice"] a',
    },
    {
      name: 'challenge-card',
      host: allowed,
      element: `<pennon-challenge-card ${at} challenge="${challengeId}"></pennon-challenge-card>`,
      ready: '[data-testid="challenge-card"]',
    },
    {
      name: 'error-refused',
      host: refused,
      element: `<pennon-notices ${at}></pennon-notices>`,
      ready: '[data-testid="widget-error"]',
    },
    {
      name: 'error-no-game',
      host: allowed,
      element: `<pennon-top-teams server="${server.url}" game="999"></pennon-top-teams>`,
      ready: '[data-testid="widget-error"]',
    },
  ];
  for (const shot of shots) {
    const page: Page = await browser.newPage();
    await page.setViewport({ width: shot.width ?? 400, height: 200, deviceScaleFactor: 1 });
    const html = hostPage(
      server.url,
      `<div id="frame">${shot.element}</div>`,
      'body { background: #f4f1ea; }',
    );
    await page.goto(shot.host.page(`/${shot.name}`, html));
    const tag = shot.element.slice(1, shot.element.indexOf(' '));
    await page.waitForFunction(
      (host, selector) => document.querySelector(host)?.shadowRoot?.querySelector(selector),
      { timeout: 30_000 },
      tag,
      shot.ready,
    );
    // Let fonts, Markdown and the live badge settle.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const frame = await page.$('#frame');
    await frame?.screenshot({ path: path.join(docs, `${shot.name}.png`) });
    console.log(`widgets/docs/${shot.name}.png`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await Promise.all([allowed.close(), refused.close()]);
}
