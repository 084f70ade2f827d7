// The `pennon` admin CLI as an organiser runs it: help and usage, migrations on a fresh database, a password reset
// that ends the user's sessions, a game package round trip, and the errors that must stop it (exit 1, one line).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMaxAgeMs } from '../../server/src/services/sessions.ts';
import { cliEnv, runCli } from '../support/cli.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminPassword = 'Harbour2024';
const password = 'Secret123';

const client = (baseUrl: string) => createNodeClient({ baseUrl, retry: 0 });
const signedIn = async (baseUrl: string, userName: string, pass: string): Promise<PennonClient> => {
  const c = client(baseUrl);
  await c.account.login({ userName, password: pass });
  return c;
};
const signInFails = (baseUrl: string, userName: string, pass: string) =>
  expect(client(baseUrl).account.login({ userName, password: pass })).rejects.toThrow();

const scratch = mkdtempSync(path.join(os.tmpdir(), 'pennon-cli-test-'));
const freshEnv = (name: string) => {
  const dataDir = path.join(scratch, name);
  return { PENNON_DATA_DIR: dataDir, PENNON_DATABASE_URL: `sqlite:${path.join(dataDir, 'pennon.db')}` };
};
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('pennon usage', () => {
  it('lists the commands from the bin, and explains one', () => {
    const help = execFileSync(path.join(root, 'node_modules/.bin/pennon'), ['--help'], {
      cwd: root,
      encoding: 'utf8',
    });
    for (const command of ['backup', 'restore', 'migrate', 'reset-password', 'game export', 'game import']) {
      expect(help).toContain(`pennon ${command}`);
    }
  });

  it('shows a command’s help', async () => {
    const run = await runCli(['restore', '--help'], freshEnv('help'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: pennon restore FILE [--force]');
  });

  it.each([
    [[], 'no command given', 'Usage: pennon <command>'],
    [['launch'], 'unknown command launch', 'Usage: pennon <command>'],
    [['backup', '--tape'], "Unknown option '--tape'", 'Usage: pennon backup [--out FILE]'],
    [['restore'], 'restore takes FILE', 'Usage: pennon restore FILE [--force]'],
    [['game'], 'game takes one of: export, import', 'Usage: pennon <command>'],
    [['game', 'export', 'first'], 'the game ID is a number, not first', 'Usage: pennon game export ID'],
  ])('exits 2 with the usage on %j', async (args, problem, usage) => {
    const run = await runCli(args, freshEnv('usage'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`pennon: ${problem}`);
    expect(run.stderr).toContain(usage);
  });
});

describe('pennon migrate', () => {
  it('runs every migration on a fresh database, and none the second time', async () => {
    const env = freshEnv('migrate');
    const first = await runCli(['migrate'], env);
    expect(first.code).toBe(0);
    const ran = first.stdout.split('\n').filter((line) => line.startsWith('ran '));
    expect(ran[0]).toMatch(/^ran 0001_/);
    expect(first.stdout).toContain(`${ran.length} of ${ran.length} migrations ran`);
    const second = await runCli(['migrate'], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`is up to date (${ran.length} migrations)`);
  });
});

describe('pennon on a data directory without a database', () => {
  it('says so instead of making an empty one', async () => {
    const env = freshEnv('nothing-here');
    const run = await runCli(['reset-password', 'admin'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `pennon: There is no database at ${env.PENNON_DATA_DIR}/pennon.db (check PENNON_DATA_DIR)\n`,
    );
    expect((await runCli(['backup'], env)).stderr).toBe(
      `pennon: The data directory ${env.PENNON_DATA_DIR} does not exist\n`,
    );
  });
});

describe('pennon restore refuses', () => {
  it('an archive that is not a backup, touching nothing', async () => {
    const bogus = path.join(scratch, 'bogus.tar.gz');
    writeFileSync(bogus, 'not an archive at all');
    const env = freshEnv('bogus-target');
    const run = await runCli(['restore', bogus], env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^pennon: \S+bogus\.tar\.gz is not a Pennon backup: /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(env.PENNON_DATA_DIR)).toEqual([]);
  });

  it('a non-empty data directory without --force, and replaces it with --force', async () => {
    const source = freshEnv('source');
    expect((await runCli(['migrate'], source)).code).toBe(0);
    mkdirSync(path.join(source.PENNON_DATA_DIR, 'uploads'));
    writeFileSync(path.join(source.PENNON_DATA_DIR, 'uploads', 'kept'), 'from the backup');
    writeFileSync(path.join(source.PENNON_DATA_DIR, 'uploads', 'empty'), '');
    const archive = path.join(scratch, 'source.tar.gz');
    expect((await runCli(['backup', '--out', archive], source)).code).toBe(0);

    const target = freshEnv('occupied');
    mkdirSync(target.PENNON_DATA_DIR);
    writeFileSync(path.join(target.PENNON_DATA_DIR, 'notes.txt'), 'the organiser’s');
    const refused = await runCli(['restore', archive], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty: pass --force');
    expect(readdirSync(target.PENNON_DATA_DIR)).toEqual(['notes.txt']);

    const forced = await runCli(['restore', archive, '--force'], target);
    expect(forced.code).toBe(0);
    expect(readdirSync(target.PENNON_DATA_DIR).sort()).toEqual(['pennon.db', 'uploads']);
    expect(readFileSync(path.join(target.PENNON_DATA_DIR, 'uploads', 'kept'), 'utf8')).toBe(
      'from the backup',
    );
  });
});

describe('pennon on a running server', () => {
  let server: RunningServer;
  let admin: PennonClient;
  beforeAll(async () => {
    server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword });
    admin = await signedIn(server.url, 'admin', adminPassword);
  });
  afterAll(async () => server?.stop());

  const register = async (userName: string): Promise<PennonClient> => {
    const player = client(server.url);
    await player.account.register({ userName, email: `${userName}@example.com`, password });
    await player.account.login({ userName, password });
    return player;
  };

  it('reset-password sets a printed random password and ends the user’s sessions', async () => {
    const player = await register('wren');
    await player.account.profile();
    const run = await runCli(['reset-password', 'wren'], cliEnv(server));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Matched wren <wren@example.com> by its user name.');
    const printed = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(printed.length).toBeGreaterThanOrEqual(16);
    // The server hears of it through the database (live/sqlite-bus.ts), a moment after the command ends.
    await expect
      .poll(
        () =>
          player.account.profile().then(
            () => 'answered',
            () => 'refused',
          ),
        {
          timeout: sessionMaxAgeMs + 1000,
        },
      )
      .toBe('refused');
    await signInFails(server.url, 'wren', password);
    expect((await (await signedIn(server.url, 'wren', printed)).account.profile()).userName).toBe('wren');
  });

  it('reset-password takes the password from standard input, and refuses a weak one', async () => {
    await register('heron');
    const weak = await runCli(
      ['reset-password', 'heron@example.com', '--password-stdin'],
      cliEnv(server),
      'short\n',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('pennon: The password needs');
    await signedIn(server.url, 'heron', password);
    const run = await runCli(
      ['reset-password', 'HERON@example.com', '--password-stdin'],
      cliEnv(server),
      'Lantern42\n',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Matched heron <heron@example.com> by its e-mail address.');
    expect(run.stdout).not.toContain('Lantern42');
    await signInFails(server.url, 'heron', password);
    await signedIn(server.url, 'heron', 'Lantern42');
  });

  it('reset-password of an unknown user fails with one line', async () => {
    const run = await runCli(['reset-password', 'ghost'], cliEnv(server));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('pennon: No user is named ghost\n');
  });

  it('game export and import round-trip a game with its flags and files', async () => {
    const gameId = await createRunningGame(admin, 'Tide Tables');
    const { id } = await admin.edit.createChallenge(gameId, {
      title: 'Ebb',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    await admin.edit.addFlags(gameId, id, [{ flag: 'flag{low_water}' }]);
    const [file] = await admin.assets.upload(new File(['tide chart\n'], 'chart.txt', { type: 'text/plain' }));
    await admin.edit.updateAttachment(gameId, id, { attachmentType: 'Local', fileHash: file?.hash });
    const out = path.join(scratch, 'tide.zip');
    const exported = await runCli(['game', 'export', String(gameId), '--out', out], cliEnv(server));
    expect(exported.code).toBe(0);
    const imported = await runCli(['game', 'import', out], cliEnv(server));
    expect(imported.code).toBe(0);
    const newId = Number(/as game (\d+)/.exec(imported.stdout)?.[1]);
    expect(newId).not.toBe(gameId);
    expect((await admin.edit.game(newId)).title).toBe('Tide Tables');
    const [copy] = await admin.edit.challenges(newId);
    const detail = await admin.edit.challenge(newId, copy?.id ?? 0);
    expect(detail.title).toBe('Ebb');
    expect(detail.flags.map((f) => f.flag)).toEqual(['flag{low_water}']);
    expect(detail.attachment?.url).toContain(file?.hash);
  });

  it('game export of a missing game and import of a file that is no package fail with one line', async () => {
    const missing = await runCli(['game', 'export', '9999'], cliEnv(server));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('pennon: Game not found\n');
    const junk = path.join(scratch, 'junk.zip');
    writeFileSync(junk, 'no zip here');
    const refused = await runCli(['game', 'import', junk], cliEnv(server));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('pennon: The file is not a game package\n');
  });
});
