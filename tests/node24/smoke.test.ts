// Node 24 smoke lane (scripts/node24-lane.mjs, part of `npm test`): the server's build with its production
// dependencies compiled for Node 24, started as production starts it; a player signs in and has a flag judged, and
// Chromium shows that solve in the web client the server serves.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { waitUntilServing } from '../support/server.ts';
import { signIn } from '../support/ui.ts';

const deploy = process.env.PENNON_NODE24_DEPLOY;
const adminPassword = 'Beacon-2024';
const password = 'Secret123';
const flag = 'flag{node_twenty_four}';

describe('on Node 24', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-node24-data-'));
  let child: ChildProcess | undefined;
  let url = '';
  let gameId = 0;
  let challengeId = 0;

  beforeAll(async () => {
    if (!deploy) throw new Error('PENNON_NODE24_DEPLOY is not set: run this through scripts/node24-lane.mjs');
    child = spawn(process.execPath, [path.join(deploy, 'server/dist/main.js')], {
      cwd: deploy,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PENNON_DATA_DIR: dataDir,
        PENNON_ADMIN_PASSWORD: adminPassword,
        PENNON_DEMO: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    ({ url } = await waitUntilServing(child));
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the tests and the server on Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('signs a player in and judges the flag they submit', async () => {
    const admin = createNodeClient({ baseUrl: url, retry: 0 });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Harbour CTF');
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Lighthouse',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    challengeId = challenge.id;
    await admin.edit.addFlags(gameId, challengeId, [{ flag }]);
    await admin.edit.updateChallenge(gameId, challengeId, { content: 'Find the light.', isEnabled: true });

    const player = createNodeClient({ baseUrl: url, retry: 0 });
    await player.account.register({ userName: 'keeper', email: 'keeper@example.com', password });
    await player.account.logout();
    await player.account.login({ userName: 'keeper', password });
    const team = await player.team.create({ name: 'Keepers' });
    await player.game.join(gameId, { teamId: team.id });
    const submission = await player.game.submit(gameId, challengeId, flag);
    await vi.waitFor(
      async () =>
        expect(await player.game.submissionStatus(gameId, challengeId, submission)).toBe('Accepted'),
      { timeout: 30_000, interval: 250 },
    );
  });

  it('shows the solve in the web client, in Chromium', async () => {
    const browser: Browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'networkidle0' });
      await signIn(page, 'keeper', password);
      await page.goto(`${url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
      const solved = await page.waitForSelector('[data-testid="challenge-card"][data-solved]', {
        timeout: 30_000,
      });
      expect(await solved?.evaluate((card) => (card as HTMLElement).innerText)).toContain('Lighthouse');
    } finally {
      await browser.close();
    }
  });
});
