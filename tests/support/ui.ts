// What a person does on a page, for the end-to-end tests: type into a labelled field, pick an option, press a
// named button, wait for some text or for what a page shows to settle, sign in.
import type { Browser, BrowserContext, Page } from 'puppeteer-core';

/** The id of the input labelled `label` (the label's text starts with it) within `scope`, once it shows. */
export const labelledId = async (page: Page, label: string, scope = 'body'): Promise<string> => {
  const id = await page.waitForFunction(
    (text, root) =>
      [...document.querySelectorAll<HTMLLabelElement>(`${root} label`)].find((node) =>
        node.textContent?.trim().startsWith(text),
      )?.htmlFor,
    {},
    label,
    scope,
  );
  return (await id.jsonValue()) as string;
};

/** Types into the input labelled `label` within `scope`, replacing what it held. */
export const fill = async (page: Page, label: string, value: string, scope = 'body') => {
  const selector = `[id="${await labelledId(page, label, scope)}"]`;
  await page.click(selector, { count: 3 });
  await page.type(selector, value);
};

/** Picks `option` in the select labelled `label` within `scope`. */
export const choose = async (page: Page, label: string, option: string, scope = 'body') => {
  await page.click(`[id="${await labelledId(page, label, scope)}"]`);
  await page.locator(`::-p-aria([name="${option}"][role="option"])`).click();
};

/** Clicks the button whose accessible name is `name`. */
export const clickButton = (page: Page, name: string) =>
  page.locator(`::-p-aria([name="${name}"][role="button"])`).click();

/** Presses the button named `name` from the keyboard (where a toast may cover it). */
export const pressButton = async (page: Page, name: string) => {
  const button = await page.locator(`::-p-aria([name="${name}"][role="button"])`).waitHandle();
  await button.focus();
  await page.keyboard.press('Enter');
};

/** Waits until the page shows `text`. */
export const waitForText = (page: Page, text: string, timeout?: number) =>
  page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);

/**
 * Waits until `read` (run in the page; it must stand alone, as puppeteer sends its source) answers `expected`, then
 * fails naming what the page showed if it never did.
 */
export const waitForValue = async <T>(page: Page, read: () => T, expected: T, timeout = 60_000) => {
  const want = JSON.stringify(expected);
  const shown = await page
    .waitForFunction(`JSON.stringify((${read})()) === ${JSON.stringify(want)}`, { timeout })
    .then(
      () => undefined,
      async () => JSON.stringify(await page.evaluate(read)),
    );
  if (shown !== undefined) throw new Error(`the page shows ${shown}, not ${want}`);
};

/** The name a date picker's calendar gives a day, in English ("20 November 2026"). */
export const calendarDay = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Sets the date and time picker labelled `label` to `at` (a whole minute, in the browser's time zone) as a person
 * would: opens it, picks the day on its calendar (in English), types the hours and minutes, presses Enter.
 */
export const pickDateTime = async (page: Page, label: string, at: Date) => {
  await page.locator(`::-p-aria([name="${label}"][role="button"])`).click();
  await page.locator(`::-p-aria([name="${calendarDay(at)}"][role="button"])`).click();
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  // Picking the day puts the focus on the hours; two digits move it on to the minutes.
  await page.keyboard.type(`${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}`);
  await page.keyboard.press('Enter');
};

/** The header's account menu of a signed-in `userName`. */
export const accountMenu = (page: Page, userName: string) =>
  page.locator(`::-p-aria([name="Account menu of ${userName}"][role="button"])`);

/** The login page's first step at `origin`, through the form: user name and password, then Sign in. */
export const enterPassword = async (page: Page, origin: string, userName: string, password: string) => {
  await page.goto(`${origin}/account/Login`, { waitUntil: 'networkidle0' });
  await fill(page, 'User name or e-mail', userName);
  await fill(page, 'Password', password);
  await clickButton(page, 'Sign in');
};

/** Signs in at `origin` through the login form, as a person does, and waits for the header to name the user. */
export const signInThroughForm = async (page: Page, origin: string, userName: string, password: string) => {
  await enterPassword(page, origin, userName, password);
  await accountMenu(page, userName).wait();
};

/** Signs the page's session out through the platform's logout call (the account menu's own is tested with it). */
export const signOut = async (page: Page) => {
  await page.evaluate(() => fetch('/api/account/logout', { method: 'POST' }));
};

/** Signs the page in as `userName` (the session cookie, set by the platform's own login call from the page). */
export const signIn = async (page: Page, userName: string, password: string) => {
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/account/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status,
    JSON.stringify({ userName, password }),
  );
  if (status !== 200) throw new Error(`signing in as ${userName} answered ${status}`);
};

/** A new page at the desktop size in `context`: by default a browser context of its own, with its own cookies. */
export const desktopPage = async (browser: Browser, context?: BrowserContext) => {
  const page = await (context ?? (await browser.createBrowserContext())).newPage();
  await page.setViewport({ width: 1280, height: 900 });
  return page;
};

/** A page of a browser context of its own, at the desktop size, signed in as `userName`. */
export const signedInPage = async (browser: Browser, origin: string, userName: string, password: string) => {
  const page = await desktopPage(browser);
  await page.goto(`${origin}/about`, { waitUntil: 'networkidle0' });
  await signIn(page, userName, password);
  return page;
};
