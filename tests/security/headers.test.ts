// The web app under its Content-Security-Policy, in Chromium against a real server: every feature that needs
// more than the app's own files (Mantine's injected styles, KaTeX's fonts, the HashPow worker, the hubs'
// WebSocket, Cloudflare Turnstile) keeps working without a single violation; a page on another origin cannot
// frame the app, yet still loads and renders the widgets.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GlobalConfig } from '@pennon/sdk/contract';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { captchaSignUps } from '../support/policies.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, fill, signIn, waitForText } from '../support/ui.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
const MATH = 'The tide: $h(t) = A\\sin(\\omega t)$ and\n\n$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$';

/** Every CSP violation the page reports, by event, console message or blocked request. */
const watchViolations = async (page: Page): Promise<string[]> => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText.includes('BLOCKED_BY_CSP')) violations.push(`blocked ${request.url()}`);
  });
  return violations;
};

/** The directives of the policy the page at `url` is served with. */
const policyAt = async (url: string): Promise<Map<string, string[]>> => {
  const header = (await fetch(url)).headers.get('content-security-policy') ?? '';
  return new Map(
    header.split(';').map((directive): [string, string[]] => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
};

/** A page of another origin: one that frames the app, one that embeds the widgets. */
const serveForeignSite = async (): Promise<{ server: Server; origin: string }> => {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://foreign');
    const platform = (url.searchParams.get('server') ?? '').replace(/[^\w:/.-]/g, '');
    const game = (url.searchParams.get('game') ?? '').replace(/\D/g, '');
    const pages: Record<string, string> = {
      '/frame': `<!doctype html><title>frame</title><iframe src="${platform}/" width="800" height="600"></iframe>`,
      '/widgets': `<!doctype html><title>widgets</title>
<pennon-scoreboard server="${platform}" game="${game}" rows="5"></pennon-scoreboard>
<script type="module" src="${platform}/widgets/pennon-widgets.js"></script>`,
    };
    const page = pages[url.pathname];
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('the web app under its Content-Security-Policy', () => {
  let foreign: { server: Server; origin: string };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let violations: string[];
  let adminPage: Page;
  let gameId = 0;
  let postId = '';

  beforeAll(async () => {
    if (!existsSync(path.join(root, 'widgets/dist/pennon-widgets.js'))) {
      throw new Error('The widgets are not built: run `npm run build --workspace widgets`');
    }
    foreign = await serveForeignSite();
    [server, browser] = await Promise.all([
      startServer({
        PENNON_ADMIN_PASSWORD: adminPassword,
        PENNON_CAPTCHA_PROVIDER: 'HashPow',
        PENNON_CAPTCHA_POW_DIFFICULTY: '12',
        PENNON_EMBED_ORIGINS: foreign.origin,
      }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    const now = Date.now();
    const times = { start: now - 3600_000, end: now + 24 * 3600_000 };
    gameId = (await admin.edit.createGame({ title: 'Tide Cup', ...times })).id;
    await admin.edit.updateGame(gameId, { title: 'Tide Cup', acceptWithoutReview: true, ...times });
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Moon',
      category: 'Crypto',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, challenge.id, [{ flag: 'flag{spring_tide}' }]);
    await admin.edit.updateChallenge(gameId, challenge.id, { content: MATH, isEnabled: true });
    postId = await admin.edit.createPost({ title: 'Tables', summary: 'Tides', content: MATH });
    // Signed in before the captcha is asked for sign-ins too.
    adminPage = await (await browser.createBrowserContext()).newPage();
    await adminPage.setViewport({ width: 1280, height: 900 });
    await adminPage.goto(server.url, { waitUntil: 'networkidle0' });
    await signIn(adminPage, 'admin', adminPassword);
    const { globalConfig } = await admin.admin.config();
    await admin.admin.updateConfig({
      // The page encrypts the password it registers with (WebCrypto) under the policy too.
      globalConfig: { ...(globalConfig as GlobalConfig), apiEncryption: true },
      accountPolicy: captchaSignUps,
    });
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    violations = await watchViolations(page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => foreign?.server.close(resolve));
  });

  it('serves the app with a nonce-based policy that allows no inline or evaluated script', async () => {
    const policy = await policyAt(`${server.url}/games/${gameId}`);
    expect(policy.get('script-src')).toContain("'self'");
    expect(policy.get('script-src')?.some((source) => source.startsWith("'nonce-"))).toBe(true);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Tide Cup');
    // A script injected without the nonce, as stored markup would be, does not run.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    expect(violations.some((violation) => violation.startsWith('script-src'))).toBe(true);
    violations.length = 0;
  });

  it("applies Mantine's injected styles", async () => {
    await page.goto(`${server.url}/posts`, { waitUntil: 'networkidle0' });
    const sheets = await page.$$eval('style', (styles) =>
      styles.map((style) => style.sheet?.cssRules.length ?? -1),
    );
    expect(sheets.length).toBeGreaterThan(0);
    for (const rules of sheets) expect(rules).toBeGreaterThan(0);
    // A theme variable only the injected <style> defines.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
    );
    expect(primary).not.toBe('');
    expect(violations).toEqual([]);
  });

  it('renders math with KaTeX and its fonts in a post', async () => {
    await page.goto(`${server.url}/posts/${postId}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.katex-display .katex');
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((font) => font.family.includes('KaTeX') && font.status === 'loaded');
    });
    expect(fontLoaded).toBe(true);
    expect(violations).toEqual([]);
  });

  it('registers through the HashPow worker with an encrypted password, then plays live over the hub with math in the challenge', async () => {
    await page.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    await fill(page, 'User name', 'skipper');
    await fill(page, 'E-mail', 'skipper@example.com');
    await fill(page, 'Password', password);
    await fill(page, 'Confirm password', password);
    await page.waitForSelector('[data-testid="captcha"][data-status="ready"]', { timeout: 30_000 });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/account/register'));
    await clickButton(page, 'Create account');
    const body = JSON.parse((await (await sent).fetchPostData()) ?? '{}') as { password?: string };
    expect(body.password).toBeTruthy();
    expect(body.password).not.toBe(password);
    await page.locator('::-p-aria([name="Account menu of skipper"][role="button"])').wait();

    // The team and the join are not what this test is about: the page's own session makes them.
    const joined = await page.evaluate(async (id) => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const team = (await (await post('/api/team', { name: 'Gulls' })).json()) as { id: number };
      return (await post(`/api/game/${id}`, { teamId: team.id })).status;
    }, gameId);
    expect(joined).toBe(200);

    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const hubOpened = new Promise<string>((resolve) =>
      cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
        if (event.response.status === 101) resolve(String(event.requestId));
      }),
    );
    await page.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await hubOpened;
    await page.click('[data-testid="challenge-card"]');
    await page.waitForSelector('[role="dialog"] .katex-display .katex');
    expect(violations).toEqual([]);
  });

  it("shows the admin's and the monitor's pages (charts, editors, live logs) without a violation", async () => {
    const seen = await watchViolations(adminPage);
    for (const pagePath of [
      '/admin/games',
      '/admin/Users',
      '/admin/Settings',
      '/admin/Logs',
      `/admin/games/${gameId}/Info`,
      `/admin/games/${gameId}/challenges`,
      `/games/${gameId}/Scoreboard`,
      `/games/${gameId}/monitor/Events`,
      `/games/${gameId}/monitor/Traffic`,
      `/posts/${postId}/Edit`,
      '/account/Profile',
    ]) {
      await adminPage.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle0' });
      expect(seen, pagePath).toEqual([]);
    }
  });

  it('cannot be framed by a page of another origin', async () => {
    const other = await browser.newPage();
    const messages: string[] = [];
    other.on('console', (message) => messages.push(message.text()));
    await other.goto(`${foreign.origin}/frame?server=${encodeURIComponent(server.url)}`, {
      waitUntil: 'networkidle0',
    });
    await expect.poll(() => messages.join('\n')).toMatch(/frame-ancestors 'self'/);
    const framed = other.frames().find((frame) => frame !== other.mainFrame());
    expect(await framed?.$('#root')).toBeFalsy();
    await other.close();
  });

  it('still lets a page of another origin load and render the widgets', async () => {
    const other = await browser.newPage();
    const failures: string[] = [];
    // A policy or CORS refusal fails a request with its own error; ERR_ABORTED is the page cancelling one itself
    // (the SDK's timeout on a busy machine, say), which the widget then tries again.
    other.on('requestfailed', (request) => {
      const error = request.failure()?.errorText ?? '';
      if (error !== 'net::ERR_ABORTED') failures.push(`${request.url()}: ${error}`);
    });
    await other.goto(`${foreign.origin}/widgets?server=${encodeURIComponent(server.url)}&game=${gameId}`);
    await other.waitForFunction(() =>
      (
        document
          .querySelector('pennon-scoreboard')
          ?.shadowRoot?.querySelector('.pennon-root') as HTMLElement | null
      )?.innerText.includes('Tide Cup'),
    );
    expect(failures).toEqual([]);
    await other.close();
  });
});

/** Stands in for Cloudflare (unreachable here): a Turnstile script that frames its challenge page. */
const TURNSTILE_STUB = `window.turnstile = {
  render(container) {
    const frame = document.createElement('iframe');
    frame.src = 'https://challenges.cloudflare.com/stub-challenge';
    container.append(frame);
    return 'stub';
  },
  reset() {},
  remove() {},
};`;

describe('the web app under its Content-Security-Policy with Cloudflare Turnstile', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        PENNON_ADMIN_PASSWORD: adminPassword,
        PENNON_CAPTCHA_PROVIDER: 'CloudflareTurnstile',
        PENNON_CAPTCHA_SITE_KEY: 'site-key',
        PENNON_CAPTCHA_SECRET_KEY: 'secret-key',
      }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    await admin.admin.updateConfig({
      accountPolicy: captchaSignUps,
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("admits Turnstile's script and frame from challenges.cloudflare.com without a violation", async () => {
    const policy = await policyAt(`${server.url}/account/Register`);
    expect(policy.get('script-src')).toContain('https://challenges.cloudflare.com');
    expect(policy.get('frame-src')).toContain('https://challenges.cloudflare.com');
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");

    const page = await browser.newPage();
    const violations = await watchViolations(page);
    // Chromium checks the policy before a request leaves: what reaches this handler was admitted by it.
    await page.setRequestInterception(true);
    const reached: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.host !== 'challenges.cloudflare.com') return void request.continue();
      reached.push(url.pathname);
      const script = url.pathname.endsWith('.js');
      return void request.respond({
        contentType: script ? 'text/javascript' : 'text/html',
        body: script ? TURNSTILE_STUB : '<!doctype html><title>challenge</title>',
      });
    });
    await page.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    // The widget's frame shows the challenge page: a frame the policy refused would hold an error page.
    const frame = await page.waitForSelector(
      '[role="group"] iframe[src^="https://challenges.cloudflare.com/"]',
    );
    await (await frame?.contentFrame())?.waitForFunction(() => document.title === 'challenge');
    expect(reached).toEqual(['/turnstile/v0/api.js', '/stub-challenge']);
    expect(violations).toEqual([]);
    await page.close();
  });
});
