// An authenticator app as a second factor, in Chromium against the real server: turned on in the profile with a
// code computed here, asked for at the next sign-in, a recovery code good once, and turned off again with one; an
// admin sees a user's methods and removes the second factor of one who lost it.
import { createNodeClient } from '@pennon/sdk/node';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Platform, startPlatform } from '../support/platform.ts';
import {
  accountMenu,
  clickButton,
  fill,
  enterPassword as passwordStep,
  signIn,
  signOut,
  waitForText,
} from '../support/ui.ts';

const userName = 'tern';
const password = 'Harbour2024x';

describe('two factors', () => {
  let platform: Platform;
  let page: Page;
  let totp: TOTP;
  let recoveryCodes: string[];

  beforeAll(async () => {
    platform = await startPlatform();
    await createNodeClient({ baseUrl: platform.server.url }).account.register({
      userName,
      email: `${userName}@example.com`,
      password,
    });
    page = await platform.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await platform?.browser.close();
    await platform?.server.stop();
  });

  const userMenu = () => accountMenu(page, userName);

  const enterPassword = (on = page, name = userName) => passwordStep(on, platform.server.url, name, password);

  it('turns the authenticator app on in the profile, and shows the recovery codes once', async () => {
    await enterPassword();
    await userMenu().wait();
    await page.goto(`${platform.server.url}/account/Profile`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Set up an authenticator app');
    const secret = await page
      .locator('code[aria-label="Secret key"]')
      .map((node) => node.textContent ?? '')
      .wait();
    totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    await fill(page, 'Authenticator code', totp.generate());
    await clickButton(page, 'Turn on');
    await page.waitForSelector('ul[aria-label="Recovery codes"] li');
    recoveryCodes = await page.$$eval('ul[aria-label="Recovery codes"] li', (items) =>
      items.map((item) => item.textContent ?? ''),
    );
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(8);
    await waitForText(page, 'The authenticator app is on');

    await clickButton(page, 'I have saved them');
    expect(await page.$('ul[aria-label="Recovery codes"]')).toBeNull();
    await waitForText(page, `${recoveryCodes.length} recovery codes left`);
  });

  it('asks for a code after the password; a recovery code signs in', async () => {
    await signOut(page);
    await enterPassword();
    await waitForText(page, 'Second step');
    expect(await page.$(`[aria-label="Account menu of ${userName}"]`)).toBeNull();

    await fill(page, 'Authenticator code', '000000');
    await clickButton(page, 'Verify');
    await waitForText(page, 'The code is not correct');

    await clickButton(page, 'Use a recovery code instead');
    await fill(page, 'Recovery code', recoveryCodes[0] as string);
    await clickButton(page, 'Verify');
    await userMenu().wait();
  });

  it('takes a recovery code only once; the app’s next code signs in', async () => {
    await signOut(page);
    await enterPassword();
    await clickButton(page, 'Use a recovery code instead');
    await fill(page, 'Recovery code', recoveryCodes[0] as string);
    await clickButton(page, 'Verify');
    await waitForText(page, 'This recovery code is not correct or was used');

    await clickButton(page, 'Use an authenticator code instead');
    // The code of the next step: the one that turned the app on may not be used twice.
    await fill(page, 'Authenticator code', totp.generate({ timestamp: Date.now() + 30_000 }));
    await clickButton(page, 'Verify');
    await userMenu().wait();
  });

  it('turns the app off with a recovery code; the password alone signs in again', async () => {
    await page.goto(`${platform.server.url}/account/Profile`, { waitUntil: 'networkidle0' });
    await waitForText(page, `${recoveryCodes.length - 1} recovery codes left`);
    await clickButton(page, 'Turn off');
    await fill(page, 'Authenticator code or recovery code', recoveryCodes[1] as string);
    await page.locator('form[aria-label="Turn off"] button[type="submit"]').click();
    await waitForText(page, 'The authenticator app is off');

    await signOut(page);
    await enterPassword();
    await userMenu().wait();
  });

  it('sends a Monitor without a second factor to set one up, when an admin requires it', async () => {
    const monitor = createNodeClient({ baseUrl: platform.server.url });
    await monitor.account.register({ userName: 'osprey', email: 'osprey@example.com', password });
    const { userId } = await monitor.account.profile();
    await platform.admin.admin.updateUser(userId as string, { role: 'Monitor' });
    await platform.admin.signInAdmin.updatePolicy({ passwordSignIn: true, requireSecondFactor: true });

    const context = await platform.browser.createBrowserContext();
    const guest = await context.newPage();
    await guest.goto(`${platform.server.url}/account/Login`, { waitUntil: 'networkidle0' });
    await fill(guest, 'User name or e-mail', 'osprey');
    await fill(guest, 'Password', password);
    await clickButton(guest, 'Sign in');
    await waitForText(guest, 'Set up a second factor');
    await clickButton(guest, 'Set up an authenticator app');
    const secret = await guest
      .locator('code[aria-label="Secret key"]')
      .map((node) => node.textContent ?? '')
      .wait();
    const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    await fill(guest, 'Authenticator code', app.generate());
    await clickButton(guest, 'Turn on');
    await guest.waitForSelector('ul[aria-label="Recovery codes"] li');
    await clickButton(guest, 'Continue');
    await guest.locator('::-p-aria([name="Account menu of osprey"][role="button"])').wait();
    await context.close();
  });

  it("shows an admin the user's methods, and removes the second factor of one who lost it", async () => {
    await platform.admin.signInAdmin.updatePolicy({ passwordSignIn: true, requireSecondFactor: false });
    const context = await platform.browser.createBrowserContext();
    const admin = await context.newPage();
    await admin.setViewport({ width: 1280, height: 900 });
    await admin.goto(platform.server.url, { waitUntil: 'networkidle0' });
    await signIn(admin, 'admin', ADMIN_PASSWORD);
    await admin.goto(`${platform.server.url}/admin/Users`, { waitUntil: 'networkidle0' });
    await clickButton(admin, 'Sign-in methods of osprey');
    const methods = () =>
      admin.$$eval('[role="dialog"] tr', (rows) =>
        Object.fromEntries(rows.map((row) => [row.cells[0]?.textContent, row.cells[1]?.textContent])),
      );
    await admin.waitForSelector('[role="dialog"] tr');
    expect(await methods()).toMatchObject({
      Password: 'Set',
      'Authenticator app': 'On',
      'Recovery codes': '10 recovery codes left',
      Passkeys: 'None',
    });

    await clickButton(admin, 'Remove second factors');
    await waitForText(admin, 'The authenticator app, passkeys and recovery codes of osprey are removed');
    await clickButton(admin, 'Remove');
    await waitForText(admin, 'The second factors of osprey were removed');
    await admin.waitForFunction(() =>
      document.querySelector('[role="dialog"]')?.textContent?.includes('Off'),
    );
    expect(await methods()).toMatchObject({
      'Authenticator app': 'Off',
      'Recovery codes': '0 recovery codes left',
    });
    const logs = await platform.admin.admin.logs();
    expect(logs.map((log) => log.msg)).toContain('Removed the second factors of osprey');

    // The password alone signs osprey in again.
    await signOut(admin);
    await enterPassword(admin, 'osprey');
    await accountMenu(admin, 'osprey').wait();
    await context.close();
  });
});
