// The wsrx companion's Firefox build in Debian's firefox-esr, driven through WebDriver BiDi, the add-on
// installed temporarily: against a real pennon-wsrx daemon, the popup says "Connected", pairs, shows a
// site waiting for approval and approves it, lists its tunnel, and says "Daemon not running" when the
// daemon stops. As in Chromium, but in the other engine with its own extension runtime (event page,
// moz-extension:// origin).
//
// WebDriver BiDi refuses to navigate a tab to a moz-extension:// page, so the copy under test lists the
// popup and options pages as web-accessible, and a tab goes there from an ordinary page (as a link would).
import { randomUUID } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDaemon, startDaemon } from '../../wsrx/src/index.ts';
import { silentLogger } from '../../wsrx/src/log.ts';
import { startEcho, startProxy, tempDir } from '../../wsrx/test/helpers.ts';
import { launchTimeoutMs } from '../support/browser.ts';
import {
  builtExtension,
  callFromPage,
  headline,
  startSite,
  textOf,
  waitForHeadline,
} from '../support/extension.ts';

/** The gecko id in the manifest (wxt.config.ts); the pref below gives it a known moz-extension:// host. */
const ADDON_ID = 'wsrx-companion@pennon.dev';

describe('wsrx companion extension in Firefox', () => {
  const uuid = randomUUID();
  let browser: Browser;
  let unpacked: ReturnType<typeof tempDir>;
  let daemon: RunningDaemon;
  let state: ReturnType<typeof tempDir>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    const executablePath = process.env.PENNON_TEST_FIREFOX;
    if (!executablePath) throw new Error('PENNON_TEST_FIREFOX is not set: run the tests with `npm test`');
    unpacked = tempDir();
    cpSync(builtExtension('firefox'), unpacked.dir, { recursive: true });
    const manifestFile = path.join(unpacked.dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    const pages = { resources: ['popup.html', 'options.html'], matches: ['http://127.0.0.1/*'] };
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, web_accessible_resources: [pages] }));
    state = tempDir();
    echo = await startEcho();
    proxy = await startProxy(echo.port);
    daemon = await startDaemon({ port: 0, stateDir: state.dir, logger: silentLogger, probeIntervalMs: 500 });
    site = await startSite();
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath,
      headless: true,
      timeout: launchTimeoutMs,
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }) },
    });
    expect(await browser.installExtension(unpacked.dir)).toBe(ADDON_ID);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await daemon?.close();
    await proxy?.close();
    await echo?.close();
    await site?.close();
    state?.remove();
    unpacked?.remove();
  });

  /** A new tab on the extension's page `name`, reached from the site's page. */
  const open = async (name: string): Promise<Page> => {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${site.port}/`);
    await tab.evaluate((url) => {
      location.href = url;
    }, `moz-extension://${uuid}/${name}`);
    // (puppeteer does not see this navigation as one, so wait for the page itself)
    await tab.waitForFunction(
      () => location.protocol === 'moz-extension:' && document.querySelector('#root > div'),
    );
    return tab;
  };

  it('shows the daemon, approves a waiting site from the popup, lists its tunnel, and sees the daemon go', async () => {
    const options = await open('options.html');
    const api = await options.waitForSelector('input[name="api"]');
    await api?.click({ count: 3 });
    await api?.type(daemon.url);
    await options.click('[data-testid="save-api"]');
    await options.type('input[name="pairing"]', `${daemon.url}#${daemon.controlToken}`);
    await options.click('[data-testid="pair"]');
    await options.waitForSelector('[data-testid="control-result"][data-ok="true"]');

    const popup = await open('popup.html');
    await waitForHeadline(popup, 'Connected');
    expect(await headline(popup)).toEqual({ state: '2', text: 'Connected' });
    expect(await textOf(popup, '[data-testid="version"]')).toMatch(/^\d+\.\d+/);
    // The manifest's name comes from _locales (Firefox reads them as Chromium does).
    expect(
      await popup.evaluate(() =>
        (
          globalThis as unknown as { browser: { i18n: { getMessage(n: string): string } } }
        ).browser.i18n.getMessage('name'),
      ),
    ).toBe('Pennon wsrx companion');

    // A site registers; the popup asks the player, who approves it there.
    const origin = `http://127.0.0.1:${site.port}`;
    const tab = await browser.newPage();
    await tab.goto(origin);
    const registered = await callFromPage(tab, `${daemon.url}/connect`, 'POST', { name: 'Harbour CTF' });
    expect(registered.status).toBe(200);
    await popup.bringToFront();
    await waitForHeadline(popup, 'Waiting for your approval');
    expect(await textOf(popup, '[data-testid="reason"]')).toContain(`Harbour CTF (${origin})`);
    const card = `[data-testid="site"][data-origin="${origin}"]`;
    await popup.click(`${card} [data-testid="approve"]`);
    await popup.waitForFunction(
      (card) => document.querySelector(`${card} [data-testid="site-state"]`)?.textContent === 'Approved',
      { timeout: 2_000 },
      card,
    );
    expect((await callFromPage(tab, `${daemon.url}/connect`)).status).toBe(202);

    const opened = await callFromPage(tab, `${daemon.url}/pool`, 'POST', {
      label: 'pwn-1 @ Harbour CTF',
      remote: proxy.url('c1'),
      local: '127.0.0.1:0',
    });
    const local = (JSON.parse(opened.text) as { local: string }).local;
    await popup.bringToFront();
    await popup.waitForFunction(
      (card) =>
        document.querySelector(`${card} [data-testid="tunnel-up"]`)?.getAttribute('data-up') === 'true',
      {},
      card,
    );
    expect(await textOf(popup, `${card} [data-testid="tunnel-label"]`)).toBe('pwn-1 @ Harbour CTF');
    expect(await textOf(popup, `${card} [data-testid="tunnel-local"]`)).toBe(local);
    expect(await textOf(popup, `${card} [data-testid="tunnel-latency"]`)).toMatch(/^\d+ ms$/);

    await daemon.close();
    await waitForHeadline(popup, 'Daemon not running');
    expect(await textOf(popup, '[data-testid="reason"]')).toContain(daemon.url);
    expect(await popup.$(`${card} [data-testid="tunnel"]`)).toBeNull();
  }, 90_000);
});
