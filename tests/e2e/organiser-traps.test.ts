// The organiser's traps of issue #49: account switches that cannot work together, destroying an instance, a bulk
// review, and delete dialogs that say which one goes. One real server on a real container engine, Chromium
// driving the pages; the SDK sets the scene and reads back what the pages did.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineSocket,
  ensureServiceImage,
  requireEngine,
  SERVICE_PORT,
} from '../../server/test/containers/engine.ts';
import { launchBrowser } from '../support/browser.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { clickButton, labelledId, signIn, waitForText } from '../support/ui.ts';

const adminPassword = 'Harbour2024';
const password = 'Harbour2024x';
/** A name the browser resolves to the server: a site that is not loopback, with no PENNON_PUBLIC_URL set. */
const remoteHost = 'ctf.pennon.test';

type Client = ReturnType<typeof createNodeClient>;

/** A selector for the dialog showing `title` (else the last one opened), once it shows. */
const dialog = async (page: Page, title = '') => {
  await page.waitForFunction(
    (wanted) => {
      const found = [...document.querySelectorAll('[role="dialog"]')].filter((node) =>
        node.textContent?.includes(wanted),
      );
      for (const node of document.querySelectorAll('[data-e2e-dialog]'))
        node.removeAttribute('data-e2e-dialog');
      found.at(-1)?.setAttribute('data-e2e-dialog', '');
      return found.length > 0;
    },
    {},
    title,
  );
  return '[data-e2e-dialog]';
};

/** The text of the dialog titled `title` (else the only one). */
const dialogText = async (page: Page, title?: string) =>
  page.$eval(await dialog(page, title), (node) => (node as HTMLElement).innerText);

/** Answers the dialog titled `title` (else the only one) with its button named `name`, and waits until it goes. */
const confirmWith = async (page: Page, name: string, title?: string) => {
  const selector = await dialog(page, title);
  await page.locator(`${selector} ::-p-aria([name="${name}"][role="button"])`).click();
  await page.waitForSelector(selector, { hidden: true });
};

const cancel = (page: Page, title?: string) => confirmWith(page, 'Cancel', title);

/** A player with a team, through the SDK. */
const player = async (server: RunningServer, name: string) => {
  const client = createNodeClient({ baseUrl: server.url });
  await client.account.register({ userName: name, email: `${name}@example.com`, password });
  const team = await client.team.create({ name: `${name}-team` });
  return { client, teamId: team.id, teamName: `${name}-team` };
};

