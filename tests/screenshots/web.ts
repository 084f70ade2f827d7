// The screenshots in web/README.md: home, a game's challenges, its scoreboard (desktop and 390 px) and a team's
// page, a hint's unlock dialog, and the organiser's Awards tab and costed hints, shot by Chromium against a real server with the busy game of the scoreboard tests, seen by the leading
// team's captain. `npx tsx tests/screenshots/web.ts` (PENNON_TEST_CHROMIUM set, web built) writes web/docs/*.png.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '@pennon/sdk/node';
import { launchBrowser } from '../support/browser.ts';
import { createBusyGame, TEAM_NAMES } from '../support/scoreboard.ts';
import { startServer } from '../support/server.ts';
import { signIn, waitForText } from '../support/ui.ts';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/docs');
const adminPassword = 'Harbour2024';

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
    // Fonts, the chart's layout and the tooltips' fade settle.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const file = path.join(docs, `${shot.name}.png`);
    await page.screenshot({ path: file, fullPage: shot.width <= 400 });
    console.log(file);
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
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await page.screenshot({ path: path.join(docs, 'hint-unlock.png') });
  console.log(path.join(docs, 'hint-unlock.png'));
  const organiser = await browser.newPage();
  await organiser.goto(server.url);
  await signIn(organiser, 'admin', adminPassword);
  await organiser.setViewport({ width: 1280, height: 900 });
  await organiser.goto(`${server.url}/admin/games/${gameId}/Awards`, { waitUntil: 'networkidle0' });
  await organiser.waitForSelector('[data-testid="adjustment-row"]');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const file = path.join(docs, 'awards.png');
  await organiser.screenshot({ path: file });
  console.log(file);
  await organiser.goto(`${server.url}/admin/games/${gameId}/challenges/${challengeId}`, {
    waitUntil: 'networkidle0',
  });
  const section = await organiser.waitForSelector('[data-testid="admin-costed-hint"]');
  await section?.evaluate((node) => node.closest('section')?.scrollIntoView());
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await organiser.screenshot({ path: path.join(docs, 'hint-costs.png') });
  console.log(path.join(docs, 'hint-costs.png'));
} finally {
  await browser.close();
  await server.stop();
}
