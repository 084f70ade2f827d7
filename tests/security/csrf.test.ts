// Cross-site request forgery in Chromium against the real server. A player signed in on the platform opens a page
// served from the same host on another port: another origin but the same site, so SameSite=Lax still sends the
// session cookie (as it would from a challenge's web page on a sibling host). The page tries what an attacker's
// would: sign the player out with an auto-submitted form, join them to its author's team with a credentialed
// fetch (the invite code as a text/plain body needs no CORS preflight), and open the user hub with their cookie.
// None of it gets through; the same calls from the platform's own page do.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signIn } from '../support/ui.ts';

const adminPassword = 'Harbour2024x';
const password = 'Seagull2024x';

declare global {
  interface Window {
    /** What the attacking page saw of its attempt. */
    outcome?: string;
  }
}

/** The attacker's pages, each trying one thing against `platform` and writing what happened to `outcome`. */
const attacks = (platform: string, code: string, gameId: number): Record<string, string> => {
  const values = `const platform = ${JSON.stringify(platform)}; const code = ${JSON.stringify(code)};`;
  const page = (script: string, body = '') =>
    `<!doctype html><title>Free flags</title>${body}<script>${values}${script}</script>`;
  return {
    '/form': page(
      `const form = document.forms[0];
       form.action = platform + '/api/account/logout';
       form.submit();
       document.querySelector('iframe').onload = () => { window.outcome = 'submitted'; };`,
      '<form method="post" enctype="text/plain" target="sink"><input type="hidden" name="a" value="b"></form>' +
        '<iframe name="sink"></iframe>',
    ),
    '/fetch': page(
      `fetch(platform + '/api/team/accept', { method: 'POST', mode: 'no-cors', credentials: 'include', body: code })
         .then(() => { window.outcome = 'sent'; }, (error) => { window.outcome = 'failed: ' + error; });`,
    ),
    '/socket': page(
      `const socket = new WebSocket(platform.replace('http', 'ws') + '/hub/user?game=${gameId}');
       socket.onopen = () => { window.outcome = 'open'; socket.close(); };
       socket.onclose = () => { window.outcome ??= 'refused'; };`,
    ),
  };
};

describe('requests from a page of another origin', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: Server;
  let siteUrl: string;
  let player: Page;
  let gameId: number;
  let code: string;
  let session: string;

  /** Alice's teams and whether she is still signed in, asked from Node with the cookie Chromium holds. */
  const aliceState = async () => {
    const res = await fetch(`${server.url}/api/team`, { headers: { cookie: `GZCTF_Token=${session}` } });
    return {
      signedIn: res.status === 200,
      teams: res.status === 200 ? ((await res.json()) as { name: string }[]).map((team) => team.name) : [],
    };
  };

  const visit = async (path: string): Promise<string> => {
    const page = await browser.newPage();
    try {
      await page.goto(`${siteUrl}${path}`);
      const outcome = await page.waitForFunction(() => window.outcome);
      return (await outcome.jsonValue()) as string;
    } finally {
      await page.close();
    }
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Harbour CTF');
    const mallory = createNodeClient({ baseUrl: server.url });
    await mallory.account.register({ userName: 'mallory', email: 'mallory@example.com', password });
    await mallory.account.login({ userName: 'mallory', password });
    code = await mallory.team.invite((await mallory.team.create({ name: 'Gulls' })).id);
    await createNodeClient({ baseUrl: server.url }).account.register({
      userName: 'alice',
      email: 'alice@example.com',
      password,
    });

    const pages = attacks(server.url, code, gameId);
    site = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(pages[request.url ?? ''] ?? '');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    expect(siteUrl).not.toBe(server.url);

    player = await browser.newPage();
    await player.goto(server.url);
    await signIn(player, 'alice', password);
    const cookie = (await browser.cookies()).find((c) => c.name === 'GZCTF_Token');
    session = cookie?.value ?? '';
    expect(await aliceState()).toEqual({ signedIn: true, teams: [] });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await server?.stop();
  });

  it('a credentialed fetch does not join the player to the page author’s team', async () => {
    expect(await visit('/fetch')).toBe('sent');
    expect(await aliceState()).toEqual({ signedIn: true, teams: [] });
  });

  it('a WebSocket to the user hub with the player’s cookie is refused', async () => {
    expect(await visit('/socket')).toBe('refused');
  });

  it('an auto-submitted form does not sign the player out', async () => {
    expect(await visit('/form')).toBe('submitted');
    expect(await aliceState()).toEqual({ signedIn: true, teams: [] });
  });

  it('the same calls from the platform’s own page work', async () => {
    const joined = await player.evaluate(
      async (body) =>
        (
          await fetch('/api/team/accept', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).status,
      JSON.stringify(code),
    );
    expect(joined).toBe(200);
    expect(await aliceState()).toEqual({ signedIn: true, teams: ['Gulls'] });
    const hub = await player.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url);
          socket.onopen = () => {
            socket.close();
            resolve('open');
          };
          socket.onclose = () => resolve('refused');
        }),
      `${server.url.replace('http', 'ws')}/hub/user?game=${gameId}`,
    );
    expect(hub).toBe('open');
  });
});
