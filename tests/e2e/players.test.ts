// What a player sees of their own play, in Chromium against the real server: a team solved one challenge
// (through the SDK) and has another whose file is its own. The board marks the solved challenge, whose
// modal says who solved it and when instead of offering the flag box; the other's flag box shows the
// game's flag format and its file downloads under a real name. The team's page (reached from the monitor,
// as from the scoreboard) shows members, rank, score, bloods and the solve timeline, and leads to a
// member's page. Screenshots of the modal and the team page go to PENNON_SHOTS_DIR when it is set.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { signIn, waitForText } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
const capture = 'pcap bytes of team one\n';
const shots = process.env.PENNON_SHOTS_DIR;

describe('players', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;
  let teamId = 0;
  let warmupId = 0;
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'pennon-e2e-downloads-'));

  const shoot = async (name: string) => {
    if (!shots) return;
    for (const [suffix, width, height] of [
      ['desktop', 1280, 900],
      ['390', 390, 844],
    ] as const) {
      await page.setViewport({ width, height });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await page.screenshot({ path: path.join(shots, `${name}-${suffix}.png`), fullPage: true });
    }
    await page.setViewport({ width: 1280, height: 900 });
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    const admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Winter CTF');
    const warmup = await admin.edit.createChallenge(gameId, {
      title: 'Warmup',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    warmupId = warmup.id;
    await admin.edit.addFlags(gameId, warmup.id, [{ flag: 'uxctf{warm_hands}' }]);
    await admin.edit.updateChallenge(gameId, warmup.id, {
      content: 'Say hello.',
      hints: ['Run `nc warm 1337`, see [the manual](https://example.org/man)'],
      isEnabled: true,
    });
    // A file per team; the challenge's file name is still the placeholder a new challenge gets.
    const sniffer = await admin.edit.createChallenge(gameId, {
      title: 'Sniffer',
      category: 'Forensics',
      type: 'DynamicAttachment',
    });
    const [file] = await admin.assets.upload(new File([capture], 'team-1.pcapng'));
    await admin.edit.addFlags(gameId, sniffer.id, [
      { flag: 'uxctf{sniffed_1}', attachmentType: 'Local', fileHash: file?.hash },
    ]);
    await admin.edit.updateChallenge(gameId, sniffer.id, { content: 'Read the capture.', isEnabled: true });

    const skipper = createNodeClient({ baseUrl: server.url });
    await skipper.account.register({ userName: 'skipper', email: 'skipper@example.com', password });
    const team = await skipper.team.create({ name: 'Gulls', bio: 'We fly **low** over the sea' });
    teamId = team.id;
    const tern = createNodeClient({ baseUrl: server.url });
    await tern.account.register({ userName: 'tern', email: 'tern@example.com', password });
    await tern.account.updateProfile({ bio: 'Reads packets for breakfast' });
    await tern.team.accept(await skipper.team.invite(team.id));
    await skipper.game.join(gameId, { teamId: team.id });
    await tern.game.join(gameId, { teamId: team.id });
    const submission = await tern.game.submit(gameId, warmup.id, 'uxctf{warm_hands}');
    await vi.waitFor(
      async () => expect(await tern.game.submissionStatus(gameId, warmup.id, submission)).toBe('Accepted'),
      { interval: 250 },
    );

    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const cdp = await browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await signIn(page, 'skipper', password);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  const openChallenge = async (title: string) => {
    await page.$$eval(
      '[data-testid="challenge-card"]',
      (cards, wanted) => (cards.find((card) => card.textContent?.includes(wanted)) as HTMLElement).click(),
      title,
    );
    await page.waitForSelector('[role="dialog"]');
    await waitForText(page, title);
  };
  const closeModal = async () => {
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { hidden: true });
  };

  it('marks the solved challenge, and its modal says who solved it and when, with no flag box', async () => {
    await page.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="challenge-card"]');
    const solved = await page.$$eval('[data-testid="challenge-card"][data-solved]', (cards) =>
      cards.map((card) => (card as HTMLElement).innerText),
    );
    expect(solved).toHaveLength(1);
    expect(solved[0]).toContain('Warmup');
    expect(solved[0]).toMatch(/solved/i);

    await openChallenge('Warmup');
    const note = await page.waitForSelector('[data-testid="solved-note"]');
    expect(await note?.evaluate((node) => (node as HTMLElement).innerText)).toMatch(
      /tern solved it for your team on .*\d/,
    );
    expect(await page.$('[role="dialog"] input[placeholder]')).toBeNull();
    // The hint is Markdown: inline code and a link.
    await page.waitForSelector('[data-testid="hints"] code');
    expect(await page.$eval('[data-testid="hints"] a', (a) => a.getAttribute('href'))).toBe(
      'https://example.org/man',
    );
    await shoot('solved-challenge-modal');
    await closeModal();
  });

  it("shows the game's flag format in the flag box and saves the team's file under a real name", async () => {
    await openChallenge('Sniffer');
    const input = await page.waitForSelector('[role="dialog"] input[placeholder="uxctf{...}"]');
    expect(input).not.toBeNull();
    await page.locator('::-p-aria([name="Download attachment"])').click();
    await expect.poll(() => readdirSync(downloads)).toEqual(['Sniffer.pcapng']);
    expect(readFileSync(path.join(downloads, 'Sniffer.pcapng'), 'utf8')).toBe(capture);
    await closeModal();
  });

  it("opens a team's page from the monitor: members, rank, score, bloods, solves by time", async () => {
    await signIn(page, 'admin', adminPassword);
    await page.goto(`${server.url}/games/${gameId}/monitor/Submissions`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="submission-row"] [data-testid="team-link"]');
    await page.click('[data-testid="submission-row"] [data-testid="team-link"]');
    await page.waitForFunction((path) => location.pathname === path, {}, `/games/${gameId}/teams/${teamId}`);
    // Solves come with the scoreboard, members with the team: two requests, either may land first.
    await page.waitForSelector('[data-testid="team-page"] [data-testid="solve"]');
    await page.waitForSelector('[data-testid="team-member"]');

    const text = await page.$eval('[data-testid="team-page"]', (node) => (node as HTMLElement).innerText);
    expect(text).toContain('Gulls');
    expect(await page.$eval('[data-testid="team-bio"] strong', (node) => node.textContent)).toBe('low');
    const members = await page.$$eval('[data-testid="team-member"]', (nodes) =>
      nodes.map((node) => (node as HTMLElement).innerText),
    );
    expect(members).toHaveLength(2);
    expect(members[0]).toMatch(/skipper[\s\S]*captain/i);
    const figures = await page.$eval(
      '[data-testid="team-figures"]',
      (node) => (node as HTMLElement).innerText,
    );
    expect(figures).toMatch(/#1/);
    expect(figures).toMatch(/\b1\d*\b/);
    const solves = await page.$$eval('[data-testid="solve"]', (nodes) =>
      nodes.map((node) => (node as HTMLElement).innerText),
    );
    expect(solves).toHaveLength(1);
    expect(solves[0]).toMatch(/Warmup[\s\S]*First blood[\s\S]*by tern/i);
    expect(
      await page.$eval('[data-testid="team-bloods"]', (node) => (node as HTMLElement).innerText),
    ).toContain('First blood on Warmup');
    await shoot('team-page');

    // A member's page: who they are and what they solved for the team.
    await page.locator('::-p-aria([name="tern"][role="link"])').click();
    await page.waitForSelector('[data-testid="player-page"] [data-testid="solve"]');
    const player = await page.$eval('[data-testid="player-page"]', (node) => (node as HTMLElement).innerText);
    expect(player).toContain('Reads packets for breakfast');
    expect(player).toContain('Member of Gulls');
    expect(player).toContain('Warmup');
    await shoot('player-page');
    expect(warmupId).toBeGreaterThan(0);
  });
});
