// What the extension e2e tests share: the built extension, a CTF-like site, a daemon too old to speak the
// API, calls to the daemon from a site's page, and reading (and photographing) the popup.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';

export const EXTENSION_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../extension');

/** The WXT build for `browser` (chrome-mv3, firefox-mv3), built when missing. */
export const builtExtension = (browser: 'chrome' | 'firefox'): string => {
  const dir = path.join(EXTENSION_DIR, `.output/${browser}-mv3`);
  if (!existsSync(path.join(dir, 'manifest.json'))) {
    execFileSync('npm', ['run', browser === 'chrome' ? 'build' : 'build:firefox'], {
      cwd: EXTENSION_DIR,
      stdio: 'ignore',
    });
  }
  return dir;
};

const listen = async (server: Server): Promise<{ port: number; close: () => Promise<void> }> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** A page titled like a CTF platform; its origin is what registers with the daemon. */
export const startSite = () =>
  listen(
    createServer((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>Harbour CTF</title><p>ctf</p>');
    }),
  );

/** Like a wsrx daemon before 0.4 (the CLI API of 0.2–0.3): no `/version`, so 404. */
export const startOldDaemon = () =>
  listen(
    createServer((_req, res) => {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    }),
  );

/** fetch from a site's page, as its web client calls the daemon. */
export const callFromPage = (tab: Page, url: string, method = 'GET', body?: unknown) =>
  tab.evaluate(
    async (url, method, body) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    url,
    method,
    body,
  );

/** The popup's headline: its state attribute (WsrxState) and its words. */
export const headline = (popup: Page) =>
  popup
    .$eval('[data-testid="state"]', (el) => ({ state: el.getAttribute('data-state'), text: el.textContent }))
    .catch(() => null);

export const waitForHeadline = (popup: Page, text: string, timeout?: number) =>
  popup.waitForFunction(
    (text) => document.querySelector('[data-testid="state"]')?.textContent === text,
    { timeout },
    text,
  );

export const textOf = (popup: Page, selector: string) => popup.$eval(selector, (el) => el.textContent ?? '');

/**
 * Saves a PNG of the popup into $PENNON_EXTENSION_SHOTS (the README's screenshots come from here), when set.
 */
export const shoot = async (popup: Page, name: string) => {
  const dir = process.env.PENNON_EXTENSION_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await popup.bringToFront(); // a tab in the background is not painted
  const root = await popup.$('#root > div');
  await root?.screenshot({ path: path.join(dir, `${name}.png`) as `${string}.png` });
};
