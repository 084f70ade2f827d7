// The theme colour in a real browser against the real server: a Custom colour recolours the primary buttons at
// once and survives a reload, Default brings the brand palette back, and Managed follows the colour the admin
// sets for the platform (and ignores one that is not hex).
import type { GlobalConfig } from '@pennon/sdk/contract';
import { createNodeClient } from '@pennon/sdk/node';
import { BRAND_PALETTE, paletteOf } from '@pennon/sdk/theme';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { fill } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
// The shade of a palette primary buttons use (web/src/theme.ts `primaryShade`, dark enough for white text).
const PRIMARY_SHADE = 8;

/** `#rrggbb` as the browser computes it. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

// The login form's "Sign in" button: a filled primary button.
const PRIMARY_BUTTON = 'form button[type="submit"]';

/** The background of the primary button. */
const primaryButtonColor = async (page: Page) => {
  const button = await page.waitForSelector(PRIMARY_BUTTON);
  return button?.evaluate((node) => getComputedStyle(node).backgroundColor);
};

/** Waits until the primary button's background is `color`. */
const waitForPrimaryColor = (page: Page, color: string) =>
  page.waitForFunction(
    (selector, expected) => {
      const node = document.querySelector(selector);
      return node !== null && getComputedStyle(node).backgroundColor === expected;
    },
    {},
    PRIMARY_BUTTON,
    color,
  );

/** Opens the theme control (unless it is open) and picks `provider`. */
const chooseProvider = async (page: Page, provider: 'Managed' | 'Default' | 'Custom') => {
  const dialog = await page.$('::-p-aria([name="Theme colour"][role="dialog"])');
  if (!dialog) await page.locator('::-p-aria([name="Theme colour"][role="button"])').click();
  // The radio itself is hidden under its label, which takes the click.
  const radio = await page.waitForSelector(`::-p-aria([name="${provider}"][role="radio"])`);
  await page.click(`label[for="${await radio?.evaluate((node) => node.id)}"]`);
};

describe('theme colour', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ReturnType<typeof createNodeClient>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword }),
      launchBrowser(),
    ]);
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const setPlatformColor = async (customTheme: string) => {
    const { globalConfig } = await admin.admin.config();
    await admin.admin.updateConfig({ globalConfig: { ...(globalConfig as GlobalConfig), customTheme } });
  };

  it('applies a custom colour, keeps it over a reload, and goes back to the brand palette', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.url}/account/Login`, { waitUntil: 'networkidle0' });
    const brand = rgb(BRAND_PALETTE[PRIMARY_SHADE]);
    expect(await primaryButtonColor(page)).toBe(brand);

    await chooseProvider(page, 'Custom');
    await fill(page, 'Custom colour', '#e03131');
    const red = rgb(paletteOf('#e03131')[PRIMARY_SHADE]);
    await waitForPrimaryColor(page, red);

    await page.reload({ waitUntil: 'networkidle0' });
    expect(await primaryButtonColor(page)).toBe(red);

    // By keyboard: Tab reaches the choice made, and the arrow keys change it.
    await page.focus('[aria-label="Theme colour"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('::-p-aria([name="Colour source"][role="radiogroup"])');
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.value === 'Custom');
    await page.keyboard.press('ArrowLeft');
    await waitForPrimaryColor(page, brand);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it("uses the platform's colour when Managed, and the brand palette when that colour is not hex", async () => {
    await setPlatformColor('#1971c2');
    const page = await browser.newPage();
    await page.goto(`${server.url}/account/Login`, { waitUntil: 'networkidle0' });
    // A new page of the same browser: the choice of the first test (Default) still holds.
    expect(await primaryButtonColor(page)).toBe(rgb(BRAND_PALETTE[PRIMARY_SHADE]));
    await chooseProvider(page, 'Managed');
    const blue = rgb(paletteOf('#1971c2')[PRIMARY_SHADE]);
    await waitForPrimaryColor(page, blue);

    await setPlatformColor('steelblue');
    await page.reload({ waitUntil: 'networkidle0' });
    expect(await primaryButtonColor(page)).toBe(rgb(BRAND_PALETTE[PRIMARY_SHADE]));
    await page.close();
  });
});
