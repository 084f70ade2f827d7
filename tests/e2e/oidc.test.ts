// Signing in with an OpenID Connect provider, in Chromium against the real server and an `oidc-provider` on
// loopback, added by an admin in the settings: a first sign-in creates the account under the proposed name, a later one signs it in, a password
// account links and unlinks the provider in its profile, and each failure (the provider going down among them) ends
// on a page saying what went wrong.
import { createNodeClient } from '@pennon/sdk/node';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestProvider } from '../support/oidc-provider.ts';
import { ADMIN_PASSWORD, type Platform, startPlatform } from '../support/platform.ts';
import { clickButton, fill, labelledId, signIn, waitForText } from '../support/ui.ts';

const providerId = 'campus';

describe('OpenID Connect sign-in', () => {
  let platform: Platform;
  let provider: TestProvider;
  let adminPage: Page;

  beforeAll(async () => {
    platform = await startPlatform();
    provider = await startOidcProvider({
      clientId: 'pennon',
      clientSecret: 'a-test-client-secret',
      redirectUris: [`${platform.server.url}/api/signin/oidc/${providerId}/callback`],
      unverified: ['plover'],
      // Answers meant for another application, and carrying another sign-in's nonce (an old or replayed one).
      tampered: { skua: { aud: 'another-application' }, petrel: { nonce: 'an-earlier-sign-ins-nonce' } },
    });
    adminPage = await platform.browser.newPage();
    await adminPage.setViewport({ width: 1280, height: 900 });
    await adminPage.goto(platform.server.url, { waitUntil: 'networkidle0' });
    await signIn(adminPage, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await platform?.browser.close();
    await platform?.server.stop();
    await provider?.stop();
  });

  /** A browser of its own (no session here nor at the provider), at the login page. */
  const freshLogin = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await platform.browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${platform.server.url}/account/Login`, { waitUntil: 'networkidle0' });
    return { context, page };
  };

  /** Signs in at the provider's development page as `login`; `consent` agrees to share the account. */
  const atProvider = async (page: Page, login: string) => {
    await page.waitForSelector('input[name="login"]');
    await page.type('input[name="login"]', login);
    await page.type('input[name="password"]', 'anything');
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    // The consent page, the first time this account meets the client.
    const consent = await page.$('button[autofocus]');
    if (consent) await Promise.all([page.waitForNavigation(), consent.click()]);
  };

  const userMenu = (page: Page, name: string) =>
    page.locator(`::-p-aria([name="Account menu of ${name}"][role="button"])`);

  let callbackUrl = '';

  it('is added by an admin in the settings, who is told the redirect URI to register', async () => {
    await adminPage.goto(`${platform.server.url}/admin/Settings`, { waitUntil: 'networkidle0' });
    await adminPage.locator('::-p-aria([name="Sign-in"][role="tab"])').click();
    await clickButton(adminPage, 'Add a provider');
    await fill(adminPage, 'Identifier', providerId);
    await fill(adminPage, 'Display name', 'Campus ID');
    await fill(adminPage, 'Issuer URL', provider.issuer);
    await fill(adminPage, 'Client ID', 'pennon');
    await fill(adminPage, 'Client secret', 'a-test-client-secret');
    await clickButton(adminPage, 'Save provider');
    await waitForText(adminPage, 'Campus ID was saved');
    await waitForText(adminPage, `${platform.server.url}/api/signin/oidc/${providerId}/callback`);
  });

  it('creates the account at a first sign-in, under the name proposed from the claims', async () => {
    const { context, page } = await freshLogin();
    await clickButton(page, 'Sign in with Campus ID');
    await atProvider(page, 'gull');
    await page.waitForFunction(() => location.pathname === '/account/External');
    const field = await page.waitForSelector('form[aria-label="New account with Campus ID"] input');
    expect(await field?.evaluate((input) => (input as HTMLInputElement).value)).toBe('gull');
    await waitForText(page, 'Signed in as gull@campus.example');
    await fill(page, 'User name', 'gull-sea', 'form[aria-label="New account with Campus ID"]');
    await clickButton(page, 'Create account');
    await userMenu(page, 'gull-sea').wait();

    // A later sign-in goes straight in (the provider remembers the consent), through the callback recorded here.
    await userMenu(page, 'gull-sea').click();
    await page.locator('::-p-aria([name="Sign out"][role="menuitem"])').click();
    await page.goto(`${platform.server.url}/account/Login`, { waitUntil: 'networkidle0' });
    page.on('request', (request) => {
      if (request.url().includes(`/api/signin/oidc/${providerId}/callback?`)) callbackUrl = request.url();
    });
    await clickButton(page, 'Sign in with Campus ID');
    await userMenu(page, 'gull-sea').wait();
    expect(callbackUrl).toContain('code=');

    // The provider's answer once more: refused, on a page that says so.
    await page.goto(callbackUrl, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => location.pathname === '/account/External');
    await waitForText(page, 'This sign-in link was already used');
    await context.close();
  });

  it("asks a first sign-in for the admin's required registration fields", async () => {
    const admin = createNodeClient({ baseUrl: platform.server.url });
    await admin.account.login({ userName: 'admin', password: ADMIN_PASSWORD });
    await admin.registrationFields.update([
      { key: 'school', label: 'School', type: 'text', required: true, public: false, locked: false },
    ]);
    try {
      const { context, page } = await freshLogin();
      await clickButton(page, 'Sign in with Campus ID');
      await atProvider(page, 'auk');
      await page.waitForFunction(() => location.pathname === '/account/External');
      const form = 'form[aria-label="New account with Campus ID"]';
      await page.waitForSelector(`${form} input[required]`);
      await clickButton(page, 'Create account');
      await waitForText(page, 'This field is required');
      await fill(page, 'School', 'Lyon', form);
      await clickButton(page, 'Create account');
      await userMenu(page, 'auk').wait();
      const [auk] = (await admin.admin.searchUsers('auk')).data.filter((user) => user.userName === 'auk');
      expect(auk?.fields).toEqual({ school: 'Lyon' });
      await context.close();
    } finally {
      await admin.registrationFields.update([]);
    }
  });

  it('links the provider to a password account in its profile, and unlinks it', async () => {
    await createNodeClient({ baseUrl: platform.server.url }).account.register({
      userName: 'heron',
      email: 'heron@example.com',
      password: 'Harbour2024x',
    });
    const { context, page } = await freshLogin();
    await fill(page, 'User name or e-mail', 'heron');
    await fill(page, 'Password', 'Harbour2024x');
    await clickButton(page, 'Sign in');
    await userMenu(page, 'heron').wait();
    await page.goto(`${platform.server.url}/account/Profile`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Link Campus ID');
    await atProvider(page, 'heron-at-campus');
    await page.waitForFunction(() => location.pathname === '/account/Profile');
    await waitForText(page, 'Campus ID is now linked: you can sign in with it.');
    await waitForText(page, 'heron-at-campus@campus.example');

    await clickButton(page, 'Unlink Campus ID');
    await page.locator('::-p-aria([name="Unlink"][role="button"])').click();
    await waitForText(page, 'Campus ID was unlinked');
    await page.locator('::-p-aria([name="Link Campus ID"][role="button"])').wait();
    await context.close();
  });

  it('says the user refused when they cancel at the provider', async () => {
    const { context, page } = await freshLogin();
    await clickButton(page, 'Sign in with Campus ID');
    await page.waitForSelector('input[name="login"]');
    await Promise.all([page.waitForNavigation(), page.click('.login-help a')]);
    await page.waitForFunction(() => location.pathname === '/account/External');
    await waitForText(page, 'You did not allow this platform to use your account at the provider');
    await page.locator('::-p-aria([name="Back to sign in"][role="link"])').click();
    await page.waitForFunction(() => location.pathname === '/account/Login');
    await context.close();
  });

  it('refuses an answer whose state is not the sign-in’s', async () => {
    const { context, page } = await freshLogin();
    await clickButton(page, 'Sign in with Campus ID');
    await page.waitForSelector('input[name="login"]');
    await page.goto(
      `${platform.server.url}/api/signin/oidc/${providerId}/callback?code=forged&state=forged&iss=${encodeURIComponent(provider.issuer)}`,
      { waitUntil: 'networkidle0' },
    );
    await waitForText(page, 'does not belong to a sign-in started here');
    await context.close();
  });

  it('refuses an e-mail address the provider does not vouch for', async () => {
    const { context, page } = await freshLogin();
    await clickButton(page, 'Sign in with Campus ID');
    await atProvider(page, 'plover');
    await page.waitForFunction(() => location.pathname === '/account/External');
    await waitForText(page, 'The provider has not verified your e-mail address');
    await context.close();
  });

  it.each([
    ['skua', 'meant for another application', "The provider's answer was meant for another application"],
    ['petrel', 'for another sign-in', "The provider's answer did not match this sign-in"],
  ])('refuses an ID token of %s %s', async (login, _, message) => {
    const { context, page } = await freshLogin();
    await clickButton(page, 'Sign in with Campus ID');
    await atProvider(page, login);
    await page.waitForFunction(() => location.pathname === '/account/External');
    await waitForText(page, message);
    await context.close();
  });

  it('leaves only the providers once an admin turns password sign-in off', async () => {
    const passwordSwitch = async () =>
      adminPage.click(`label[for="${await labelledId(adminPage, 'Password sign-in')}"]`);
    // Not while the admin signs in with nothing else.
    await passwordSwitch();
    await waitForText(adminPage, 'You could not sign in after this change');

    await adminPage.goto(`${platform.server.url}/account/Profile`, { waitUntil: 'networkidle0' });
    await clickButton(adminPage, 'Link Campus ID');
    await atProvider(adminPage, 'warden');
    await waitForText(adminPage, 'Campus ID is now linked');
    await adminPage.goto(`${platform.server.url}/admin/Settings`, { waitUntil: 'networkidle0' });
    await adminPage.locator('::-p-aria([name="Sign-in"][role="tab"])').click();
    await passwordSwitch();
    await waitForText(adminPage, 'The sign-in rules were saved');
    const { context, page } = await freshLogin();
    await page.locator('::-p-aria([name="Sign in with Campus ID"][role="button"])').wait();
    expect(await page.$('input[autocomplete="current-password"]')).toBeNull();
    await context.close();
  });

  // Last: it stops the provider the other tests share.
  it('says the provider could not be reached when it goes down in the middle of a sign-in', async () => {
    const { context, page } = await freshLogin();
    await clickButton(page, 'Sign in with Campus ID');
    // The provider answers until it sends the browser back; it is down by the time the platform redeems the code.
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.url().startsWith(`${platform.server.url}/api/signin/oidc/${providerId}/callback`))
        void provider.stop().then(() => request.continue());
      else void request.continue();
    });
    await atProvider(page, 'tern');
    await page.waitForFunction(() => location.pathname === '/account/External');
    await waitForText(page, 'The sign-in provider could not be reached');
    await context.close();
  });
});
