// Running a game from the browser, against the real server. An organiser (the admin, in one browser context)
// creates a game on the admin pages with a dynamic-flag challenge (DynamicAttachment: each team is handed one
// of the challenge's flags, with its own attachment) and a static one, publishes them and accepts a team. A
// player (a second browser context) signs up, joins and solves; the organiser sees the submission arrive live on
// the monitor pages, and the solve and new entries in /admin/Logs. A second team, played through the SDK, submits the player's
// team's dynamic flag, which shows up as a cheat. The SDK's admin client only reads back what the pages saved.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { choose, clickButton, fill, labelledId, pressButton, waitForText } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
const staticFlag = 'flag{the_keeper_waves}';
/** The dynamic challenge's flags; each team's attachment URL says which one it was given. */
const beaconFlags = ['flag{beacon_amber_7}', 'flag{beacon_violet_3}', 'flag{beacon_cobalt_5}'];
const attachmentOf = (flag: string) => `https://files.pennon.invalid/${flag.slice(5, -1)}.txt`;

/** Whether a page load happened since `mark` (a page load drops the marker). */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { pennonMarker: boolean }).pennonMarker = true;
  });
const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { pennonMarker?: boolean }).pennonMarker === true);

/** Waits until the monitor page's live connection is up (pushed, or polled every 10 s). */
const waitForLive = (page: Page) =>
  page.waitForSelector('[data-testid="live-status"]:is([data-state="connected"], [data-state="polling"])');

/** Sets the date-time picker labelled `label` (in the open dialog) to 00:00 today. */
const pickMidnightToday = async (page: Page, label: string) => {
  const input = `[id="${await labelledId(page, label, '[role="dialog"]')}"]`;
  await page.click(input);
  const dropdown = `[id="${await page.$eval(input, (node) => node.getAttribute('aria-controls'))}"]`;
  // page.click does not wait: the dropdown renders its days a moment after the input is clicked.
  await (await page.waitForSelector(`${dropdown} [data-today]`))?.click();
  // Home sets an hour or minute field to its minimum.
  for (const field of await page.$$(`${dropdown} [role="spinbutton"]`)) {
    await field.click();
    await page.keyboard.press('Home');
  }
  await page.click(`${dropdown} .mantine-DateTimePicker-submitButton`);
  await page.waitForFunction(
    (selector) => document.querySelector(selector)?.textContent?.endsWith('00:00'),
    {},
    input,
  );
};

/** Creates a challenge from the game's challenge list; resolves to its id, on its edit page. */
const createChallenge = async (page: Page, title: string, category: string, type: string) => {
  const url = new URL(page.url());
  const gamePath = /^\/admin\/games\/\d+/.exec(url.pathname)?.[0];
  await page.goto(`${url.origin}${gamePath}/challenges`, { waitUntil: 'networkidle0' });
  await clickButton(page, 'New challenge');
  await page.waitForSelector('[role="dialog"]');
  await fill(page, 'Title', title, '[role="dialog"]');
  await choose(page, 'Category', category, '[role="dialog"]');
  await choose(page, 'Type', type, '[role="dialog"]');
  await page.locator('[role="dialog"] button[type="submit"]').click();
  await page.waitForFunction(() => /\/challenges\/\d+$/.test(location.pathname));
  await waitForText(page, 'Save changes');
  return Number(/challenges\/(\d+)$/.exec(page.url())?.[1]);
};

