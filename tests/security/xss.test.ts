// Stored XSS: a corpus of payloads is written through every text a player or an organiser controls, then the pages
// and widgets that show those texts are rendered in Chromium. A page-level hook (`pwned`) records any payload that
// runs; a scan of the rendered DOM (shadow roots included) finds any that would run on a click (script URLs,
// srcdoc frames, refresh tags) or any plain text that was parsed as markup (`.pwned` elements).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const password = 'Secret123';
/** A dozen pages rendered in Chromium on a machine shared with other test runs. */
const pagesTimeout = 180_000;

/** Payloads for long texts (Markdown or not): each calls `pwned(label)` if it ever runs. */
const corpus = [
  `<script>pwned('script')</script>`,
  `<img src=x onerror="pwned('img')">`,
  `<svg onload="pwned('svg')"></svg>`,
  `<svg><script>pwned('svg-script')</script></svg>`,
  `<a href="javascript:pwned('a')">a</a>`,
  `<a href="jav&#x09;ascript:pwned('entity-tab')">b</a>`,
  `<a href="&#106;avascript&colon;pwned('entity')">c</a>`,
  `[md link](javascript:pwned('md-link'))`,
  `[md angle](<javascript:pwned('md-angle')>)`,
  `[md ref][r]\n\n[r]: javascript:pwned('md-ref')`,
  `![md image](x" onerror="pwned('md-img'))`,
  `![md image2](javascript:pwned('md-img2'))`,
  `</style><script>pwned('style')</script><style>`,
  `</title><script>pwned('title')</script>`,
  `</textarea><img src=x onerror="pwned('textarea')">`,
  `<iframe srcdoc="<script>parent.pwned('srcdoc')</script>"></iframe>`,
  `<details open ontoggle="pwned('details')"><summary>d</summary></details>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="pwned('mxss')">`,
  `<noscript><p title="</noscript><img src=x onerror=pwned('noscript')>">`,
  `<input autofocus onfocus="pwned('input')">`,
  `<object data="javascript:pwned('object')"></object>`,
  `<form action="javascript:pwned('form')"><button>f</button></form>`,
  `<a href="data:text/html,<script>pwned('data')</script>">d</a>`,
  `<meta http-equiv="refresh" content="0;url=javascript:pwned('meta')">`,
  `$\\href{javascript:pwned('katex')}{k}$`,
  `＜script＞pwned('fullwidth')＜/script＞`,
  `<scr\u200bipt>pwned('zwsp')</scr\u200bipt>`,
  `\u202e<img src=x onerror="pwned('bidi')">`,
  `{{constructor.constructor('pwned("template")')()}}`,
].join('\n\n');
/** For texts of at most 20 characters. */
const short = '<svg onload=pwned()>';
/** For user names (at most 15): harmless, but an element if the name is ever parsed as markup. */
const markup = '<i class=pwned>';
/** For texts of 50 to 128 characters. */
const medium = `<img src=x onerror=pwned('m')><script>pwned('m2')</script>`;
/** For titles (at most 128 characters). */
const title = `${medium}<svg onload=pwned('t')><a href="javascript:pwned('ta')">t</a>`;

/** Every element under `root`, through open shadow roots. */
const scanDom = () => {
  const found: string[] = [];
  const dangerous = (value: string) => {
    try {
      // The URL parser drops the tabs, newlines and leading controls a browser ignores in a scheme.
      const url = new URL(value, document.baseURI);
      return /^(javascript|vbscript):$/.test(url.protocol) || /^data:text\/html/i.test(url.href);
    } catch {
      return false;
    }
  };
  const visit = (root: ParentNode) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.classList.contains('pwned')) found.push(`markup: ${element.outerHTML.slice(0, 80)}`);
      for (const attribute of element.attributes) {
        if (
          attribute.name === 'srcdoc' ||
          (/href|src|action|data/.test(attribute.name) && dangerous(attribute.value))
        ) {
          found.push(`${element.tagName} ${attribute.name}=${attribute.value.slice(0, 60)}`);
        }
      }
      if (element.tagName === 'META' && element.getAttribute('http-equiv')) found.push('meta refresh');
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(document);
  return found;
};

