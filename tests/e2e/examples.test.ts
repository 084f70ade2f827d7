// The SDK examples (examples/sdk) run as a user would run them, each a Node process against the real server.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PennonClient } from '@pennon/sdk';
import type { GlobalConfig } from '@pennon/sdk/contract';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminPassword = 'Harbour2024';
const player = { userName: 'skipper', password: 'Secret123', email: 'skipper@example.com' };
const flag = 'flag{examples}';
const hour = 3_600_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const args = (script: string, scriptArgs: string[]) => [
  '--import',
  'tsx',
  path.join(root, 'examples/sdk', script),
  ...scriptArgs,
];

describe('SDK examples', () => {
  let server: RunningServer;
  let admin: PennonClient;
  let gameId: number;
  let challengeId: number;
  let env: Record<string, string>;

  /** Runs an example to its end. */
  const example = (script: string, scriptArgs: string[] = [], extra: Record<string, string> = {}) =>
    new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        args(script, scriptArgs),
        { cwd: root, env: { ...process.env, ...env, ...extra }, timeout: 30_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const asPlayer = { PENNON_USER: player.userName, PENNON_PASSWORD: player.password };
  const asAdmin = { PENNON_USER: 'admin', PENNON_PASSWORD: adminPassword };
  /** Starts an example that runs until it has seen enough, collecting what it prints. */
  const started = (script: string, scriptArgs: string[]) => {
    const child: ChildProcess = spawn(process.execPath, args(script, scriptArgs), {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { stdout: () => stdout, exited };
  };

  beforeAll(async () => {
    server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword });
    env = { PENNON_URL: server.url };
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    ({ id: gameId } = await admin.edit.createGame({
      title: 'Examples CTF',
      hidden: false,
      start: Date.now() - hour,
      end: Date.now() + hour,
      acceptWithoutReview: true,
    }));
    ({ id: challengeId } = await admin.edit.createChallenge(gameId, {
      title: 'First steps',
      category: 'Misc',
      type: 'StaticAttachment',
    }));
    await admin.edit.addFlags(gameId, challengeId, [{ flag }]);
    await admin.edit.updateChallenge(gameId, challengeId, { isEnabled: true });
    const client = createNodeClient({ baseUrl: server.url });
    await client.account.register(player);
    const team = await client.team.create({ name: 'Deckhands' });
    await client.game.join(gameId, { teamId: team.id });
  });
  afterAll(async () => server?.stop());

  it('login: signs in with a password, or with an API token', async () => {
    const byPassword = await example('login.ts', [], asPlayer);
    expect(byPassword).toMatchObject({
      code: 0,
      stdout: 'Signed in as skipper (User) <skipper@example.com>\n',
    });
    const { token } = await admin.tokens.create({ name: 'examples' });
    const byToken = await example('login.ts', [], { PENNON_TOKEN: token });
    expect(byToken.stdout).toMatch(/^Signed in as admin \(Admin\)/);
    const without = await example('login.ts');
    expect(without).toMatchObject({
      code: 1,
      stderr: 'Set PENNON_TOKEN, or PENNON_USER and PENNON_PASSWORD\n',
    });
  });

  it('list-games: lists the visible games', async () => {
    const { code, stdout } = await example('list-games.ts');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^#${gameId}\\tExamples CTF\\t\\S+ → \\S+$`, 'm'));
    expect(stdout).toMatch(/^1 game\(s\)$/m);
  });

  it('submit-flag: gives the verdict, encrypted when the platform asks, and the server message on failure', async () => {
    const wrong = await example('submit-flag.ts', [`${gameId}`, `${challengeId}`, 'flag{nope}'], asPlayer);
    expect(wrong).toMatchObject({
      code: 2,
      stdout: expect.stringMatching(/^Submission \d+: WrongAnswer\n$/),
    });

    const { globalConfig } = await admin.admin.config();
    await admin.admin.updateConfig({
      globalConfig: { ...(globalConfig as GlobalConfig), apiEncryption: true },
    });
    const right = await example('submit-flag.ts', [`${gameId}`, `${challengeId}`, flag], asPlayer);
    expect(right).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Submission \d+: Accepted\n$/) });

    const missing = await example('submit-flag.ts', [`${gameId}`, '999999', flag], asPlayer);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Failed: \S/);
    const usage = await example('submit-flag.ts', [`${gameId}`], asPlayer);
    expect(usage).toMatchObject({ code: 1, stderr: 'Usage: submit-flag.ts <gameId> <challengeId> <flag>\n' });
  });

  it('scoreboard-csv: writes one row per team with its points per challenge', async () => {
    const { code, stdout } = await example('scoreboard-csv.ts', [`${gameId}`]);
    expect(code).toBe(0);
    const [header, ...rows] = stdout.trim().split('\n');
    expect(header).toBe('rank,team,score,solved,last solve,First steps');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^1,Deckhands,(\d+),1,\d{4}-\d\d-\d\dT[\d:.]+Z,\1$/);
  });

  it('watch-notices: prints a notice published while it watches, then stops', async () => {
    const watcher = started('watch-notices.ts', [`${gameId}`, '1']);
    await expect.poll(watcher.stdout, { timeout: 30_000 }).toMatch(/^Watching game \d+ \(push\)$/m);
    await admin.edit.createNotice(gameId, { content: 'Hints are up for First steps' });
    expect(await watcher.exited).toBe(0);
    expect(watcher.stdout()).toMatch(/^\S+Z Normal: Hints are up for First steps$/m);
  });

  it('solve-tracker: lists the solves with their bloods, reading the submissions page by page', async () => {
    const { code, stdout } = await example('solve-tracker.ts', [`${gameId}`], asAdmin);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\S+Z Deckhands solved First steps \(first blood\)$/m);
    expect(stdout).toMatch(/^1 solve\(s\) in \d+ call\(s\)$/m);
  });

  it('bulk-import: creates the accounts and teams of a CSV file', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pennon-import-')), 'players.csv');
    writeFileSync(
      file,
      'userName,password,email,teamName\n' +
        'bosun,Secret123,bosun@example.com,Riggers\n' +
        'cook,Secret123,cook@example.com,Riggers\n' +
        'lookout,Secret123,lookout@example.com,\n',
    );
    const { code, stdout } = await example('bulk-import.ts', [file], asAdmin);
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'Imported 3 account(s) and 1 team(s)\n' });
    const names: (string | null)[] = [];
    for await (const user of admin.admin.users({ count: 2 })) names.push(user.userName);
    expect(names).toEqual(expect.arrayContaining(['bosun', 'cook', 'lookout']));
    const missing = await example('bulk-import.ts', [], asAdmin);
    expect(missing).toMatchObject({ code: 1, stderr: 'Usage: bulk-import.ts <file.csv>\n' });
  });

  it('notice-bot: posts a notice published while it runs to the chat webhook', async () => {
    const received = new Promise<unknown>((resolve) => {
      const chat = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', () => {
          res.end();
          chat.close();
          resolve(JSON.parse(body));
        });
      });
      chat.listen(0, '127.0.0.1', () => {
        const { port } = chat.address() as AddressInfo;
        webhook = `http://127.0.0.1:${port}/hook`;
        ready();
      });
    });
    let webhook = '';
    let ready = () => {};
    await new Promise<void>((resolve) => {
      ready = resolve;
    });
    const bot = started('notice-bot.ts', [`${gameId}`, webhook, '1']);
    await expect.poll(bot.stdout, { timeout: 30_000 }).toMatch(/^Posting notices of game \d+ \(push\)$/m);
    await admin.edit.createNotice(gameId, { content: 'Ship ahoy' });
    expect(await received).toEqual({ content: '📢 Ship ahoy', text: '📢 Ship ahoy' });
    expect(await bot.exited).toBe(0);
    expect(bot.stdout()).toMatch(/^posted: 📢 Ship ahoy$/m);
  });

  it('instance-cleaner: lists and destroys the containers older than the limit', async () => {
    const { code, stdout } = await example('instance-cleaner.ts', ['0', '--dry-run'], asAdmin);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '0 of 0 instance(s) older than 0 min\n' });
    const usage = await example('instance-cleaner.ts', [], asAdmin);
    expect(usage).toMatchObject({ code: 1, stderr: 'Usage: instance-cleaner.ts <minutes> [--dry-run]\n' });
  });
});
