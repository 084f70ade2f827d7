// The wsrx companion extension in Chromium, next to a real daemon: the options page points it at the
// daemon and watches a platform; the platform's page registers, is approved (control API) and opens a
// tunnel; the popup shows it Connected with that tunnel. Stopping the daemon says "Daemon not running",
// sets the badge and raises a notification; starting it again recovers. Paired with pennon-wsrx, the
// popup approves and refuses sites and lists every tunnel; the daemon going away is noticed within 30 s
// with the popup closed; a daemon older than 0.4 reads "Version too old". A challenge that stops answering
// raises a notification naming it, and another when it is back up.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WsrxControl } from '@pennon/sdk/wsrx';
import puppeteer, { type Browser, type Page, type WebWorker } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDaemon, startDaemon } from '../../wsrx/src/index.ts';
import { silentLogger } from '../../wsrx/src/log.ts';
import { startEcho, startProxy, tempDir, waitFor } from '../../wsrx/test/helpers.ts';
import { launchTimeoutMs } from '../support/browser.ts';
import {
  builtExtension,
  callFromPage,
  headline,
  shoot,
  startOldDaemon,
  startSite,
  textOf,
  waitForHeadline,
} from '../support/extension.ts';

/** The few extension APIs the test reads in the service worker (no @types/chrome here). */
interface ChromeApi {
  action: { getBadgeText(details: object): Promise<string> };
  notifications: {
    getAll(): Promise<Record<string, boolean>>;
    clear(id: string): Promise<boolean>;
    create(id: string, options: { title: string; message: string }): Promise<string>;
  };
  i18n: { getMessage(name: string): string };
  storage: { local: { get(keys: string[]): Promise<Record<string, unknown>> } };
}

interface Raised {
  id: string;
  title: string;
  message: string;
}

