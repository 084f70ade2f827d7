// A platform to test against, the way most end-to-end files start: the real server, with its first admin's
// password set, a Chromium, and an SDK client signed in as that admin.
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser } from 'puppeteer-core';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export const ADMIN_PASSWORD = 'Harbour2024';

export type NodeClient = ReturnType<typeof createNodeClient>;

export interface Platform {
  server: RunningServer;
  browser: Browser;
  admin: NodeClient;
}

/** Starts the server (with `env` besides the admin's password) and the browser side by side. */
export const startPlatform = async (env: Record<string, string> = {}): Promise<Platform> => {
  const [server, browser] = await Promise.all([
    startServer({ PENNON_ADMIN_PASSWORD: ADMIN_PASSWORD, ...env }),
    launchBrowser(),
  ]);
  const admin = createNodeClient({ baseUrl: server.url });
  await admin.account.login({ userName: 'admin', password: ADMIN_PASSWORD });
  return { server, browser, admin };
};

/** Closes the browser and stops the server; either is missing when starting it failed. */
export const stopPlatform = async ({ server, browser }: { server?: RunningServer; browser?: Browser }) => {
  await browser?.close();
  await server?.stop();
};

/** Registers a player and their own team through the SDK. */
export const playerWithTeam = async (
  serverUrl: string,
  name: string,
  password: string,
  teamName = `${name} crew`,
): Promise<{ client: NodeClient; teamId: number }> => {
  const client = createNodeClient({ baseUrl: serverUrl });
  await client.account.register({ userName: name, email: `${name}@example.com`, password });
  const team = await client.team.create({ name: teamName });
  return { client, teamId: team.id };
};
