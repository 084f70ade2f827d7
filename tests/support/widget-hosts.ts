// Someone else's site for the widgets: a static host on its own origin serving the pages a test gives it, and a
// game worth showing (teams with scores, one with a long name, notices of both kinds), made through the SDK.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeClient } from '@pennon/sdk/node';
import type { Page } from 'puppeteer-core';
import { createRunningGame } from './games.ts';

export interface PageHost {
  origin: string;
  /** Serves `html` at `path` from now on. */
  page(path: string, html: string): string;
  close(): Promise<void>;
}

export const hostPages = async (): Promise<PageHost> => {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? '/', 'http://host').pathname);
    if (html === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page: (path, html) => {
      pages.set(path, html);
      return `${origin}${path}`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

// As long as a team name may be (20 characters), in wide letters.
export const LONG_TEAM = 'WWW Harbourmasters W';

/** A running game with a challenge, four teams (three of which solved it) and notices; answers the ids. */
export const seedWidgetGame = async (
  serverUrl: string,
  adminPassword: string,
): Promise<{ gameId: number; challengeId: number }> => {
  const admin = createNodeClient({ baseUrl: serverUrl });
  await admin.account.login({ userName: 'admin', password: adminPassword });
  const gameId = await createRunningGame(admin, 'Lighthouse Cup');
  const { id: challengeId } = await admin.edit.createChallenge(gameId, {
    title: 'Foghorn',
    category: 'Misc',
    type: 'StaticAttachment',
  });
  const flag = 'flag{keep_the_light_burning}';
  await admin.edit.addFlags(gameId, challengeId, [{ flag }]);
  await admin.edit.updateChallenge(gameId, challengeId, { isEnabled: true });
  await admin.edit.createNotice(gameId, {
    content:
      'Welcome! Rules: https://ctf.example.org/a/very/long/address/that/must/wrap/inside/the/widget/box',
  });
  const teams = [LONG_TEAM, 'Gulls', 'Terns', 'Puffins'];
  for (const [index, name] of teams.entries()) {
    const player = createNodeClient({ baseUrl: serverUrl });
    const userName = `keeper${index}`;
    await player.account.register({ userName, email: `${userName}@example.com`, password: 'Lantern2024x' });
    const team = await player.team.create({ name });
    await player.game.join(gameId, { teamId: team.id });
    if (index === teams.length - 1) continue;
    const submission = await player.game.submit(gameId, challengeId, flag);
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await player.game.submissionStatus(gameId, challengeId, submission)) === 'Accepted') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { gameId, challengeId };
};

/**
 * A page in `lang` loading the widgets' module from `server`, with `body` (the elements, in the page's own layout).
 */
export const hostPage = (server: string, body: string, style = '', lang = 'en'): string => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { margin: 0; padding: 8px; font-family: Georgia, serif; } ${style}</style></head>
<body>${body}<script type="module" src="${server}/widgets/pennon-widgets.js"></script></body></html>`;

/** The text inside an element's shadow root. */
export const shadowText = (page: Page, selector: string): Promise<string> =>
  page.$eval(
    selector,
    (element) => (element.shadowRoot?.querySelector('.pennon-root') as HTMLElement | null)?.innerText ?? '',
  );

/** Waits until the element's shadow root shows `text`. */
export const waitForShadowText = (page: Page, selector: string, text: string, timeout?: number) =>
  page.waitForFunction(
    (host, wanted) =>
      (
        document.querySelector(host)?.shadowRoot?.querySelector('.pennon-root') as HTMLElement | null
      )?.innerText.includes(wanted),
    { timeout },
    selector,
    text,
  );

export const WIDGETS = 'pennon-scoreboard, pennon-top-teams, pennon-notices, pennon-challenge-card';

/**
 * The words (and numbers) of the widgets whose letters lie on more than one line: each run of non-space characters
 * of their visible text, by the boxes the browser gives it (text clipped away for screen readers only is left out).
 */
export const wordsBrokenAcrossLines = (page: Page) =>
  page.evaluate((hosts) => {
    const broken: string[] = [];
    for (const host of document.querySelectorAll(hosts)) {
      const root = host.shadowRoot;
      if (!root) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let hidden = false;
        for (let element = node.parentElement; element; element = element.parentElement)
          hidden ||= getComputedStyle(element).clipPath !== 'none';
        if (hidden) continue;
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()]
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.bottom)),
          );
          if (lines.size > 1) broken.push(`${host.localName}: ${word[0]}`);
        }
      }
    }
    return broken;
  }, WIDGETS);