describe('stored XSS through every user-writable text', () => {
  let server: RunningServer;
  let browser: Browser;
  let host: Server;
  let hostOrigin = '';
  let gameId = 0;
  let challengeId = 0;
  let postId = '';
  let teamId = 0;
  const ran: string[] = [];

  const session = async (userName: string, pass: string): Promise<string> => {
    const res = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password: pass }),
    });
    const cookie = /GZCTF_Token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!cookie) throw new Error(`no session for ${userName}: ${res.status}`);
    return cookie;
  };

  /** A page of a fresh browser context, signed in with `token` (or not), with the hook installed. */
  const openPage = async (token?: string): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.exposeFunction('pwned', (label = '') => ran.push(`${page.url()}: ${label}`));
    page.on('dialog', async (dialog) => {
      ran.push(`${page.url()}: dialog ${dialog.message()}`);
      await dialog.dismiss();
    });
    if (token)
      await context.setCookie({
        name: 'GZCTF_Token',
        value: token,
        domain: new URL(server.url).hostname,
        path: '/',
      });
    return { context, page };
  };

  /** Renders each path, lets images fail and frames load, and answers what ran or lurks. */
  const visit = async (page: Page, paths: string[], after?: (page: Page) => Promise<void>) => {
    const lurking: string[] = [];
    for (const path of paths) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle0' });
      if (after) await after(page);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const finding of await page.evaluate(scanDom)) lurking.push(`${path}: ${finding}`);
      // The payloads are on the page, shown as text (or held in a form's fields).
      const shown = await page.evaluate(
        () =>
          document.body.innerText.includes('pwned') ||
          [...document.querySelectorAll('input, textarea')].some((f) =>
            (f as HTMLInputElement).value.includes('pwned'),
          ),
      );
      if (!shown) lurking.push(`${path}: no payload shown`);
    }
    return lurking;
  };

  beforeAll(async () => {
    host = createServer((_request, response) => {
      const query = `server="${server.url}" game="${gameId}"`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body>
<pennon-scoreboard ${query} rows="10"></pennon-scoreboard>
<pennon-challenge-card ${query} challenge="${challengeId}"></pennon-challenge-card>
<pennon-notices ${query} rows="10"></pennon-notices>
<script type="module">import('${server.url}/widgets/pennon-widgets.js');</script></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_EMBED_ORIGINS: hostOrigin }),
      launchBrowser(),
    ]);

    const admin: PennonClient = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    await admin.admin.updateConfig({
      globalConfig: { title: short, slogan: corpus, footerInfo: corpus, apiEncryption: false },
    });
    gameId = await createRunningGame(admin, title, {
      summary: corpus,
      content: corpus,
      writeupNote: corpus,
    });
    const challenge = await admin.edit.createChallenge(gameId, {
      title,
      category: 'Misc',
      type: 'StaticAttachment',
    });
    challengeId = challenge.id;
    await admin.edit.addFlags(gameId, challengeId, [{ flag: 'flag{kept}' }]);
    await admin.edit.updateChallenge(gameId, challengeId, {
      content: corpus,
      hints: [corpus, short],
      isEnabled: true,
    });
    await admin.edit.createNotice(gameId, { content: corpus });
    postId = await admin.edit.createPost({ title: medium.slice(0, 50), summary: corpus, content: corpus });

    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({ userName: markup, email: 'pwn@example.com', password });
    await player.account.updateProfile({ realName: medium, bio: medium });
    const team = await player.team.create({ name: short, bio: medium.slice(0, 72) });
    teamId = team.id;
    await player.game.join(gameId, { teamId });
    // A wrong flag is text a player writes and monitors read.
    await player.game.submit(gameId, challengeId, medium);
    await player.game.submit(gameId, challengeId, 'flag{kept}');
    // An award's reason is text an organiser writes and everyone reads (board marks, team page, admin list).
    await admin.edit.createAdjustment(gameId, { teamId, points: -1, reason: medium.slice(0, 200) });
    // After the join: a game with a division asks joiners to pick one.
    await admin.edit.createDivision(gameId, { name: `${short}${markup}`.slice(0, 31) });
  }, 180_000);
  beforeEach(() => {
    ran.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    host?.close();
  });

  it(
    "runs nothing on the player's pages",
    async () => {
      const { context, page } = await openPage(await session(markup, password));
      const lurking = await visit(page, [
        '/',
        '/posts',
        `/posts/${postId}`,
        '/games',
        `/games/${gameId}`,
        `/games/${gameId}/Scoreboard`,
        '/Teams',
        '/account/Profile',
      ]);
      lurking.push(
        ...(await visit(page, [`/games/${gameId}/Challenges`], async (p) => {
          await p.waitForSelector('[data-testid="challenge-card"]');
          await p.click('[data-testid="challenge-card"]');
          await p.waitForSelector('[role="dialog"]');
        })),
      );
      await context.close();
      expect(ran).toEqual([]);
      expect(lurking).toEqual([]);
    },
    pagesTimeout,
  );

  it(
    "runs nothing on the organiser's and monitor's pages",
    async () => {
      const { context, page } = await openPage(await session('admin', adminPassword));
      const lurking = await visit(page, [
        '/admin/Users',
        '/admin/Teams',
        '/admin/Logs',
        '/admin/Settings',
        '/admin/games',
        `/admin/games/${gameId}/Info`,
        `/admin/games/${gameId}/Notices`,
        `/admin/games/${gameId}/Review`,
        `/admin/games/${gameId}/Awards`,
        `/admin/games/${gameId}/Writeups`,
        `/admin/games/${gameId}/challenges`,
        `/admin/games/${gameId}/challenges/${challengeId}`,
        `/games/${gameId}/monitor/Events`,
        `/games/${gameId}/monitor/Submissions`,
        `/posts/${postId}/Edit`,
      ]);
      await context.close();
      expect(ran).toEqual([]);
      expect(lurking).toEqual([]);
    },
    pagesTimeout,
  );

  it('runs nothing in the widgets embedded on another site', async () => {
    const { context, page } = await openPage();
    await page.goto(hostOrigin, { waitUntil: 'networkidle0' });
    // The widgets have rendered the texts once the team's name is on the scoreboard.
    await page.waitForFunction(
      (name) => document.querySelector('pennon-scoreboard')?.shadowRoot?.textContent?.includes(name),
      {},
      short,
    );
    await page.waitForFunction(() =>
      (document.querySelector('pennon-notices')?.shadowRoot?.textContent ?? '').includes('pwned'),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lurking = await page.evaluate(scanDom);
    await context.close();
    expect(ran).toEqual([]);
    expect(lurking).toEqual([]);
  });

  it('catches a payload that runs and a script link that waits for a click (the detector works)', async () => {
    const { context, page } = await openPage();
    await page.goto(hostOrigin, { waitUntil: 'networkidle0' });
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        `<img src=x onerror="pwned('control')"><a href=" java\tscript:void(0)">x</a><b class=pwned></b>`,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lurking = await page.evaluate(scanDom);
    await context.close();
    expect(ran).toEqual([`${hostOrigin}/: control`]);
    expect(lurking).toEqual([expect.stringMatching(/^A href/), expect.stringMatching(/^markup/)]);
  });
});