describe('organiser traps', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Client;
  let page: Page;
  let port = '';

  beforeAll(async () => {
    await requireEngine();
    [server, browser] = await Promise.all([
      startServer({ PENNON_ADMIN_PASSWORD: adminPassword, PENNON_DOCKER_HOST: engineSocket }),
      launchBrowser([`--host-resolver-rules=MAP ${remoteHost} 127.0.0.1`]),
    ]);
    port = new URL(server.url).port;
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(server.url, { waitUntil: 'networkidle0' });
    await signIn(page, 'admin', adminPassword);
  }, 120_000);
  afterAll(async () => {
    // The engine outlives the server: no container of the test's is left running.
    for (const container of (await admin?.admin.instances().catch(() => undefined))?.data ?? []) {
      await admin.admin.deleteInstance(container.containerGuid).catch(() => undefined);
    }
    await browser?.close();
    await server?.stop();
  });

  it('refuses e-mail confirmation where no mailed link could reach the platform, and says why first', async () => {
    const { accountPolicy: before } = await admin.admin.config();
    const remote = await browser.newPage();
    try {
      await remote.goto(`http://${remoteHost}:${port}/`, { waitUntil: 'networkidle0' });
      await signIn(remote, 'admin', adminPassword);
      await remote.goto(`http://${remoteHost}:${port}/admin/Settings`, { waitUntil: 'networkidle0' });
      await waitForText(remote, 'set PENNON_PUBLIC_URL to turn this on');
      const mailSwitch = `[id="${await labelledId(remote, 'E-mail confirmation and password recovery')}"]`;
      expect(await remote.$eval(mailSwitch, (node) => (node as HTMLInputElement).disabled)).toBe(true);

      // A client that saves anyway (GZ::CTF's, a script) gets a 400 that says why, and nothing changes.
      const refused = await remote.evaluate(
        async (policy) => {
          const res = await fetch('/api/admin/config', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ accountPolicy: policy }),
          });
          return { status: res.status, body: await res.json() };
        },
        { ...before, activeOnRegister: false, emailConfirmationRequired: true },
      );
      expect(refused).toEqual({
        status: 400,
        body: {
          status: 400,
          title:
            "E-mail confirmation needs the platform's public address for its links: set PENNON_PUBLIC_URL first, or turn it off",
        },
      });
      expect((await admin.admin.config()).accountPolicy).toEqual(before);
    } finally {
      await remote.close();
    }

    // On the machine itself links point back to it: the switch works, and with "active at once" still on the
    // page explains that mail then serves recovery and address changes only.
    await page.goto(`${server.url}/admin/Settings`, { waitUntil: 'networkidle0' });
    await page.click(`[id="${await labelledId(page, 'E-mail confirmation and password recovery')}"]`);
    await waitForText(page, 'so they do not confirm their address: mail serves password recovery');
    expect(await page.evaluate(() => document.body.innerText.includes('set PENNON_PUBLIC_URL'))).toBe(false);
    await clickButton(page, 'Save settings');
    await waitForText(page, 'The settings have been saved');
    expect((await admin.admin.config()).accountPolicy).toEqual({
      ...before,
      emailConfirmationRequired: true,
    });
    await admin.admin.updateConfig({ accountPolicy: before });
  });

  it('asks before destroying an instance, naming the challenge, on the challenge page and the instances page', async () => {
    const image = await ensureServiceImage();
    const gameId = await createRunningGame(admin, 'Tide Cup');
    const boxId = (
      await admin.edit.createChallenge(gameId, {
        title: 'Echo box',
        category: 'Pwn',
        type: 'DynamicContainer',
      })
    ).id;
    await admin.edit.updateChallenge(gameId, boxId, {
      flagTemplate: 'flag{[TEAM_HASH]}',
      containerImage: image,
      exposePort: SERVICE_PORT,
      isEnabled: true,
    });
    const skipper = await player(server, 'skipper');
    await skipper.client.game.join(gameId, { teamId: skipper.teamId });
    await skipper.client.game.createContainer(gameId, boxId);
    const running = async () => (await admin.admin.instances()).data.length;

    // The organiser's page names the team and the challenge; cancelling leaves the container running.
    await page.goto(`${server.url}/admin/Instances`, { waitUntil: 'networkidle0' });
    await page
      .locator('::-p-aria([name="Destroy the container of skipper-team for Echo box"][role="button"])')
      .click();

    expect(await dialogText(page)).toContain('The container of skipper-team for Echo box stops now');
    await cancel(page);
    expect(await running()).toBe(1);

    const playerPage = await (await browser.createBrowserContext()).newPage();
    try {
      await playerPage.goto(server.url, { waitUntil: 'networkidle0' });
      await signIn(playerPage, 'skipper', password);
      await playerPage.goto(`${server.url}/games/${gameId}/Challenges`, { waitUntil: 'networkidle0' });
      await playerPage.locator('[data-testid="challenge-card"]::-p-text(Echo box)').click();
      await waitForText(playerPage, 'Instance running');
      const destroy = () =>
        playerPage.locator('[data-testid="instance"] ::-p-aria([name="Destroy"][role="button"])').click();
      await destroy();
      expect(await dialogText(playerPage, 'Destroy the instance?')).toContain(
        'The instance of Echo box stops now',
      );
      await cancel(playerPage, 'Destroy the instance?');
      expect(await running()).toBe(1);

      await destroy();
      await confirmWith(playerPage, 'Destroy', 'Destroy the instance?');
      await waitForText(playerPage, 'The instance has been destroyed');
      expect(await running()).toBe(0);
    } finally {
      await playerPage.browserContext().close();
    }
  }, 120_000);

  it('accepts several teams at once after a confirmation naming how many, listing the one that failed', async () => {
    const now = Date.now();
    const gameId = (
      await admin.edit.createGame({ title: 'Review Cup', start: now - 3600_000, end: now + 86_400_000 })
    ).id;
    const teams = await Promise.all(['gull', 'tern', 'puffin'].map((name) => player(server, name)));
    for (const team of teams) await team.client.game.join(gameId, { teamId: team.teamId });
    const statuses = async () =>
      Object.fromEntries(
        (await admin.game.participations(gameId)).map((p) => [p.team.name, p.status] as const),
      );
    expect(Object.values(await statuses())).toEqual(['Pending', 'Pending', 'Pending']);

    await page.goto(`${server.url}/admin/games/${gameId}/Review`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="participation"]');
    await page.locator('::-p-aria([name="Select all shown"][role="checkbox"])').click();
    await waitForText(page, 'Selected: 3');
    // A team deleted meanwhile (by another organiser) cannot be accepted: the others still are.
    await admin.admin.deleteTeam(teams[1]?.teamId ?? 0);
    await clickButton(page, 'Accept selected');
    const question = await dialogText(page);
    expect(question).toMatch(/^Accept 3 teams\?[\s\S]*These teams become “Accepted”: /);
    for (const team of teams) expect(question).toContain(team.teamName);
    await confirmWith(page, 'Accept');
    await waitForText(page, '1 of 3 could not be updated');
    await waitForText(page, 'tern-team: ');
    await waitForText(page, '2 teams updated');
    expect(await statuses()).toEqual({ 'gull-team': 'Accepted', 'puffin-team': 'Accepted' });

    // One selected, one named.
    await page.goto(`${server.url}/admin/games/${gameId}/Review`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Select puffin-team"][role="checkbox"])').click();
    await clickButton(page, 'Reject selected');
    expect(await dialogText(page)).toMatch(/Reject 1 team\?[\s\S]*“Rejected”: puffin-team/);
    await confirmWith(page, 'Reject');
    await waitForText(page, '1 team updated');
    expect(await statuses()).toEqual({ 'gull-team': 'Accepted', 'puffin-team': 'Rejected' });
  });

  it('names what each delete dialog deletes, telling two games of one title apart', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const first = (
      await admin.edit.createGame({ title: 'Harbour Cup', start: now + day, end: now + 2 * day })
    ).id;
    const second = (
      await admin.edit.createGame({ title: 'Harbour Cup', start: now + 5 * day, end: now + 6 * day })
    ).id;
    const dateOf = (time: number) =>
      page.evaluate((t) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(t), time);

    await page.goto(`${server.url}/admin/games`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-aria([name="Delete Harbour Cup"][role="button"])');
    const named = new Map<number, string>();
    for (const button of await page.$$('::-p-aria([name="Delete Harbour Cup"][role="button"])')) {
      await button.click();
      const text = await dialogText(page);
      expect(text).toContain('Delete “Harbour Cup”');
      named.set(text.includes(`#${first} `) ? first : second, text);
      await cancel(page);
    }
    expect(named.get(first)).toContain(`#${first} · ${await dateOf(now + day)}`);
    expect(named.get(second)).toContain(`#${second} · ${await dateOf(now + 5 * day)}`);

    const challengeId = (
      await admin.edit.createChallenge(first, {
        title: 'Lighthouse',
        category: 'Web',
        type: 'StaticAttachment',
      })
    ).id;
    await page.goto(`${server.url}/admin/games/${first}/challenges`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Delete Lighthouse"][role="button"])').click();
    expect(await dialogText(page)).toContain(`#${challengeId} · Web`);
    await cancel(page);

    const divisionId = (await admin.edit.createDivision(first, { name: 'North' })).id;
    await page.goto(`${server.url}/admin/games/${first}/Info`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Delete North"][role="button"])').click();
    expect(await dialogText(page)).toContain(`#${divisionId}`);
    await cancel(page);

    const notice = await admin.edit.createNotice(first, { content: 'The harbour gate opens at noon' });
    await page.goto(`${server.url}/admin/games/${first}/Notices`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Delete notice"][role="button"])').click();
    const noticeText = await dialogText(page);
    expect(noticeText).toContain('The harbour gate opens at noon');
    expect(noticeText).toContain(`#${notice.id} · ${await dateOf(notice.time)}`);
    await cancel(page);

    const postId = await admin.edit.createPost({
      title: 'Welcome aboard',
      summary: 'Hello',
      content: 'Hello',
    });
    await page.goto(`${server.url}/posts/${postId}/Edit`, { waitUntil: 'networkidle0' });
    await clickButton(page, 'Delete');
    expect(await dialogText(page)).toContain(`#${postId} · `);
    await cancel(page);

    const crew = await player(server, 'bosun');
    await page.goto(`${server.url}/admin/Teams`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Delete bosun-team"][role="button"])').click();
    expect(await dialogText(page)).toContain(`#${crew.teamId}`);
    await cancel(page);

    await page.goto(`${server.url}/admin/Users`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Delete bosun"][role="button"])').click();
    expect(await dialogText(page)).toContain('bosun@example.com');
    await cancel(page);
  });
});
