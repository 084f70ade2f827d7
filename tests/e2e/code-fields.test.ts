// Fields holding code in a real Chromium (issue #49, point 5): with DejaVu Sans Mono at 14 px, the usual Linux
// monospace, underscores typed into the player's flag field and the organiser's flag template field are drawn.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunningGame } from '../support/games.ts';
import { ADMIN_PASSWORD, type NodeClient, startPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { labelledId, signIn, waitForText } from '../support/ui.ts';

const password = 'Harbour2024x';

/**
 * Pixels standing out from the background where the text of the field labelled `label` is drawn, once it holds
 * nothing but underscores (in either colour scheme).
 */
const underscoreInk = async (page: Page, label: string): Promise<number> => {
  const field = await page.waitForSelector(`[id="${await labelledId(page, label)}"]`);
  if (!field) throw new Error(`no field labelled ${label}`);
  await field.click({ count: 3 });
  await field.type('________');
  // The machine's monospace, whatever the page asks for first: DejaVu Sans Mono, as on most Linux desktops.
  await page.addStyleTag({
    content: ':root { --mantine-font-family-monospace: "DejaVu Sans Mono" !important }',
  });
  // Blurred, so no caret is drawn among the underscores.
  const box = await field.evaluate((input) => {
    (input as HTMLInputElement).blur();
    const style = getComputedStyle(input);
    const rect = input.getBoundingClientRect();
    const left = rect.left + Number.parseFloat(style.paddingLeft);
    return { fontSize: style.fontSize, x: left, y: rect.top + 2, width: 50, height: rect.height - 4 };
  });
  expect(box.fontSize).toBe('14px');
  await page.mouse.move(0, 0);
  const shot = await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height } });
  const { data, info } = await sharp(shot)
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = [...data].filter((_, i) => i % info.channels === 0);
  // The background is what most of the box is.
  const counts = new Map<number, number>();
  for (const value of pixels) counts.set(value, (counts.get(value) ?? 0) + 1);
  const background = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  // An underscore between two pixel rows is drawn at a fraction of the text's contrast; a plain background is even.
  return pixels.filter((value) => Math.abs(value - background) > 16).length;
};

describe('fields holding code', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let gameId = 0;
  let templateId = 0;

  beforeAll(async () => {
    let admin: NodeClient;
    ({ server, browser, admin } = await startPlatform());
    gameId = await createRunningGame(admin, 'Underline Cup');
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Lowline',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, challenge.id, [{ flag: 'flag{low_line}' }]);
    await admin.edit.updateChallenge(gameId, challenge.id, { isEnabled: true });
    templateId = (
      await admin.edit.createChallenge(gameId, {
        title: 'Template',
        category: 'Misc',
        type: 'DynamicContainer',
      })
    ).id;
    const player = createNodeClient({ baseUrl: server.url });
    await player.account.register({ userName: 'lowline', email: 'lowline@example.com', password });
    const team = await player.team.create({ name: 'Dashes' });
    await player.game.join(gameId, { teamId: team.id });
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(server.url, { waitUntil: 'networkidle0' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("draws underscores in the player's flag field", async () => {
    await signIn(page, 'lowline', password);
    await page.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
    await page.locator('[data-testid="challenge-card"]').click();
    await waitForText(page, 'Lowline');
    expect(await underscoreInk(page, 'Flag')).toBeGreaterThan(0);
  });

  it("draws underscores in the organiser's flag template field", async () => {
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${server.url}/admin/games/${gameId}/challenges/${templateId}/Flags`, {
      waitUntil: 'networkidle0',
    });
    expect(await underscoreInk(page, 'Flag template')).toBeGreaterThan(0);
  });
});
