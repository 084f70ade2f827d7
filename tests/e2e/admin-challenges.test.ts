// Authoring challenges in a real browser against the real server: the admin signs in, creates a static-attachment
// challenge (score, remote attachment, a flag) and a dynamic-container one (its flag template, previewed), and
// enables both from the list. A player (through the SDK) then sees both and solves the static one, which the admin's
// list shows once they recount the solves.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { waitForText } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const flag = 'flag{beacon_lit}';
const attachmentUrl = 'https://files.example.org/beacon.zip';

/** An element by its accessible role and name, as a screen reader finds it. */
const aria = (page: Page, role: string, name: string) =>
  page.locator(`::-p-aria([name="${name}"][role="${role}"])`);

const typeInto = async (page: Page, role: string, name: string, value: string) => {
  const field = aria(page, role, name);
  await field.click({ count: 3 });
  await field.fill(value);
};

/**
 * Waits for a notification, then for it to close, so the next one is told apart (a toast stays while hovered, so
 * the mouse moves away).
 */
const notified = async (page: Page, text: string) => {
  await waitForText(page, text);
  await page.mouse.move(0, 0);
  await page.waitForFunction((t) => !document.body.innerText.includes(t), {}, text);
};

/** The names of the page's buttons a toast lies over (a toast's own close button aside). */
const buttonsUnderToasts = (page: Page) =>
  page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.mantine-Notification-root')].map((toast) =>
      toast.getBoundingClientRect(),
    );
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [...document.querySelectorAll('button')]
      .filter((button) => !button.closest('.mantine-Notification-root'))
      .filter((button) => {
        const rect = button.getBoundingClientRect();
        return rect.width > 0 && toasts.some((toast) => overlaps(rect, toast));
      })
      .map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '');
  });

describe('admin challenges', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;
  let admin: ReturnType<typeof createNodeClient>;

  const createChallenge = async (title: string, type: string) => {
    await page.goto(`${server.url}/admin/games/${gameId}/challenges`, { waitUntil: 'networkidle0' });
    await aria(page, 'button', 'New challenge').click();
    await typeInto(page, 'textbox', 'Title', title);
    await aria(page, 'combobox', 'Type').click();
    await aria(page, 'option', type).click();
    await page.locator('[role="dialog"] button[type="submit"]').click();
    await page.waitForFunction(() => /\/challenges\/\d+$/.test(location.pathname));
    await waitForText(page, title);
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await createRunningGame(admin, 'Signal Cup');

    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.url}/account/Login`, { waitUntil: 'networkidle0' });
    await typeInto(page, 'textbox', 'User name or e-mail', 'admin');
    await page.locator('input[type="password"]').fill(adminPassword);
    await aria(page, 'button', 'Sign in').click();
    await aria(page, 'button', 'Account menu of admin').wait();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a static-attachment challenge, scores it with a live preview, attaches a link and adds a flag', async () => {
    await createChallenge('Beacon', 'Static attachment');

    await typeInto(page, 'textbox', 'Original score', '500');
    await waitForText(page, 'The first solve is worth 500 points');
    await aria(page, 'button', 'Save changes').click();
    await notified(page, 'The challenge was saved.');

    // The segmented control's radios are visually hidden; their labels take the click.
    await page.locator('label ::-p-text(Remote link)').click();
    await typeInto(page, 'textbox', 'Link', attachmentUrl);
    await aria(page, 'button', 'Save attachment').click();
    await notified(page, 'The attachment was saved.');

    await aria(page, 'tab', 'Flags').click();
    await page.waitForFunction(() => location.pathname.endsWith('/Flags'));
    await typeInto(page, 'textbox', 'New flags', flag);
    // Pressed where a toast would show: at the bottom right of a laptop's short window.
    await page.setViewport({ width: 1280, height: 600 });
    const addFlags = await aria(page, 'button', 'Add flags (1)').waitHandle();
    await addFlags.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await addFlags.click();
    await page.waitForFunction(
      (f) =>
        [...document.querySelectorAll('[data-testid="flag-item"]')].some((n) => n.textContent?.includes(f)),
      {},
      flag,
    );
    // Its toast leaves the editor's buttons free to press.
    await waitForText(page, 'Flags added: 1');
    expect(await buttonsUnderToasts(page)).toEqual([]);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('creates a dynamic-container challenge whose flag template is previewed for a sample team', async () => {
    await createChallenge('Relay', 'Dynamic container');
    await aria(page, 'tab', 'Flags').click();
    await typeInto(page, 'textbox', 'Flag template', 'flag{relay_[TEAM_HASH]}');
    await page.waitForFunction(() =>
      /^flag\{relay_[0-9a-f]{12}\}$/.test(
        document.querySelector('[data-testid="template-preview"]')?.textContent ?? '',
      ),
    );
    await aria(page, 'button', 'Save template').click();
    await notified(page, 'The flag template was saved.');
  });

  it('enables both from the list', async () => {
    await page.goto(`${server.url}/admin/games/${gameId}/challenges`, { waitUntil: 'networkidle0' });
    for (const title of ['Beacon', 'Relay']) {
      await aria(page, 'switch', `Enable ${title}`).click();
      await page.waitForFunction(
        (name) =>
          document.querySelector<HTMLInputElement>(`input[role="switch"][aria-label="${name}"]`)?.checked ===
          true,
        {},
        `Enable ${title}`,
      );
    }
    const listed = await admin.edit.challenges(gameId);
    expect(listed.map((c) => [c.title, c.type, c.isEnabled, c.originalScore])).toEqual([
      ['Beacon', 'StaticAttachment', true, 500],
      ['Relay', 'DynamicContainer', true, 1000],
    ]);
  });

  it('lets a player see both and solve the static one', async () => {
    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({
      userName: 'keeper',
      email: 'keeper@example.com',
      password: 'Harbour2024x',
    });
    const team = await player.team.create({ name: 'Keepers' });
    await player.game.join(gameId, { teamId: team.id });

    const details = await player.game.details(gameId);
    const titles = Object.values(details.challenges)
      .flat()
      .map((c) => c?.title);
    expect(titles.sort()).toEqual(['Beacon', 'Relay']);

    const beacon = (await admin.edit.challenges(gameId)).find((c) => c.title === 'Beacon');
    if (!beacon) throw new Error('Beacon is missing');
    const view = await player.game.challenge(gameId, beacon.id);
    expect(view.context.url).toBe(attachmentUrl);

    const submission = await player.game.submit(gameId, beacon.id, flag);
    let status = await player.game.submissionStatus(gameId, beacon.id, submission);
    for (let i = 0; i < 40 && status === 'FlagSubmitted'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = await player.game.submissionStatus(gameId, beacon.id, submission);
    }
    expect(status).toBe('Accepted');
  });

  it('shows the solve on the list the admin left open, and recounts on demand', async () => {
    // The list was loaded before the solve: its counts follow the game's live feed, with no reload.
    await waitForText(page, '1 solve');
    await aria(page, 'button', 'Recount solves').click();
    await notified(page, 'Solve counts are up to date');
    await waitForText(page, '1 solve');
    const beacon = (await admin.edit.challenges(gameId)).find((c) => c.title === 'Beacon');
    expect((await admin.edit.challenge(gameId, beacon?.id as number)).acceptedCount).toBe(1);
  });
});
