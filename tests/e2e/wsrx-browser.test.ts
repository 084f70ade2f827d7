// A CTF page in Chromium, served from its own origin, drives the local wsrx daemon the way the web
// client does: version, register, wait for approval (given through the real CLI), add a tunnel; then
// bytes flow through that tunnel from Node to a platform-like proxy and back.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDaemon, startDaemon } from '../../wsrx/src/index.ts';
import { silentLogger } from '../../wsrx/src/log.ts';
import { connectTcp, localPort, roundTrip, startEcho, startProxy, tempDir } from '../../wsrx/test/helpers.ts';
import { launchBrowser } from '../support/browser.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../wsrx/bin/pennon-wsrx.mjs');

describe('wsrx daemon from a browser page', () => {
  let browser: Browser;
  let site: Server;
  let siteOrigin: string;
  let daemon: RunningDaemon;
  let state: ReturnType<typeof tempDir>;
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    state = tempDir();
    echo = await startEcho();
    proxy = await startProxy(echo.port);
    daemon = await startDaemon({ port: 0, stateDir: state.dir, logger: silentLogger });
    site = createServer((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>Harbour CTF</title><p>ctf</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await daemon?.close();
    await proxy?.close();
    await echo?.close();
    site?.close();
    state?.remove();
  });

  /** Runs fetch in the page: returns status and parsed body, or the error a blocked request raises. */
  const call = (page: Page, route: string, method = 'GET', body?: unknown) =>
    page.evaluate(
      async (url, method, body) => {
        try {
          const response = await fetch(url, {
            method,
            headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await response.text();
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          return { status: response.status, text, json, error: null as string | null };
        } catch (error) {
          return { status: 0, text: '', json: undefined, error: String(error) };
        }
      },
      `${daemon.url}${route}`,
      method,
      body,
    );

  it('registers, waits for approval, opens a tunnel that carries data, and deletes it', async () => {
    const page = await browser.newPage();
    await page.goto(siteOrigin);

    const version = await call(page, '/version');
    expect(version.status).toBe(200);
    expect(typeof version.json).toBe('string');
    expect((await call(page, '/connect')).status).toBe(403);

    const register = await call(page, '/connect', 'POST', {
      name: 'Harbour::CTF',
      host: 'IN_HEADER',
      state: 'pending',
      features: ['basic', 'pingfall'],
      settings: { pingfall: { status: [400, 404], drop_unknown: false } },
    });
    expect(register.status).toBe(200);
    expect((await call(page, '/connect')).status).toBe(201);
    const early = await call(page, '/pool', 'POST', { remote: proxy.url('c1'), local: '127.0.0.1:0' });
    expect(early.status).toBe(403);

    const { stdout } = await promisify(execFile)(process.execPath, [
      BIN,
      'allow',
      siteOrigin,
      '--state-dir',
      state.dir,
    ]);
    expect(stdout).toContain('is now allowed');
    await page.waitForFunction(
      async (url) => (await fetch(url)).status === 202,
      { polling: 200 },
      `${daemon.url}/connect`,
    );

    const added = await call(page, '/pool', 'POST', {
      label: 'web @ Harbour',
      remote: proxy.url('c1'),
      local: '127.0.0.1:0',
    });
    expect(added.status).toBe(200);
    const tunnel = added.json as { local: string; remote: string; label: string; scope_host: string };
    expect(tunnel).toMatchObject({ label: 'web @ Harbour', remote: proxy.url('c1'), scope_host: siteOrigin });

    const listed = await call(page, '/pool');
    expect(listed.json).toEqual([expect.objectContaining({ local: tunnel.local, from: tunnel.local })]);

    const socket = await connectTcp(localPort(tunnel.local));
    const payload = Buffer.from('flag{through-the-tunnel}\n'.repeat(1000));
    expect((await roundTrip(socket, payload)).equals(payload)).toBe(true);
    socket.destroy();

    expect((await call(page, '/pool', 'DELETE', { local: tunnel.local })).status).toBe(200);
    expect((await call(page, '/pool')).json).toEqual([]);
  });

  it('keeps /pool unreadable to a page of an unknown origin', async () => {
    const page = await browser.newPage();
    await page.goto(siteOrigin.replace('127.0.0.1', 'localhost'));
    expect((await call(page, '/version')).status).toBe(200);
    const blocked = await call(page, '/pool');
    expect(blocked.status).toBe(0);
    expect(blocked.error).toMatch(/TypeError/);
  });
});
