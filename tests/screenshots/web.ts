// The screenshots in web/README.md and docs/admin-guide.md: home, a game's challenges, its scoreboard (desktop and
// 390 px, and frozen) and a team's page, a hint's unlock dialog, and the organiser's Awards tab, costed hints, release
// schedule and verdict correction, shot by Chromium against a real server with the busy game of the scoreboard tests,
// seen by the leading team's captain. `npx tsx tests/screenshots/web.ts` (PENNON_TEST_CHROMIUM set, web built) writes
// web/docs/*.png.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '@pennon/sdk/node';
import type { Page } from 'puppeteer-core';
import { launchBrowser } from '../support/browser.ts';
import { createBusyGame, TEAM_NAMES } from '../support/scoreboard.ts';
import { startServer } from '../support/server.ts';
import { signIn, waitForText } from '../support/ui.ts';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/docs');
const adminPassword = 'Harbour2024';

/** Shoots `page` into web/docs/`name`.png once fonts, charts and fading tooltips have settled. */
const shoot = async (page: Page, name: string, fullPage = false) => {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const file = path.join(docs, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(file);
};

const server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword });
const browser = await launchBrowser();
try {
  const admin = createNodeClient({ baseUrl: server.url });
  await admin.account.login({ userName: 'admin', password: adminPassword });
  const gameId = await createBusyGame(server.url, admin);
  const board = await admin.game.scoreboard(gameId);
  const leader = board.items.find((item) => item.name === TEAM_NAMES[0]);
  const runnerUp = board.items.find((item) => item.name === TEAM_NAMES[1]);
  // An award and a penalty, for the scoreboard's marks, the team page's list and the Awards tab.
  await admin.edit.createAdjustment(gameId, {
    teamId: leader?.id ?? 0,
    points: 150,
    reason: 'Reported a bug',
  });
  await admin.edit.createAdjustment(gameId, {
    teamId: runnerUp?.id ?? 0,
    points: -100,
    reason: 'Flag sharing',
  });
  // A costed hint and a free one on the first challenge, for the unlock dialog and the challenge's admin page.
  const [challenge] = await admin.edit.challenges(gameId);
  const challengeId = challenge?.id ?? 0;
  await admin.edit.createHint(gameId, challengeId, {
    title: 'Where the mooring ends',
    content: 'Follow the chain.',
    costKind: 'Percent',
    cost: 10,
  });
  await admin.edit.createHint(gameId, challengeId, {
    title: 'Knots',
    content: 'A *bowline* holds.',
    costKind: 'Points',
    cost: 0,
  });
  const page = await browser.newPage();
  await page.goto(server.url);
  await signIn(page, 'sailor0', 'Harbour2024x');
  const shots = [
    { name: 'home', path: '/', ready: 'main', width: 1280 },
    {
      name: 'challenges',
      path: `/games/${gameId}/Challenges`,
      ready: '[data-testid="challenge-card"]',
      width: 1280,
    },
    {
      name: 'scoreboard',
      path: `/games/${gameId}/Scoreboard`,
      ready: '[data-testid="scoreboard"] tr[data-team]',
      width: 1280,
    },
    {
      name: 'scoreboard-390',
      path: `/games/${gameId}/Scoreboard`,
      ready: '[data-testid="scoreboard"] tr[data-team]',
      width: 390,
    },
    { name: 'team', path: `/games/${gameId}/teams/${leader?.id}`, ready: 'main h1, main h2', width: 1280 },
  ];
  for (const shot of shots) {
    await page.setViewport({ width: shot.width, height: shot.width > 400 ? 900 : 844 });
    await page.goto(`${server.url}${shot.path}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(shot.ready);
    await shoot(page, shot.name, shot.width <= 400);
  }
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="challenge-card"]');
  // The card whose text is the title and then no more of it ("…number 1" is not "…number 12").
  await page.$$eval(
    '[data-testid="challenge-card"]',
    (cards, title) =>
      (
        cards.find((card) => new RegExp(`^${title}\\D`).test(card.textContent ?? '')) as
          | HTMLElement
          | undefined
      )?.click(),
    challenge?.title ?? '',
  );
  await page.locator('::-p-aria([name="Unlock"][role="button"])').click();
  await waitForText(page, 'Unlock this hint?');
  await shoot(page, 'hint-unlock');
  const organiser = await browser.newPage();
  await organiser.goto(server.url);
  await signIn(organiser, 'admin', adminPassword);
  await organiser.setViewport({ width: 1280, height: 900 });
  await organiser.goto(`${server.url}/admin/games/${gameId}/Awards`, { waitUntil: 'networkidle0' });
  await organiser.waitForSelector('[data-testid="adjustment-row"]');
  await shoot(organiser, 'awards');
  await organiser.goto(`${server.url}/admin/games/${gameId}/challenges/${challengeId}`, {
    waitUntil: 'networkidle0',
  });
  const section = await organiser.waitForSelector('[data-testid="admin-costed-hint"]');
  await section?.evaluate((node) => node.closest('section')?.scrollIntoView());
  await shoot(organiser, 'hint-costs');

  // A release schedule: the last challenge opens in an hour, the one before once the first is solved.
  const all = await admin.edit.challenges(gameId);
  // Two of one category, so that the list shows them together.
  const kin = all.filter((c) => c.category === all.at(-1)?.category);
  const [later, gated] = [kin.at(-1)?.id ?? 0, kin.at(-2)?.id ?? 0];
  await admin.edit.updateChallenge(gameId, later, { releaseAt: Date.now() + 60 * 60_000 });
  await admin.edit.updateChallenge(gameId, gated, { prerequisites: [challengeId] });
  await organiser.goto(`${server.url}/admin/games/${gameId}/challenges`, { waitUntil: 'networkidle0' });
  const scheduled = await organiser.waitForSelector('[data-testid="release"]');
  await scheduled?.evaluate((node) =>
    node.closest('[data-testid="admin-challenge"]')?.scrollIntoView({ block: 'center' }),
  );
  await shoot(organiser, 'release');

  // The verdict correction dialog, on the monitor's submissions.
  await organiser.goto(`${server.url}/games/${gameId}/monitor/Submissions`, { waitUntil: 'networkidle0' });
  const correct = 'button[aria-label^="Correct the verdict of"]';
  await organiser.waitForSelector(correct);
  await organiser.$eval(correct, (button) => (button as HTMLElement).click());
  await organiser.waitForSelector('[role="dialog"]');
  await shoot(organiser, 'verdict');

  // Last, as it changes what players see: the board frozen now, as a visitor sees it (the pages above share one
  // session, now the admin's, who would see the live board).
  await admin.edit.updateGame(gameId, { ...(await admin.edit.game(gameId)), freezeAt: Date.now() });
  const visitor = await (await browser.createBrowserContext()).newPage();
  await visitor.setViewport({ width: 1280, height: 900 });
  await visitor.goto(`${server.url}/games/${gameId}/Scoreboard`, { waitUntil: 'networkidle0' });
  await waitForText(visitor, 'The scoreboard is frozen');
  await shoot(visitor, 'scoreboard-frozen');
} finally {
  await browser.close();
  await server.stop();
}
