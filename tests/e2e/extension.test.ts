// The wsrx companion extension in Chromium, next to a real daemon: the options page points it at the
// daemon and watches a platform; the platform's page registers, is approved (control API) and opens a
// tunnel; the popup shows Usable and that tunnel. Stopping the daemon turns the state and the badge to
// Invalid and raises a notification; starting it again recovers.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type Page, type WebWorker } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, type RunningDaemon, startDaemon } from '../../wsrx/src/index.ts';
import { silentLogger } from '../../wsrx/src/log.ts';
import { startEcho, startProxy, tempDir, waitFor } from '../../wsrx/test/helpers.ts';

/** The few extension APIs the test reads in the service worker (no @types/chrome here). */
interface ChromeApi {
  action: { getBadgeText(details: object): Promise<string> };
  notifications: { getAll(): Promise<Record<string, boolean>> };
  storage: { local: { get(keys: string[]): Promise<Record<string, unknown>> } };
}

const EXTENSION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../extension');
const BUILT = path.join(EXTENSION, '.output/chrome-mv3');

describe('wsrx companion extension', () => {
  let browser: Browser;
  let worker: WebWorker;
  let extensionId: string;
  let site: Server;
  let siteOrigin: string;
  let daemon: RunningDaemon;
  let daemonPort: number;
  let state: ReturnType<typeof tempDir>;
  let unpacked: ReturnType<typeof tempDir>;
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  const start = async (port: number) => {
    daemon = await startDaemon({ port, stateDir: state.dir, logger: silentLogger });
    daemonPort = daemon.port;
  };

  beforeAll(async () => {
    const executablePath = process.env.PENNON_TEST_CHROMIUM;
    if (!executablePath) throw new Error('PENNON_TEST_CHROMIUM is not set: run the tests with `npm test`');
    if (!existsSync(path.join(BUILT, 'manifest.json'))) {
      execFileSync('npm', ['run', 'build'], { cwd: EXTENSION, stdio: 'ignore' });
    }
    // The user's grant of the platform's host (asked for by the options page) cannot be clicked in
    // headless Chromium: the copy under test carries it in its manifest, so the request resolves at once.
    unpacked = tempDir();
    cpSync(BUILT, unpacked.dir, { recursive: true });
    const manifestFile = path.join(unpacked.dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, host_permissions: ['http://localhost/*'] }));

    state = tempDir();
    echo = await startEcho();
    proxy = await startProxy(echo.port);
    await start(0);
    site = createServer((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>Harbour CTF</title><p>ctf</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;

    browser = await puppeteer.launch({
      executablePath,
      headless: true,
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
    site?.close();
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

  const page = (p: string) => `chrome-extension://${extensionId}/${p}`;

  /** fetch from a page, as the web client does. */
  const call = (tab: Page, route: string, method = 'GET', body?: unknown) =>
    tab.evaluate(
      async (url, method, body) => {
        const response = await fetch(url, {
          method,
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, text };
      },
      `${daemon.url}${route}`,
      method,
      body,
    );

  const stateOf = (popup: Page) =>
    popup.$eval('[data-testid="state"]', (el) => el.getAttribute('data-state')).catch(() => null);

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

    await control({ url: daemon.url, token: daemon.controlToken }, 'POST', 'allow', { origin: siteOrigin });
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
      { timeout: 20_000 },
      local,
    );
    expect(await stateOf(popup)).toBe('2');
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
      {
        timeout: 15_000,
      },
    );
    expect(await popup.$eval('[data-testid="reason"]', (el) => el.textContent)).toContain(daemon.url);
    // The worker stores the status (what the popup shows) before it sets the badge and raises the notice.
    await waitFor(async () => (await notifications()).includes('daemon-offline'), 5_000, 'offline notice');
    expect(await badge()).toBe('OFF');
    expect(await popup.$('[data-testid="tunnel"]')).toBeNull();

    // It comes back on the same port (the approval was kept): Usable again, and a notice says so.
    await start(port);
    await popup.waitForFunction(
      () => document.querySelector('[data-testid="state"]')?.getAttribute('data-state') === '2',
      {
        timeout: 15_000,
      },
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
      { timeout: 15_000 },
      local2,
    );
    expect((await call(tab, '/pool', 'DELETE', { local: local2 })).status).toBe(200);
    await waitFor(
      async () => (await notifications()).includes(`gone:${siteOrigin}:${local2}`),
      15_000,
      'tunnel-gone notice',
    );
  });
});