describe('organiser', () => {
  let server: RunningServer;
  let browser: Browser;
  let organiserContext: BrowserContext;
  let playerContext: BrowserContext;
  let organiser: Page;
  let player: Page;
  let admin: ReturnType<typeof createNodeClient>;
  /** The player of the second team, through the SDK. */
  let tern: ReturnType<typeof createNodeClient>;
  let gameId = 0;
  let beaconId = 0;

  /** Accepts a team's participation on the game's Review page. */
  const accept = async (page: Page, team: string) => {
    await page.goto(`${server.url}/admin/games/${gameId}/Review`, { waitUntil: 'networkidle0' });
    await clickButton(page, `Accept ${team}`);
    await page.waitForFunction(
      (name) =>
        document
          .querySelector(
            `[data-testid="participation"][aria-label="${name}"] [data-testid="participation-status"]`,
          )
          ?.textContent?.includes('Accepted'),
      {},
      team,
    );
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    admin = createNodeClient({ baseUrl: server.url });
    tern = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    organiserContext = await browser.createBrowserContext();
    playerContext = await browser.createBrowserContext();
    organiser = await organiserContext.newPage();
    player = await playerContext.newPage();
    await organiser.setViewport({ width: 1280, height: 900 });
    await player.setViewport({ width: 1280, height: 900 });

    await organiser.goto(`${server.url}/account/Login`, { waitUntil: 'networkidle0' });
    await fill(organiser, 'User name', 'admin');
    await fill(organiser, 'Password', adminPassword);
    await clickButton(organiser, 'Sign in');
    await organiser.locator('::-p-aria([name="Account menu of admin"][role="button"])').wait();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a game with a dynamic-flag and a static challenge, and publishes them', async () => {
    await organiser.goto(`${server.url}/admin/games`, { waitUntil: 'networkidle0' });
    await clickButton(organiser, 'New game');
    await organiser.waitForSelector('[role="dialog"]');
    await fill(organiser, 'Title', 'Lantern Regatta', '[role="dialog"]');
    // The game must have started for the monitor pages: it starts at midnight today.
    await pickMidnightToday(organiser, 'Start');
    await organiser.locator('[role="dialog"] button[type="submit"]').click();
    await organiser.waitForFunction(() => /^\/admin\/games\/\d+\/Info$/.test(location.pathname));
    gameId = Number(/games\/(\d+)\//.exec(organiser.url())?.[1]);

    await fill(organiser, 'Summary', 'Signals across the bay');
    await clickButton(organiser, 'Save');
    await waitForText(organiser, 'Game settings saved');

    await createChallenge(organiser, 'Lighthouse', 'Misc', 'Static attachment');
    await fill(organiser, 'Description', 'Wave to the keeper.');
    await clickButton(organiser, 'Save changes');
    await waitForText(organiser, 'The challenge was saved.');
    await organiser.locator('::-p-aria([name="Flags"][role="tab"])').click();
    await fill(organiser, 'New flags', staticFlag);
    await clickButton(organiser, 'Add flags (1)');
    await waitForText(organiser, 'Flags (1)');

    beaconId = await createChallenge(organiser, 'Beacon', 'Crypto', 'Dynamic attachment');
    await fill(organiser, 'Description', 'Read your beacon.');
    await clickButton(organiser, 'Save changes');
    await waitForText(organiser, 'The challenge was saved.');
    await organiser.locator('::-p-aria([name="Flags"][role="tab"])').click();
    for (const [index, flag] of beaconFlags.entries()) {
      await fill(organiser, 'Flag', flag);
      await organiser.locator('label::-p-text(Remote link)').click();
      await fill(organiser, 'Link', attachmentOf(flag));
      // From the keyboard: the toast of the previous flag may cover the button.
      await pressButton(organiser, 'Add flags (1)');
      await waitForText(organiser, `Flags (${index + 1})`);
    }

    // Publishing: both are enabled from the challenge list.
    await organiser.goto(`${server.url}/admin/games/${gameId}/challenges`, { waitUntil: 'networkidle0' });
    for (const title of ['Lighthouse', 'Beacon']) {
      await organiser.locator(`::-p-aria([name="Enable ${title}"][role="switch"])`).click();
      await organiser.waitForFunction(
        (name) => document.querySelector<HTMLInputElement>(`[aria-label="Enable ${name}"]`)?.checked,
        {},
        title,
      );
    }
    const challenges = await admin.edit.challenges(gameId);
    expect(challenges.map((item) => [item.title, item.type, item.isEnabled]).sort()).toEqual([
      ['Beacon', 'DynamicAttachment', true],
      ['Lighthouse', 'StaticAttachment', true],
    ]);
    expect((await admin.edit.game(gameId)).acceptWithoutReview).toBe(false);
  }, 90_000);

  it('lets a player sign up and ask to join with a team, and accepts the team', async () => {
    await player.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
    await fill(player, 'User name', 'skipper');
    await fill(player, 'E-mail', 'skipper@example.com');
    await fill(player, 'Password', password);
    await fill(player, 'Confirm password', password);
    await clickButton(player, 'Create account');
    await player.locator('::-p-aria([name="Account menu of skipper"][role="button"])').wait();

    await player.goto(`${server.url}/Teams`, { waitUntil: 'networkidle0' });
    await clickButton(player, 'Create team');
    await fill(player, 'Team name', 'Gulls', '[role="dialog"]');
    await player.locator('[role="dialog"] button[type="submit"]').click();
    await player.waitForSelector('[role="dialog"]', { hidden: true });

    await player.goto(`${server.url}/games/${gameId}`, { waitUntil: 'networkidle0' });
    await clickButton(player, 'Join game');
    await player.waitForSelector('[role="dialog"]');
    await player.locator('[role="dialog"] button[type="submit"]').click();
    await player.waitForFunction(() =>
      document.querySelector('[data-testid="participation"]')?.textContent?.includes('Awaiting review'),
    );

    await accept(organiser, 'Gulls');

    await player.reload({ waitUntil: 'networkidle0' });
    await player.waitForFunction(() =>
      document.querySelector('[data-testid="participation"]')?.textContent?.includes('Accepted'),
    );
  });

  it('shows the monitor a solve as it arrives, without a reload', async () => {
    await organiser.goto(`${server.url}/games/${gameId}/monitor/Submissions`, { waitUntil: 'networkidle0' });
    await waitForLive(organiser);
    await waitForText(organiser, 'No submissions');
    await mark(organiser);

    await player.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await player.locator('[data-testid="challenge-card"]::-p-text(Lighthouse)').click();
    await player.waitForSelector('[role="dialog"]');
    await waitForText(player, 'Wave to the keeper.');
    await fill(player, 'Flag', staticFlag, '[role="dialog"]');
    await clickButton(player, 'Submit');
    await player.waitForFunction(
      () =>
        document.querySelector('[data-testid="flag-outcome"]')?.getAttribute('data-result') === 'Accepted',
    );

    // Pushed by the monitor hub, or polled by the SDK within 10 s when the hub cannot connect.
    const row = await organiser.waitForSelector('[data-testid="submission-row"][data-fresh="true"]');
    // textContent: the outcome badge is upper-cased by CSS only.
    const text = await row?.evaluate((node) => node.textContent);
    expect(text).toContain('Gulls');
    expect(text).toContain('skipper');
    expect(text).toContain('Lighthouse');
    expect(text).toContain(staticFlag);
    expect(text).toContain('Accepted');
    expect(await row?.evaluate((node) => node.getAttribute('data-status'))).toBe('Accepted');
    expect(await marked(organiser)).toBe(true);
  }, 60_000);

  it('shows the admin log entries under /admin/Logs as they are written', async () => {
    await organiser.goto(`${server.url}/admin/Logs`, { waitUntil: 'networkidle0' });
    // The organiser's review of the player's team, the player's sign-up and the solve.
    await waitForText(organiser, 'Reviewed participation');
    await waitForText(organiser, 'skipper');
    await waitForText(organiser, 'Gulls solved Lighthouse');
    await organiser.waitForSelector('[data-live-state="connected"], [data-live-state="polling"]');
    await mark(organiser);

    // A second player signs up while the log is open.
    await tern.account.register({ userName: 'tern', email: 'tern@example.com', password });
    await organiser.waitForFunction(() =>
      [...document.querySelectorAll('tbody tr')].some(
        (row) => row.textContent?.includes('tern') && row.textContent.includes('Registered'),
      ),
    );
    expect(await marked(organiser)).toBe(true);
  }, 40_000);

  it('reports a team that submits another team’s dynamic flag', async () => {
    // The player's team opens the dynamic challenge: its attachment says which flag it was handed.
    await player.keyboard.press('Escape');
    await player.waitForSelector('[role="dialog"]', { hidden: true });
    await player.locator('[data-testid="challenge-card"]::-p-text(Beacon)').click();
    await player.waitForSelector('[role="dialog"]');
    await waitForText(player, 'Read your beacon.');
    const href = await (
      await player.waitForSelector('[role="dialog"] a[href^="https://files.pennon.invalid/"]')
    )?.evaluate((node) => node.getAttribute('href'));
    const gullsFlag = beaconFlags.find((flag) => attachmentOf(flag) === href);
    expect(gullsFlag).toBeDefined();
    await fill(player, 'Flag', gullsFlag ?? '', '[role="dialog"]');
    await clickButton(player, 'Submit');
    await player.waitForFunction(
      () =>
        document.querySelector('[data-testid="flag-outcome"]')?.getAttribute('data-result') === 'Accepted',
    );

    // A second team copies it.
    const terns = await tern.team.create({ name: 'Terns' });
    await tern.game.join(gameId, { teamId: terns.id });
    await accept(organiser, 'Terns');
    await tern.game.challenge(gameId, beaconId);
    const submitted = await tern.game.submit(gameId, beaconId, gullsFlag ?? '');
    let verdict = await tern.game.submissionStatus(gameId, beaconId, submitted);
    for (let tries = 0; verdict === 'FlagSubmitted' && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      verdict = await tern.game.submissionStatus(gameId, beaconId, submitted);
    }
    // Players are not told they were caught.
    expect(verdict).toBe('WrongAnswer');

    await organiser.goto(`${server.url}/games/${gameId}/monitor/CheatInfo`, { waitUntil: 'networkidle0' });
    const report = await organiser.waitForSelector('[data-testid="cheat-row"]');
    const text = await report?.evaluate((node) => (node as HTMLElement).innerText);
    expect(text).toContain('Terns');
    expect(text).toContain('Gulls');
    expect(text).toContain('Beacon');
    expect(text).toContain(gullsFlag);
    // The submitter's name leads to its submissions, the cheat among them.
    await organiser.locator('::-p-aria([name="Submissions of Terns"])').click();
    await organiser.waitForFunction(() => location.pathname.endsWith('/monitor/Submissions'));
    const row = await organiser.waitForSelector(
      '[data-testid="submission-row"][data-status="CheatDetected"]',
    );
    expect(await row?.evaluate((node) => (node as HTMLElement).innerText)).toContain('Terns');

    await organiser.locator('::-p-aria([name="Events"][role="tab"])').click();
    await waitForText(organiser, 'Terns submitted the flag of Gulls for Beacon');
  }, 60_000);
});
