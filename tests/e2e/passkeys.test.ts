// Passkeys in Chromium against the real server, its virtual authenticator (DevTools' WebAuthn domain) standing in
// for a phone or a security key: one added under a name in the profile signs in alone, and as the second factor
// after the password, renamed, until it is removed. Passkeys need a domain name, so the pages are opened at localhost.
import { createNodeClient } from '@pennon/sdk/node';
import type { CDPSession, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from '../support/platform.ts';
import {
  accountMenu,
  clickButton,
  fill,
  enterPassword as passwordStep,
  signOut,
  waitForText,
} from '../support/ui.ts';

const userName = 'puffin';
const password = 'Harbour2024x';

describe('passkeys', () => {
  let platform: Platform;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  let origin: string;

  beforeAll(async () => {
    platform = await startPlatform();
    origin = platform.server.url.replace('127.0.0.1', 'localhost');
    await createNodeClient({ baseUrl: platform.server.url }).account.register({
      userName,
      email: `${userName}@example.com`,
      password,
    });
    page = await platform.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    cdp = await page.createCDPSession();
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    }));
  });
  afterAll(async () => {
    await platform?.browser.close();
    await platform?.server.stop();
  });

  const userMenu = () => accountMenu(page, userName);

  const openLogin = () => page.goto(`${origin}/account/Login`, { waitUntil: 'networkidle0' });

  const enterPassword = () => passwordStep(page, origin, userName, password);

  it('adds a named passkey in the profile', async () => {
    await enterPassword();
    await userMenu().wait();
    await page.goto(`${origin}/account/Profile`, { waitUntil: 'networkidle0' });
    await fill(page, 'Passkey name', 'Work laptop');
    await clickButton(page, 'Add a passkey');
    await waitForText(page, 'The passkey was added');
    await page.locator('::-p-aria([name="Remove the passkey Work laptop"][role="button"])').wait();
    // Its first factor: recovery codes come with it.
    await page.waitForSelector('ul[aria-label="Recovery codes"] li');

    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
  });

  it('renames the passkey in the profile', async () => {
    await clickButton(page, 'Rename the passkey Work laptop');
    await fill(page, 'Passkey name', 'Travel phone', '[role="dialog"]');
    await clickButton(page, 'Rename');
    await waitForText(page, 'The passkey was renamed');
    await page.reload({ waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Remove the passkey Travel phone"][role="button"])').wait();
    expect(await page.$('::-p-aria([name="Remove the passkey Work laptop"][role="button"])')).toBeNull();
  });

  it('signs in with the passkey alone', async () => {
    await signOut(page);
    await openLogin();
    await clickButton(page, 'Sign in with a passkey');
    await userMenu().wait();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('is the second factor after the password', async () => {
    await signOut(page);
    await enterPassword();
    await waitForText(page, 'Second step');
    await clickButton(page, 'Use a passkey');
    await userMenu().wait();
  });

  it('once removed, no longer signs in', async () => {
    await page.goto(`${origin}/account/Profile`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Remove the passkey Travel phone');
    await page.locator('::-p-aria([name="Remove"][role="button"])').click();
    await waitForText(page, 'The passkey was removed');

    await signOut(page);
    await openLogin();
    await clickButton(page, 'Sign in with a passkey');
    await waitForText(page, 'This passkey was not accepted');
    // Nor is it asked for after the password.
    await enterPassword();
    await userMenu().wait();
  });
});
