// Posts and the profile's avatar, in a real browser against the real server: an admin writes posts in
// Markdown (with an XSS attempt that must stay inert), visitors read them, pinning reorders them, and a
// user's new avatar reaches the header.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startPlatform, stopPlatform } from '../support/platform.ts';
import type { RunningServer } from '../support/server.ts';
import { desktopPage, fill, signInThroughForm, waitForText } from '../support/ui.ts';

const click = (page: Page, role: string, name: string) =>
  page.locator(`::-p-aria([name="${name}"][role="${role}"])`).click();

/** The titles of the post cards, in order, once they equal `expected`. */
const waitForOrder = async (page: Page, expected: string[]) => {
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid="post-card"] h2 a, [data-testid="post-card"] h3 a')].map(
          (link) => link.textContent,
        ),
      ) === JSON.stringify(want),
    {},
    expected,
  );
};

const FIRST = 'Harbour opens';
const SECOND = 'Tide tables';
const CONTENT = [
  'Welcome to **Pennon**.',
  '',
  '<img src=x onerror="window.__xss=1">',
  '',
  '```python',
  "print('pennon{flag}')",
  '```',
  '',
].join('\n');

describe('posts', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let guest: Page;
  let firstId = '';

  beforeAll(async () => {
    ({ server, browser } = await startPlatform());
    admin = await desktopPage(browser, browser.defaultBrowserContext());
    guest = await desktopPage(browser);
  });
  afterAll(() => stopPlatform({ server, browser }));

  /** Writes a post through the editor and answers its id, read from the page it lands on. */
  const writePost = async (title: string, summary: string, content: string, tag: string) => {
    await admin.goto(`${server.url}/posts`, { waitUntil: 'networkidle0' });
    await click(admin, 'link', 'New post');
    await admin.waitForFunction(() => location.pathname === '/posts/new/Edit');
    await fill(admin, 'Title', title);
    await fill(admin, 'Summary', summary);
    await fill(admin, 'Tags', tag);
    await admin.keyboard.press('Enter');
    await fill(admin, 'Content', content);
    await click(admin, 'tab', 'Preview');
    await admin.waitForSelector(
      '[data-testid="post-preview"] .mantine-Typography-root, [data-testid="post-preview"] p',
    );
    await click(admin, 'button', 'Publish');
    await admin.waitForFunction(() => /^\/posts\/[0-9a-f]+$/.test(location.pathname));
    await admin.waitForSelector('[data-testid="post-content"]');
    return new URL(admin.url()).pathname.split('/')[2] as string;
  };

  it('lets the admin sign in through the UI and write a post in Markdown', async () => {
    await signInThroughForm(admin, server.url, 'admin', ADMIN_PASSWORD);

    firstId = await writePost(FIRST, 'The season starts', CONTENT, 'news');
    expect(await admin.$eval('h1', (node) => node.textContent)).toBe(FIRST);
    expect(await admin.$eval('[data-testid="post-content"] pre code', (node) => node.textContent)).toContain(
      "print('pennon{flag}')",
    );
    expect(await admin.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await writePost(SECOND, 'High and low water', 'Check the `tides`.', 'info');
  });

  it('shows the posts to a visitor on the home page, and renders one safely', async () => {
    await guest.goto(server.url, { waitUntil: 'networkidle0' });
    await waitForOrder(guest, [SECOND, FIRST]);
    await waitForText(guest, 'The season starts');
    await click(guest, 'link', FIRST);
    await guest.waitForFunction((id) => location.pathname === `/posts/${id}`, {}, firstId);
    await guest.waitForSelector('[data-testid="post-content"] pre code.hljs');
    const code = await guest.$eval('[data-testid="post-content"] pre code', (node) => ({
      text: node.textContent,
      highlighted: node.querySelectorAll('[class^="hljs-"]').length,
    }));
    expect(code.text).toContain("print('pennon{flag}')");
    expect(code.highlighted).toBeGreaterThan(0);
    expect(await guest.$eval('[data-testid="post-content"] strong', (node) => node.textContent)).toBe(
      'Pennon',
    );
    // The image survives without its handler, and the handler never ran.
    expect(
      await guest.$eval('[data-testid="post-content"] img', (node) => node.getAttributeNames().sort()),
    ).toEqual(['src']);
    expect(await guest.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    // Visitors cannot edit.
    expect(await guest.$('::-p-aria([name="Edit"][role="link"])')).toBeNull();
  });

  it('puts a pinned post first, and back in its place when unpinned', async () => {
    await admin.goto(`${server.url}/posts`, { waitUntil: 'networkidle0' });
    await waitForOrder(admin, [SECOND, FIRST]);
    await click(admin, 'button', `Pin: ${FIRST}`);
    await waitForOrder(admin, [FIRST, SECOND]);
    await guest.goto(server.url, { waitUntil: 'networkidle0' });
    await waitForOrder(guest, [FIRST, SECOND]);
    expect(await guest.$eval('[data-testid="post-card"][data-pinned]', (node) => node.textContent)).toContain(
      'Pinned',
    );

    await click(admin, 'button', `Unpin: ${FIRST}`);
    await waitForOrder(admin, [SECOND, FIRST]);
    await guest.reload({ waitUntil: 'networkidle0' });
    await waitForOrder(guest, [SECOND, FIRST]);
  });

  it('shows a clear not-found state for a missing post, and a forbidden one in the editor', async () => {
    await guest.goto(`${server.url}/posts/deadbeef`, { waitUntil: 'networkidle0' });
    await waitForText(guest, 'Post not found');
    // A signed-in non-admin (registered below) would see "Administrators only"; a visitor is sent to log in.
    await guest.goto(`${server.url}/posts/${firstId}/Edit`, { waitUntil: 'networkidle0' });
    await guest.waitForFunction(() => location.pathname === '/account/Login');
  });

  describe('profile', () => {
    const userName = 'bosun';
    const password = 'Harbour2024x';
    let user: Page;
    let dir = '';

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-avatar-'));
      const context = await browser.createBrowserContext();
      user = await context.newPage();
      await user.setViewport({ width: 1280, height: 900 });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('registers a user, who may not edit posts', async () => {
      await user.goto(`${server.url}/account/Register`, { waitUntil: 'networkidle0' });
      await fill(user, 'User name', userName);
      await fill(user, 'E-mail', `${userName}@example.com`);
      await fill(user, 'Password', password);
      await fill(user, 'Confirm password', password);
      await click(user, 'button', 'Create account');
      await user.locator(`::-p-aria([name="Account menu of ${userName}"][role="button"])`).wait();
      await user.goto(`${server.url}/posts/new/Edit`, { waitUntil: 'networkidle0' });
      await waitForText(user, 'Administrators only');
    });

    it('uploads an avatar, previewed first, which the header then shows', async () => {
      const file = path.join(dir, 'avatar.png');
      writeFileSync(
        file,
        await sharp({ create: { width: 96, height: 96, channels: 3, background: '#e4572e' } })
          .png()
          .toBuffer(),
      );
      await user.goto(`${server.url}/account/Profile`, { waitUntil: 'networkidle0' });
      const input = await user.waitForSelector('input[type="file"]');
      await input?.uploadFile(file);
      await user.waitForSelector('[data-testid="avatar-preview"] img[src^="blob:"]');
      await click(user, 'button', 'Upload');
      await waitForText(user, 'Your avatar has been updated');

      const headerAvatar = () =>
        user.waitForFunction(() =>
          document
            .querySelector('[data-testid="user-menu"] img')
            ?.getAttribute('src')
            ?.startsWith('/assets/'),
        );
      await headerAvatar();
      const src = await user.$eval('[data-testid="user-menu"] img', (img) => img.getAttribute('src'));
      const res = await fetch(`${server.url}${src}`);
      expect(res.status).toBe(200);
      await user.reload({ waitUntil: 'networkidle0' });
      await headerAvatar();
    });

    it('refuses an image over 3 MiB before uploading it', async () => {
      const big = path.join(dir, 'big.png');
      writeFileSync(big, Buffer.alloc(3 * 1024 * 1024 + 1));
      // The browser types it by its name (image/png); only its size is wrong.
      const input = await user.waitForSelector('input[type="file"]');
      await input?.uploadFile(big);
      await waitForText(user, 'The image is larger than 3 MiB');
      expect(await user.$('::-p-aria([name="Upload"][role="button"])')).toBeNull();
    });

    it("shows the server's answer when e-mail changes are not confirmed by mail", async () => {
      await fill(user, 'New e-mail address', `${userName}@harbour.example`);
      await click(user, 'button', 'Change e-mail');
      await waitForText(user, 'Could not change the e-mail address');
      // The server's own title says why.
      await waitForText(user, 'E-mail changes are not confirmed by mail here');
    });
  });
});