describe('wsrx companion extension', () => {
  let browser: Browser;
  let worker: WebWorker;
  let extensionId: string;
  let site: Awaited<ReturnType<typeof startSite>>;
  let siteOrigin: string;
  let daemon: RunningDaemon;
  let daemonPort: number;
  let state: ReturnType<typeof tempDir>;
  let unpacked: ReturnType<typeof tempDir>;
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  const start = async (port: number) => {
    daemon = await startDaemon({ port, stateDir: state.dir, logger: silentLogger, probeIntervalMs: 500 });
    daemonPort = daemon.port;
  };

  beforeAll(async () => {
    const executablePath = process.env.PENNON_TEST_CHROMIUM;
    if (!executablePath) throw new Error('PENNON_TEST_CHROMIUM is not set: run the tests with `npm test`');
    // The user's grant of the platform's host (asked for by the options page) cannot be clicked in
    // headless Chromium: the copy under test carries it in its manifest, so the request resolves at once.
    unpacked = tempDir();
    cpSync(builtExtension('chrome'), unpacked.dir, { recursive: true });
    const manifestFile = path.join(unpacked.dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, host_permissions: ['http://localhost/*'] }));

    state = tempDir();
    echo = await startEcho();
    proxy = await startProxy(echo.port);
    await start(0);
    site = await startSite();
    siteOrigin = `http://localhost:${site.port}`;

    browser = await puppeteer.launch({
      executablePath,
      headless: true,
      timeout: launchTimeoutMs,
      enableExtensions: [unpacked.dir],
      pipe: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const target = await browser.waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
    );
    extensionId = new URL(target.url()).host;
    const found = await target.worker();
    if (!found) throw new Error('no service worker');
    worker = found;
  });

  afterAll(async () => {
    await browser?.close();
    await daemon?.close();
    await proxy?.close();
    await echo?.close();
    await site?.close();
    state?.remove();
    unpacked?.remove();
  });

  /** Evaluated in the service worker: the badge text and the ids of the notifications it raised. */
  const badge = () =>
    worker.evaluate(() => (globalThis as unknown as { chrome: ChromeApi }).chrome.action.getBadgeText({}));
  const notifications = () =>
    worker.evaluate(async () =>
      Object.keys(await (globalThis as unknown as { chrome: ChromeApi }).chrome.notifications.getAll()),
    );

  /**
   * Records every notification the background raises from now on (id, title, message): the notifications
   * API tells ids only. The service worker stays alive while the popup polls it.
   */
  const watchNotifications = async () => {
    await worker.evaluate(() => {
      const g = globalThis as unknown as { chrome: ChromeApi; raised: Raised[] };
      g.raised = [];
      const create = g.chrome.notifications.create.bind(g.chrome.notifications);
      g.chrome.notifications.create = (id, options) => {
        g.raised.push({ id, title: options.title, message: options.message });
        return create(id, options);
      };
    });
    return () => worker.evaluate(() => (globalThis as unknown as { raised: Raised[] }).raised);
  };

  const page = (p: string) => `chrome-extension://${extensionId}/${p}`;

  /** fetch from a site's page, as the web client does. */
  const call = (tab: Page, route: string, method = 'GET', body?: unknown) =>
    callFromPage(tab, `${daemon.url}${route}`, method, body);

  it('shows the daemon, the watched site and its tunnel, and tells when the daemon stops and returns', async () => {
    // Options: point the companion at the test daemon and watch the platform.
    const options = await browser.newPage();
    await options.goto(page('options.html'));
    const api = await options.waitForSelector('input[name="api"]');
    await api?.click({ count: 3 });
    await api?.type(daemon.url);
    await options.click('[data-testid="save-api"]');
    await options.type('input[name="platform"]', siteOrigin);
    await options.click('[data-testid="add-platform"]');
    await options.waitForSelector('[data-testid="platform"]');
    expect(await options.$eval('[data-testid="platform"]', (el) => el.textContent)).toContain(siteOrigin);
    // The Watch action says what it did, and what to do next.
    expect(await textOf(options, '[data-testid="platform-added"]')).toContain(`Watching ${siteOrigin}`);
    await options.type('input[name="platform"]', siteOrigin);
    await options.click('[data-testid="add-platform"]');
    await options.waitForFunction(() =>
      document.querySelector('[data-testid="platform-added"]')?.textContent?.includes('already watched'),
    );
    const stored = await worker.evaluate(() =>
      (globalThis as unknown as { chrome: ChromeApi }).chrome.storage.local.get(['wsrx-options']),
    );
    expect(stored['wsrx-options']).toMatchObject({ api: daemon.url });

    // The platform's page registers, is approved, and opens a tunnel (as the web client would).
    const tab = await browser.newPage();
    await tab.goto(siteOrigin);
    expect(
      (
        await call(tab, '/connect', 'POST', {
          name: 'Harbour::CTF',
          host: 'IN_HEADER',
          state: 'pending',
          features: ['basic'],
        })
      ).status,
    ).toBe(200);
    await waitFor(
      async () => (await notifications()).includes(`pending:${siteOrigin}`),
      15_000,
      'pending notice',
    );

    await new WsrxControl({ url: daemon.url, token: daemon.controlToken }).allow(siteOrigin);
    const added = await call(tab, '/pool', 'POST', {
      label: 'pwn-1',
      remote: proxy.url('c1'),
      local: '127.0.0.1:0',
    });
    expect(added.status).toBe(200);
    const local = (JSON.parse(added.text) as { local: string }).local;

    // The popup: Usable, the daemon's address and version, the site and its tunnel.
    const popup = await browser.newPage();
    await popup.goto(page('popup.html'));
    await popup.waitForFunction(
      (local) => document.querySelector('[data-testid="tunnel-local"]')?.textContent === local,
      {},
      local,
    );
    expect(await headline(popup)).toEqual({ state: '2', text: 'Connected' });
    expect(await popup.$eval('[data-testid="address"]', (el) => el.textContent)).toBe(daemon.url);
    expect(await popup.$eval('[data-testid="version"]', (el) => el.textContent)).toMatch(/^\d+\.\d+/);
    expect(await popup.$eval('[data-testid="tunnel-label"]', (el) => el.textContent)).toBe('pwn-1');
    expect(await popup.$eval('[data-testid="tunnel-remote"]', (el) => el.textContent)).toBe(proxy.url('c1'));
    expect(await badge()).toBe('1');

    // The daemon stops: Invalid (not running), badge OFF, an offline notification.
    const port = daemonPort;
    await daemon.close();
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="state"]')?.getAttribute('data-state') === '0',
    );
    expect(await headline(popup)).toEqual({ state: '0', text: 'Daemon not running' });
    expect(await popup.$eval('[data-testid="reason"]', (el) => el.textContent)).toContain(daemon.url);
    expect(await textOf(popup, '[data-testid="next"]')).toContain('Start the daemon');
    // The worker stores the status (what the popup shows) before it sets the badge and raises the notice.
    await waitFor(async () => (await notifications()).includes('daemon-offline'), 5_000, 'offline notice');
    expect(await badge()).toBe('OFF');
    expect(await popup.$('[data-testid="tunnel"]')).toBeNull();

    // It comes back on the same port (the approval was kept): Usable again, and a notice says so.
    await start(port);
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="state"]')?.getAttribute('data-state') === '2',
    );
    await waitFor(async () => (await notifications()).includes('daemon-online'), 5_000, 'online notice');
    expect(await badge()).toBe('');

    // A tunnel that disappears while the daemon runs is told too.
    const again = await call(tab, '/pool', 'POST', {
      label: 'pwn-2',
      remote: proxy.url('c1'),
      local: '127.0.0.1:0',
    });
    const local2 = (JSON.parse(again.text) as { local: string }).local;
    await popup.waitForFunction(
      (local) => document.querySelector('[data-testid="tunnel-local"]')?.textContent === local,
      {},
      local2,
    );
    expect((await call(tab, '/pool', 'DELETE', { local: local2 })).status).toBe(200);
    await waitFor(
      async () => (await notifications()).includes(`gone:${siteOrigin}:${local2}`),
      15_000,
      'tunnel-gone notice',
    );
  });

  it('paired with pennon-wsrx: approves and refuses from the popup, lists every tunnel, notices a dead one', async () => {
    const code = `${daemon.url}#${daemon.controlToken}`;
    const options = await browser.newPage();
    await options.goto(page('options.html'));
    // A wrong code is told, a good one pairs.
    await options.type('input[name="pairing"]', `${daemon.url}#${'f'.repeat(64)}`);
    await options.click('[data-testid="pair"]');
    await options.waitForSelector('[data-testid="control-result"][data-ok="false"]');
    expect(await textOf(options, '[data-testid="control-result"]')).toContain('refused this token');
    await options.click('input[name="pairing"]', { count: 3 });
    await options.type('input[name="pairing"]', code);
    await options.click('[data-testid="pair"]');
    await options.waitForSelector('[data-testid="control-result"][data-ok="true"]');
    expect(await textOf(options, '[data-testid="control-result"]')).toMatch(/^Paired/);

    // A site nobody watches registers: the popup knows it from the daemon and waits for the player.
    const origin = `http://127.0.0.1:${site.port}`;
    proxy.containers.add('c2');
    const tab = await browser.newPage();
    await tab.goto(origin);
    const register = () =>
      call(tab, '/connect', 'POST', {
        name: 'Lighthouse CTF',
        host: 'IN_HEADER',
        state: 'pending',
        features: ['basic', 'pingfall'],
        settings: { pingfall: { status: [404], drop_unknown: false } },
      });
    expect((await register()).status).toBe(200);
    const popup = await browser.newPage();
    await popup.setViewport({ width: 480, height: 900 });
    // The popup's own poll (every 2 s) never comes: what it shows after a decision can only come from the check
    // the background makes right after it.
    await popup.evaluateOnNewDocument(() => {
      const every = window.setInterval;
      window.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
        every(handler, (delay ?? 0) >= 1_000 ? 86_400_000 : delay, ...args)) as typeof setInterval;
    });
    await popup.goto(page('popup.html'));
    await waitForHeadline(popup, 'Waiting for your approval');
    expect(await textOf(popup, '[data-testid="reason"]')).toContain(`Lighthouse CTF (${origin})`);
    expect(await textOf(popup, '[data-testid="next"]')).toBe('Approve or refuse it below.');
    await shoot(popup, 'awaiting-approval');
    const card = `[data-testid="site"][data-origin="${origin}"]`;

    // Refused at once: the background checks right after the decision, and the site can no longer register.
    await popup.click(`${card} [data-testid="refuse"]`);
    await popup.waitForSelector(`${card} [data-testid="site-state"][data-refused="true"]`);
    expect(await textOf(popup, `${card} [data-testid="site-state"]`)).toBe('Refused');
    expect((await call(tab, '/connect')).status).toBe(403);
    await waitForHeadline(popup, 'Connected');

    // Forgotten in the daemon, it asks again; approved at once this time.
    await new WsrxControl({ url: daemon.url, token: daemon.controlToken }).remove(origin);
    expect((await register()).status).toBe(200);
    await popup.waitForSelector(`${card} [data-testid="approve"]`);
    await popup.click(`${card} [data-testid="approve"]`);
    await popup.waitForFunction(
      (card) => document.querySelector(`${card} [data-testid="site-state"]`)?.textContent === 'Approved',
      { polling: 'mutation' },
      card,
    );
    expect((await call(tab, '/connect')).status).toBe(202);
    await waitForHeadline(popup, 'Connected');

    // Its tunnels: the challenge, the local address with copy, the latency, and whether each is up.
    const opened = await call(tab, '/pool', 'POST', {
      label: 'pwn-1 @ Lighthouse CTF',
      remote: proxy.url('c2'),
      local: '127.0.0.1:0',
    });
    const local = (JSON.parse(opened.text) as { local: string }).local;
    await call(tab, '/pool', 'POST', {
      label: 'crypto-2 @ Lighthouse CTF',
      remote: 'ws://127.0.0.1:1/proxy/c3',
      local: '127.0.0.1:0',
    });
    const row = (label: string) =>
      popup.waitForFunction(
        (card, label) =>
          [...document.querySelectorAll(`${card} [data-testid="tunnel"]`)].find(
            (tr) => tr.querySelector('[data-testid="tunnel-label"]')?.textContent === label,
          ),
        {},
        card,
        label,
      );
    await row('crypto-2 @ Lighthouse CTF');
    await popup.waitForFunction(
      (card) =>
        document
          .querySelector(`${card} [data-testid="tunnel"] [data-testid="tunnel-up"]`)
          ?.getAttribute('data-up') === 'true',
      {},
      card,
    );
    const rows = await popup.$$eval(`${card} [data-testid="tunnel"]`, (trs) =>
      trs.map((tr) => ({
        label: tr.querySelector('[data-testid="tunnel-label"]')?.textContent,
        local: tr.querySelector('[data-testid="tunnel-local"]')?.textContent,
        up: tr.querySelector('[data-testid="tunnel-up"]')?.textContent,
        latency: tr.querySelector('[data-testid="tunnel-latency"]')?.textContent,
      })),
    );
    expect(rows[0]).toMatchObject({ label: 'pwn-1 @ Lighthouse CTF', local, up: 'Up' });
    expect(rows[0]?.latency).toMatch(/^\d+ ms$/);
    expect(rows[1]).toMatchObject({ label: 'crypto-2 @ Lighthouse CTF', up: 'Down', latency: '' });
    const copy = `${card} [data-testid="tunnel"] [data-testid="tunnel-copy"]`;
    await popup.click(copy);
    await popup.waitForFunction(
      (copy) => document.querySelector(copy)?.getAttribute('aria-label') === 'Copied',
      {},
      copy,
    );
    await shoot(popup, 'connected');

    // A challenge stops answering: its tunnel stays but goes Down, and one notification names it; when
    // it answers again, a "back up" notification replaces that one.
    const raised = await watchNotifications();
    const challenge = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => challenge.listen(0, '127.0.0.1', resolve));
    const challengePort = (challenge.address() as AddressInfo).port;
    const web3 = await call(tab, '/pool', 'POST', {
      label: 'web-3 @ Lighthouse CTF',
      remote: `ws://127.0.0.1:${challengePort}/`,
      local: '127.0.0.1:0',
    });
    const web3Local = (JSON.parse(web3.text) as { local: string }).local;
    const web3Up = (up: boolean) =>
      popup.waitForFunction(
        (card, up) =>
          [...document.querySelectorAll(`${card} [data-testid="tunnel"]`)]
            .find(
              (tr) =>
                tr.querySelector('[data-testid="tunnel-label"]')?.textContent === 'web-3 @ Lighthouse CTF',
            )
            ?.querySelector('[data-testid="tunnel-up"]')
            ?.getAttribute('data-up') === String(up),
        {},
        card,
        up,
      );
    await web3Up(true);
    await new Promise((resolve) => {
      challenge.close(resolve);
      challenge.closeAllConnections();
    });
    await web3Up(false);
    const tunnelId = `tunnel:${origin}:${web3Local}`;
    await waitFor(async () => (await raised()).some((n) => n.id === tunnelId), 5_000, 'tunnel-down notice');
    // Several polls later, still the one notification: it is raised on the change, not on every check.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await raised()).filter((n) => n.id === tunnelId)).toEqual([
      {
        id: tunnelId,
        title: 'Tunnel down: web-3 @ Lighthouse CTF',
        message: expect.stringContaining(
          `The challenge web-3 @ Lighthouse CTF on Lighthouse CTF stopped answering`,
        ),
      },
    ]);
    await new Promise<void>((resolve) => challenge.listen(challengePort, '127.0.0.1', resolve));
    await web3Up(true);
    await waitFor(
      async () => (await raised()).filter((n) => n.id === tunnelId).length === 2,
      5_000,
      'tunnel-up notice',
    );
    expect((await raised()).filter((n) => n.id === tunnelId)[1]).toEqual({
      id: tunnelId,
      title: 'Tunnel back up: web-3 @ Lighthouse CTF',
      message: `The challenge web-3 @ Lighthouse CTF on Lighthouse CTF answers again at ${web3Local}.`,
    });
    // Only the change of web-3 was told: the tunnels that never were up raised nothing.
    expect((await raised()).map((n) => n.id)).toEqual([tunnelId, tunnelId]);
    await call(tab, '/pool', 'DELETE', { local: web3Local });
    challenge.close();
    challenge.closeAllConnections();

    // The challenge's container goes: pingfall closes its tunnel, and a notification names it.
    proxy.containers.delete('c2');
    await waitFor(
      async () => (await notifications()).includes(`gone:${origin}:${local}`),
      15_000,
      'tunnel-gone notice',
    );
    await popup.waitForFunction(
      (card) => document.querySelectorAll(`${card} [data-testid="tunnel"]`).length === 1,
      {},
      card,
    );

    // Popup and pages closed: the daemon going away is noticed by the background alone, within 30 s.
    for (const open of await browser.pages()) await open.close();
    await worker.evaluate(() =>
      (globalThis as unknown as { chrome: ChromeApi }).chrome.notifications.clear('daemon-offline'),
    );
    const port = daemonPort;
    await daemon.close();
    const stoppedAt = Date.now();
    await waitFor(async () => (await notifications()).includes('daemon-offline'), 32_000, 'offline notice');
    expect(Date.now() - stoppedAt).toBeLessThanOrEqual(30_000);
    expect(await badge()).toBe('OFF');

    const closed = await browser.newPage();
    await closed.setViewport({ width: 480, height: 900 });
    await closed.goto(page('popup.html'));
    await waitForHeadline(closed, 'Daemon not running');
    await shoot(closed, 'not-running');

    // A daemon older than 0.4 (no /version): "Version too old", and what to do.
    const old = await startOldDaemon();
    const settings = await browser.newPage();
    await settings.goto(page('options.html'));
    const api = await settings.waitForSelector('input[name="api"]');
    await api?.click({ count: 3 });
    await api?.type(`http://127.0.0.1:${old.port}`);
    await settings.click('[data-testid="save-api"]');
    await closed.bringToFront(); // a background tab neither polls nor paints
    await waitForHeadline(closed, 'Version too old');
    expect(await textOf(closed, '[data-testid="next"]')).toContain('Update it');
    await shoot(closed, 'too-old');
    await old.close();
    await start(port);
  }, 120_000);

  it("translates the extension's name from the manifest's _locales", async () => {
    expect(
      await worker.evaluate(() =>
        (globalThis as unknown as { chrome: ChromeApi }).chrome.i18n.getMessage('name'),
      ),
    ).toBe('Pennon wsrx companion');
  });
});
