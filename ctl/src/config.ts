// Where pennon-ctl finds its platform: PENNON_URL and PENNON_TOKEN when set (CI), else what `login` stored in
// $PENNON_CTL_CONFIG, or ~/.config/pennon/ctl.json ($XDG_CONFIG_HOME). The file holds a token, so only its owner
// may read it (0600).
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';

export interface Login {
  url: string;
  token: string;
}

export const configPath = (): string =>
  process.env.PENNON_CTL_CONFIG ||
  path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'pennon', 'ctl.json');

export const saveLogin = async (login: Login): Promise<string> => {
  const file = configPath();
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  // A file that existed keeps its mode through writeFile.
  await chmod(file, 0o600);
  return file;
};

export const loadLogin = async (): Promise<Login> => {
  const { PENNON_URL: url, PENNON_TOKEN: token } = process.env;
  if (url && token) return { url, token };
  const stored = await readFile(configPath(), 'utf8').then(
    (text) => JSON.parse(text) as Partial<Login>,
    () => undefined,
  );
  if (!stored?.url || !stored.token)
    throw new Error(`not logged in: run pennon-ctl login (or set PENNON_URL and PENNON_TOKEN)`);
  return { url: url || stored.url, token: token || stored.token };
};

export const clientFor = (login: Login): PennonClient =>
  createNodeClient({ baseUrl: login.url, token: login.token });
