// A monitor reads the traffic the platform proxy captured, in the browser, from a session a player really had: the
// real server on a real container engine (podman) with PlatformProxy mapping, a player's container reached
// through our wsrx daemon, and the organiser's Traffic page listing, downloading and deleting the recording.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createNodeClient } from '@pennon/sdk/node';
import { WsrxControl } from '@pennon/sdk/wsrx';
import { type RunningDaemon, startDaemon } from '@pennon/wsrx';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  converse,
  engineSocket,
  ensureServiceImage,
  requireEngine,
  SERVICE_PORT,
} from '../../server/test/containers/engine.ts';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, signIn, waitForText } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
/** What the player sends the service: it must be in the recording. */
const line = 'hello-from-the-gulls';

describe('monitoring captured traffic', () => {
  let server: RunningServer;
  let browser: Browser;
  let daemon: RunningDaemon;
  let page: Page;
  let admin: ReturnType<typeof createNodeClient>;
  let gameId = 0;
  let boxId = 0;
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'pennon-e2e-traffic-'));

  beforeAll(async () => {
    await requireEngine();
    const image = await ensureServiceImage();
    [server, browser, daemon] = await Promise.all([
      startServer({
        PENNON_ADMIN_PASSWORD: adminPassword,
        PENNON_DOCKER_HOST: engineSocket,
        PENNON_PORT_MAPPING: 'PlatformProxy',
      }),
      launchBrowser(),
      startDaemon({ port: 0, stateDir: path.join(downloads, 'wsrx'), probeIntervalMs: 60_000, quiet: true }),
    ]);
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Harbour Cup');
    boxId = (
      await admin.edit.createChallenge(gameId, {
        title: 'Echo box',
        category: 'Pwn',
        type: 'DynamicContainer',
      })
    ).id;
    await admin.edit.updateChallenge(gameId, boxId, {
      flagTemplate: 'flag{[TEAM_HASH]}',
      containerImage: image,
      exposePort: SERVICE_PORT,
      enableTrafficCapture: true,
      isEnabled: true,
    });

    // The player's session: container → wsrx tunnel → the service, which echoes the line into the recording.
    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({ userName: 'skipper', email: 'skipper@example.com', password });
    const team = await player.team.create({ name: 'Gulls' });
    await player.game.join(gameId, { teamId: team.id });
    const { entry } = await player.game.createContainer(gameId, boxId);
    const origin = server.url;
    await new WsrxControl({ url: daemon.url, token: daemon.controlToken }).allow(origin);
    const pool = await fetch(`${daemon.url}/pool`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        remote: `${server.url.replace(/^http/, 'ws')}/api/proxy/${entry}`,
        local: '127.0.0.1:0',
      }),
    });
    expect(pool.status).toBe(200);
    const local = Number(((await pool.json()) as { local: string }).local.split(':').at(-1));
    expect((await converse('127.0.0.1', local, line)).echo).toBe(`echo:${line}`);
    // A container's recording is archived (a file the monitor sees) when the container goes: here the organiser
    // destroys it (the player would wait out the 10 s between container operations).
    const { data: running } = await admin.admin.instances();
    expect(running.map((container) => container.containerGuid)).toEqual([entry]);
    await admin.admin.deleteInstance(entry);
    const deadline = Date.now() + 15_000;
    const archived = async () =>
      (await admin.game.captures(gameId)).length > 0 &&
      (await admin.game.captureTeams(boxId)).some((captured) => captured.count > 0);
    while (!(await archived()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await signIn(page, 'admin', adminPassword);
  }, 120_000);
  afterAll(async () => {
    // The engine outlives the server: no container of the test's is left running.
    for (const container of (await admin?.admin.instances().catch(() => undefined))?.data ?? []) {
      await admin.admin.deleteInstance(container.containerGuid).catch(() => undefined);
    }
    await daemon?.close();
    await browser?.close();
    await server?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  /** Clicks the choice labelled `label` in the column `column`, after checking its count. */
  const pick = async (column: string, label: string, count: string) => {
    const button = `nav[aria-label="${column}"] button`;
    await page.waitForFunction(
      (selector, text) => [...document.querySelectorAll(selector)].some((b) => b.textContent?.includes(text)),
      {},
      button,
      label,
    );
    const counted = await page.$$eval(
      button,
      (buttons, text) =>
        buttons
          .find((b) => b.textContent?.includes(text))
          ?.querySelector('[aria-label]')
          ?.getAttribute('aria-label'),
      label,
    );
    expect(counted).toBe(count);
    await page.$$eval(
      button,
      (buttons, text) => (buttons.find((b) => b.textContent?.includes(text)) as HTMLElement).click(),
      label,
    );
  };

  it('lists the challenge, then the team, then its recording, which downloads as the session sent it', async () => {
    await page.goto(`${server.url}/games/${gameId}/monitor/Traffic`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Echo box');
    // Each column lists its choices as buttons, with the count of teams or files captured.
    await pick('Challenges', 'Echo box', 'Teams with captures: 1');
    await pick('Teams', 'Gulls', 'Capture files: 1');
    await page.waitForSelector('[data-testid="capture-files"]');
    const [fileName, size] = await page.$eval('[data-testid="capture-files"] tbody tr', (row) =>
      [...row.querySelectorAll('td')].slice(0, 2).map((cell) => (cell as HTMLElement).innerText.trim()),
    );
    expect(fileName).toMatch(/\.pcap\.gz$/);
    expect(size).toMatch(/^\d+(\.\d)? (B|KiB)$/);

    await clickButton(page, `Download ${fileName}`);
    const saved = path.join(downloads, fileName as string);
    for (let i = 0; i < 100 && !existsSync(saved); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const pcap = gunzipSync(readFileSync(saved));
    // A pcap (either byte order) holding the player's bytes and the service's answer.
    expect(['a1b2c3d4', 'd4c3b2a1']).toContain(pcap.subarray(0, 4).toString('hex'));
    expect(pcap.includes(line)).toBe(true);
    expect(pcap.includes(`echo:${line}`)).toBe(true);
    expect(readdirSync(downloads)).toContain(fileName);
  });

  it('deletes the recording after a confirmation, and the team has no file left', async () => {
    const [fileName] = await page.$eval('[data-testid="capture-files"] tbody tr td', (cell) => [
      (cell as HTMLElement).innerText.trim(),
    ]);
    await clickButton(page, `Delete ${fileName}`);
    await page.waitForSelector('[role="dialog"]');
    await page.locator('[role="dialog"] ::-p-aria([name="Delete"][role="button"])').click();
    await waitForText(page, 'No capture files');
    const challenge = (await admin.game.captures(gameId)).find((item) => item.id === boxId);
    const teams = challenge ? await admin.game.captureTeams(boxId) : [];
    const files = await Promise.all(teams.map((team) => admin.game.captureFiles(boxId, team.id)));
    expect(files.flat()).toEqual([]);
  });
});
