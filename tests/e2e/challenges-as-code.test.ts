// pennon-ctl as an organiser runs it against a real server with an admin's API token: a folder of challenges
// checked, pushed (plan first, files uploaded once), pushed again as no change, diffed after an edit, pulled into an
// empty folder and pushed back as no change, costed hints and staged release among them, and a CTFd ctfcli folder
// brought over.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFieldTable } from '../../ctl/src/docs.ts';
import { createRunningGame, teamInGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminPassword = 'Harbour2024';
const hour = 3_600_000;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'pennon-ctl-test-'));
const configFile = path.join(scratch, 'config', 'ctl.json');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `pennon-ctl ...args` from its sources, in the scratch folder, as an organiser's shell runs it. */
const ctl = (args: string[], input = ''): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), path.join(root, 'ctl/src/main.ts'), ...args],
      {
        cwd: scratch,
        env: { ...process.env, PENNON_CTL_CONFIG: configFile },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });

/** Writes `files` (path → content) under the scratch folder. */
const write = (files: Record<string, string>) => {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), content);
  }
};

const note = 'Harbour master’s note: the tide is low at noon.\n';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const event = {
  'event/warmup/challenge.yml': `name: Warmup
category: Misc
description: |
  Read the harbour master's note.
score:
  original: 100
  minRate: 0.5
  difficulty: 3
flags:
  - flag{low_tide}
hints:
  - Look at the time.
attachment:
  file: files/note.txt
enabled: true
`,
  'event/warmup/files/note.txt': note,
  'event/crypto/challenge.yml': `name: Signal flags
category: Crypto
description: |
  Every flag on the mast is a letter.
  Read them top to bottom.
flags:
  - flag{alpha_bravo}
  - flag{ALPHA_BRAVO}
limits:
  submissions: 10
  deadline: 2030-01-01T00:00:00.000Z
`,
  'event/web/challenge.yml': `name: Lighthouse
category: Web
type: StaticContainer
flags:
  - flag{beam}
container:
  image: localhost/pennon-busybox:latest
  port: 8080
  memory: 128
  cpu: 5
bloodBonus: false
`,
};

describe('pennon-ctl', () => {
  let server: RunningServer;
  let admin: PennonClient;
  let gameId: number;
  let ctfcliGameId: number;
  let dynamicGameId: number;
  let stagedGameId: number;
  let token: string;

  const game = (title: string) =>
    admin.edit.createGame({ title, start: Date.now() - hour, end: Date.now() + hour }).then((g) => g.id);
  const remote = async (id: number) =>
    Promise.all((await admin.edit.challenges(id)).map((c) => admin.edit.challenge(id, c.id)));

  beforeAll(async () => {
    server = await startServer({ PENNON_ADMIN_PASSWORD: adminPassword });
    admin = createNodeClient({ baseUrl: server.url });
    await admin.account.login({ userName: 'admin', password: adminPassword });
    gameId = await game('Harbour CTF');
    ctfcliGameId = await game('Moved from CTFd');
    dynamicGameId = await game('Per-team flags');
    stagedGameId = await createRunningGame(admin, 'Staged harbour');
    ({ token } = await admin.tokens.create({ name: 'pennon-ctl' }));
    write(event);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('refuses invalid files, naming each file and field, and passes valid ones', async () => {
    write({
      'bad/one/challenge.yml': 'name: Broken\ncategory: Kitchen\ncolour: red\nscore:\n  minRate: 3\n',
      'bad/two/challenge.yml': `name: Broken too
category: Pwn
flagTemplate: flag{[TEAM_HASH]}
attachment:
  file: ../../event/warmup/files/note.txt
`,
      'bad/three/challenge.yml': 'name: [unclosed\n',
    });
    const bad = await ctl(['challenges', 'validate', 'bad']);
    expect(bad.code).toBe(1);
    for (const line of [
      'bad/one/challenge.yml: (top level): unknown field colour',
      'bad/one/challenge.yml: category: must be one of Misc, Crypto,',
      'bad/one/challenge.yml: score.minRate: must be <= 1',
      'bad/two/challenge.yml: flagTemplate: only DynamicContainer challenges make flags',
      'bad/two/challenge.yml: attachment.file: ../../event/warmup/files/note.txt is outside the challenge folder',
      'bad/three/challenge.yml: not YAML',
    ]) {
      expect(bad.stderr).toContain(line);
    }
    expect(bad.stderr).toContain('pennon-ctl: 6 problems in the challenge files');

    const good = await ctl(['challenges', 'validate', 'event']);
    expect(good).toMatchObject({ code: 0, stdout: '3 challenges valid\n' });
  });

  it('logs in with an API token, stored for its owner alone', async () => {
    const wrong = await ctl(['login', '--url', server.url, '--token', 'not-a-token']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('pennon-ctl: the platform refused (401)');

    const login = await ctl(['login', '--url', server.url], `${token}\n`);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Logged in to ${server.url} as admin (Admin)`);
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(configFile, 'utf8'))).toEqual({ url: server.url, token });

    const games = await ctl(['games', 'list']);
    expect(games.stdout).toMatch(new RegExp(`^${gameId}\tHarbour CTF\t`, 'm'));
  });

  it('pushes a folder after showing its plan, the attachment uploaded', async () => {
    const declined = await ctl(['challenges', 'push', 'event', '--game', String(gameId)], 'n\n');
    expect(declined.code).toBe(1);
    expect(declined.stdout).toContain('Plan: 3 to create, 0 to update, 0 unchanged.');
    expect(declined.stderr).toContain('nothing applied');
    expect(await admin.edit.challenges(gameId)).toEqual([]);

    const push = await ctl(['challenges', 'push', 'event', '--game', String(gameId), '--yes']);
    expect(push.code).toBe(0);
    expect(push.stdout).toContain('+ Warmup (event/warmup/challenge.yml)');
    expect(push.stdout).toMatch(/attachment: files\/note.txt \(sha256 [0-9a-f]{12}…, 50 bytes\)/);
    expect(push.stdout).toMatch(/created Lighthouse \(#\d+\)/);

    const byTitle = Object.fromEntries((await remote(gameId)).map((c) => [c.title, c]));
    expect(byTitle.Warmup).toMatchObject({
      category: 'Misc',
      type: 'StaticAttachment',
      content: "Read the harbour master's note.\n",
      isEnabled: true,
      originalScore: 100,
      minScoreRate: 0.5,
      difficulty: 3,
      hints: ['Look at the time.'],
      flags: [expect.objectContaining({ flag: 'flag{low_tide}' })],
      attachment: expect.objectContaining({ type: 'Local', url: `/assets/${sha256(note)}/note.txt` }),
    });
    expect(byTitle['Signal flags']).toMatchObject({
      submissionLimit: 10,
      deadlineUtc: Date.parse('2030-01-01T00:00:00Z'),
      isEnabled: false,
    });
    expect(byTitle['Signal flags']?.flags.map((f) => f.flag).sort()).toEqual([
      'flag{ALPHA_BRAVO}',
      'flag{alpha_bravo}',
    ]);
    expect(byTitle.Lighthouse).toMatchObject({
      type: 'StaticContainer',
      containerImage: 'localhost/pennon-busybox:latest',
      exposePort: 8080,
      memoryLimit: 128,
      cpuCount: 5,
      disableBloodBonus: true,
    });
    // The player downloads what the folder holds.
    const { data } = await admin.assets.download(sha256(note), 'note.txt');
    expect(await data.text()).toBe(note);
  });

  it('changes nothing on a second push, and says so', async () => {
    const files = await admin.admin.files({ count: 50 });
    const again = await ctl(['challenges', 'push', 'event', '--game', String(gameId)]);
    expect(again).toMatchObject({ code: 0, stdout: 'No changes: 3 challenges match the platform.\n' });
    expect(await admin.admin.files({ count: 50 })).toEqual(files);
  });

  it('diffs a local edit, and pushes only it', async () => {
    const warmup = path.join(scratch, 'event/warmup/challenge.yml');
    writeFileSync(
      warmup,
      readFileSync(warmup, 'utf8')
        .replace('original: 100', 'original: 150')
        .replace('note.\n', 'note.\n  Then look again.\n')
        .replace('  - flag{low_tide}', '  - flag{low_tide}\n  - flag{LOW_TIDE}'),
    );
    const diff = await ctl(['challenges', 'diff', 'event', '--game', String(gameId)]);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('~ Warmup (event/warmup/challenge.yml)');
    expect(diff.stdout).toContain('score.original: 100 → 150');
    expect(diff.stdout).toContain('      + Then look again.');
    expect(diff.stdout).toContain('flags: + "flag{LOW_TIDE}"');
    expect(diff.stdout).toContain('Plan: 0 to create, 1 to update, 2 unchanged.');
    expect((await remote(gameId)).find((c) => c.title === 'Warmup')?.originalScore).toBe(100);

    const push = await ctl(['challenges', 'push', 'event', '--game', String(gameId)], 'y\n');
    expect(push.stdout).toContain('updated Warmup');
    const after = (await remote(gameId)).find((c) => c.title === 'Warmup');
    expect(after).toMatchObject({
      originalScore: 150,
      content: "Read the harbour master's note.\nThen look again.\n",
    });
    expect(after?.flags).toHaveLength(2);
    const clean = await ctl(['challenges', 'diff', 'event', '--game', String(gameId)]);
    expect(clean.stdout).toBe('No changes: 3 challenges match the platform.\n');
  });

  it('clears a deadline set in an earlier push when the file says null', async () => {
    const crypto = path.join(scratch, 'event/crypto/challenge.yml');
    const before = readFileSync(crypto, 'utf8');
    writeFileSync(crypto, before.replace('deadline: 2030-01-01T00:00:00.000Z', 'deadline: null'));
    const push = await ctl(['challenges', 'push', 'event', '--game', String(gameId)], 'y\n');
    expect(push.stdout).toContain('limits.deadline: "2030-01-01T00:00:00.000Z" → null');
    expect(push.stdout).toContain('updated Signal flags');
    expect((await remote(gameId)).find((c) => c.title === 'Signal flags')?.deadlineUtc ?? null).toBeNull();
    const clean = await ctl(['challenges', 'diff', 'event', '--game', String(gameId)]);
    expect(clean.stdout).toBe('No changes: 3 challenges match the platform.\n');
    // Set again, for the tests after.
    writeFileSync(crypto, before);
    await ctl(['challenges', 'push', 'event', '--game', String(gameId)], 'y\n');
    expect((await remote(gameId)).find((c) => c.title === 'Signal flags')?.deadlineUtc).toBe(
      Date.parse('2030-01-01T00:00:00Z'),
    );
  });

  it('pulls into an empty folder, which pushes back as no change', async () => {
    const pull = await ctl(['challenges', 'pull', 'pulled', '--game', String(gameId)]);
    expect(pull).toMatchObject({ code: 0, stdout: '3 challenges written to pulled\n' });
    expect(readFileSync(path.join(scratch, 'pulled/warmup/files/note.txt'), 'utf8')).toBe(note);
    expect(readFileSync(path.join(scratch, 'pulled/lighthouse/challenge.yml'), 'utf8')).toContain(
      'image: localhost/pennon-busybox:latest',
    );
    const push = await ctl(['challenges', 'push', 'pulled', '--game', String(gameId)]);
    expect(push).toMatchObject({ code: 0, stdout: 'No changes: 3 challenges match the platform.\n' });
  });

  it('pushes per-team flags, their files uploaded once, and pulls them back as no change', async () => {
    write({
      'dynamic/keys/challenge.yml': `name: Keys
category: Crypto
type: DynamicAttachment
flags:
  - { flag: "flag{k1}", attachment: { file: files/k1.txt } }
  - { flag: "flag{k2}", attachment: { file: files/k2.txt } }
  - flag: flag{k3}
    attachment:
      file: files/k1.txt
`,
      'dynamic/keys/files/k1.txt': 'key one',
      'dynamic/keys/files/k2.txt': 'key two',
      'dynamic/beacon/challenge.yml': `name: Beacon
category: Misc
type: DynamicContainer
flagTemplate: flag{[TEAM_HASH]}
container: { image: localhost/pennon-busybox:latest, port: 80, network: Isolated, trafficCapture: true }
`,
      'dynamic/mirror/challenge.yml': `name: Mirror
category: Misc
attachment: { url: https://files.example.org/mirror.bin }
flags: ['flag{mirror}']
`,
    });
    const game = String(dynamicGameId);
    const push = await ctl(['challenges', 'push', 'dynamic', '--game', game, '--yes']);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stdout.match(/^uploaded files\/k1.txt \(7 bytes\)$/gm)).toHaveLength(1);
    expect(push.stdout).toContain('uploaded files/k2.txt (7 bytes)');

    const byTitle = Object.fromEntries((await remote(dynamicGameId)).map((c) => [c.title, c]));
    const keys = Object.fromEntries(byTitle.Keys?.flags.map((f) => [f.flag, f.attachment?.url]) ?? []);
    expect(keys).toEqual({
      'flag{k1}': `/assets/${sha256('key one')}/k1.txt`,
      'flag{k2}': `/assets/${sha256('key two')}/k2.txt`,
      'flag{k3}': `/assets/${sha256('key one')}/k1.txt`,
    });
    expect(byTitle.Beacon).toMatchObject({
      flagTemplate: 'flag{[TEAM_HASH]}',
      exposePort: 80,
      networkMode: 'Isolated',
      enableTrafficCapture: true,
    });
    expect(byTitle.Mirror?.attachment).toMatchObject({
      type: 'Remote',
      url: 'https://files.example.org/mirror.bin',
    });

    const again = await ctl(['challenges', 'push', 'dynamic', '--game', game]);
    expect(again.stdout).toBe('No changes: 3 challenges match the platform.\n');
    expect((await ctl(['challenges', 'pull', 'dynamic-pulled', '--game', game])).code).toBe(0);
    expect(readFileSync(path.join(scratch, 'dynamic-pulled/keys/files/k2.txt'), 'utf8')).toBe('key two');
    const back = await ctl(['challenges', 'push', 'dynamic-pulled', '--game', game]);
    expect(back.stdout).toBe('No changes: 3 challenges match the platform.\n');
  });

  it('pushes titled hints with costs, a release time and prerequisites; edits keep what teams unlocked', async () => {
    write({
      'staged/beacon/challenge.yml': `name: Beacon
category: Misc
flags:
  - flag{beacon}
hints:
  - Free for all.
  - title: Where to look
    content: The lamp room.
    cost: 30
  - title: Almost the answer
    content: |
      It starts with flag{b.
    cost: 50%
    releaseAt: 2030-01-01T12:00:00Z
enabled: true
`,
      // By folder: the push makes it Beacon's id, Beacon created in the same push.
      'staged/keeper/challenge.yml': `name: Keeper
category: Misc
flags:
  - flag{keeper}
prerequisites: [beacon]
releaseAt: 2029-06-01T00:00:00Z
enabled: true
`,
    });
    const game = String(stagedGameId);
    const push = await ctl(['challenges', 'push', 'staged', '--game', game, '--yes']);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stdout).toContain('hints: + "Where to look" (30 points)');
    expect(push.stdout).toContain('hints: + "Almost the answer" (50 %)');
    expect(push.stdout).toContain('prerequisites: ["Beacon"]');

    const byTitle = Object.fromEntries((await remote(stagedGameId)).map((c) => [c.title, c]));
    const beaconId = byTitle.Beacon?.id as number;
    expect(byTitle.Beacon).toMatchObject({ hints: ['Free for all.'], isEnabled: true });
    expect(byTitle.Keeper).toMatchObject({
      isEnabled: true,
      releaseAt: Date.parse('2029-06-01T00:00:00Z'),
      prerequisites: [beaconId],
    });
    const hints = await admin.edit.hints(stagedGameId, beaconId);
    expect(hints).toEqual([
      expect.objectContaining({
        title: 'Where to look',
        content: 'The lamp room.',
        costKind: 'Points',
        cost: 30,
        releaseTime: null,
      }),
      expect.objectContaining({
        title: 'Almost the answer',
        content: 'It starts with flag{b.\n',
        costKind: 'Percent',
        cost: 50,
        releaseTime: Date.parse('2030-01-01T12:00:00Z'),
      }),
    ]);
    const again = await ctl(['challenges', 'push', 'staged', '--game', game]);
    expect(again).toMatchObject({ code: 0, stdout: 'No changes: 2 challenges match the platform.\n' });

    // A team plays: Keeper is not there for it yet; it pays for a hint, which a rewrite of the hint keeps.
    const gulls = await teamInGame(server.url, stagedGameId, 'gull', 'Harbour-Gull-2024', 'Gulls');
    const seen = Object.values((await gulls.client.game.details(stagedGameId)).challenges).flat();
    expect(seen.map((c) => c.title)).toEqual(['Beacon']);
    const [lookId] = hints.map((h) => h.id);
    await gulls.client.game.unlockHint(stagedGameId, beaconId, lookId as number);
    const beacon = path.join(scratch, 'staged/beacon/challenge.yml');
    writeFileSync(
      beacon,
      readFileSync(beacon, 'utf8')
        .replace('The lamp room.', 'The lamp room, top floor.')
        .replace('cost: 30', 'cost: 40'),
    );
    const diff = await ctl(['challenges', 'diff', 'staged', '--game', game]);
    expect(diff.stdout).toContain('hints: ~ "Where to look": content, cost 30 points → 40 points');
    expect(diff.stdout).toContain('Plan: 0 to create, 1 to update, 1 unchanged.');
    expect((await ctl(['challenges', 'push', 'staged', '--game', game, '--yes'])).code).toBe(0);
    expect((await admin.edit.hints(stagedGameId, beaconId))[0]).toMatchObject({
      id: lookId,
      content: 'The lamp room, top floor.',
      cost: 40,
      unlockCount: 1,
    });

    const pull = await ctl(['challenges', 'pull', 'staged-pulled', '--game', game]);
    expect(pull.code, pull.stderr).toBe(0);
    const keeper = readFileSync(path.join(scratch, 'staged-pulled/keeper/challenge.yml'), 'utf8');
    expect(keeper).toContain('releaseAt: 2029-06-01T00:00:00.000Z');
    expect(keeper).toContain('prerequisites:\n  - Beacon\n');
    expect(readFileSync(path.join(scratch, 'staged-pulled/beacon/challenge.yml'), 'utf8')).toContain(
      'cost: 50%',
    );
    const back = await ctl(['challenges', 'push', 'staged-pulled', '--game', game]);
    expect(back).toMatchObject({ code: 0, stdout: 'No changes: 2 challenges match the platform.\n' });
  });

  it('refuses prerequisites that make a cycle or name no challenge, naming them', async () => {
    write({
      'cycle/beacon/challenge.yml': 'name: Beacon\ncategory: Misc\nprerequisites: [Keeper]\n',
      'cycle/keeper/challenge.yml': 'name: Keeper\ncategory: Misc\nprerequisites: [Beacon]\n',
    });
    const offline = await ctl(['challenges', 'validate', 'cycle']);
    expect(offline.code).toBe(1);
    expect(offline.stderr).toContain(
      'cycle/beacon/challenge.yml: prerequisites: a cycle: Beacon → Keeper → Beacon',
    );

    // Beacon alone closes a cycle with the game's own Keeper → Beacon.
    write({ 'cycle/keeper/challenge.yml': 'name: Keeper\ncategory: Misc\n' });
    const game = String(stagedGameId);
    const before = await remote(stagedGameId);
    const closing = await ctl(['challenges', 'push', 'cycle/beacon', '--game', game, '--yes']);
    expect(closing.code).toBe(1);
    expect(closing.stderr).toMatch(
      /prerequisites: a cycle: (Beacon → Keeper → Beacon|Keeper → Beacon → Keeper)/,
    );

    write({ 'cycle/beacon/challenge.yml': 'name: Beacon\ncategory: Misc\nprerequisites: [Lantern]\n' });
    const unknown = await ctl(['challenges', 'diff', 'cycle', '--game', game]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'cycle/beacon/challenge.yml: prerequisites: no challenge named Lantern in the folder or the game',
    );
    expect(await remote(stagedGameId)).toEqual(before);
  });

  it('brings a CTFd ctfcli folder over, reporting what it could not map', async () => {
    write({
      'ctfd/pwn/challenge.yml': `name: "Overflow"
author: someone
category: binary
description: Smash it.
value: 500
type: dynamic
extra:
  initial: 500
  decay: 20
  minimum: 100
flags:
  - flag{plain}
  - {type: "static", content: "flag{static}", data: "case_insensitive"}
  - {type: "regex", content: "^flag\\\\{literal\\\\}$"}
  - {type: "regex", content: "flag\\\\{[a-z]+\\\\}"}
tags:
  - stack
connection_info: nc ctf.example.org 31337
hints:
  - Free hint
  - {content: "Paid hint", cost: 10}
requirements:
  - Warmup
  - 7
files:
  - dist/vuln
  - dist/libc.txt
state: visible
attempts: 5
version: "0.1"
`,
      'ctfd/pwn/dist/vuln': 'ELF-ish bytes',
      'ctfd/pwn/dist/libc.txt': 'libc, more or less',
    });
    // The challenge its requirements name is on the platform already.
    const { id: warmupId } = await admin.edit.createChallenge(ctfcliGameId, {
      title: 'Warmup',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    const push = await ctl(['challenges', 'push', 'ctfd', '--game', String(ctfcliGameId), '--yes']);
    expect(push.code).toBe(0);
    expect(push.stdout).toContain('ctfd/pwn/challenge.yml: read as a CTFd ctfcli file');
    expect(push.stdout).toContain('flag "flag\\\\{[a-z]+\\\\}" (regex) not mapped');
    expect(push.stdout).toContain("requirements 7 not mapped: name the challenges, not CTFd's ids");
    expect(push.stdout).toContain('not mapped: author, version');
    const overflow = (await remote(ctfcliGameId)).find((c) => c.title === 'Overflow');
    expect(overflow).toMatchObject({
      title: 'Overflow',
      category: 'Pwn',
      content: 'Smash it.\n\nConnect: `nc ctf.example.org 31337`\n\nTags: stack',
      originalScore: 500,
      minScoreRate: 0.2,
      hints: ['Free hint'],
      prerequisites: [warmupId],
      isEnabled: true,
      submissionLimit: 5,
      attachment: expect.objectContaining({
        url: expect.stringMatching(/^\/assets\/[0-9a-f]{64}\/overflow\.zip$/),
      }),
    });
    expect(await admin.edit.hints(ctfcliGameId, overflow?.id as number)).toEqual([
      expect.objectContaining({ title: 'Hint 2', content: 'Paid hint', costKind: 'Points', cost: 10 }),
    ]);
    const [, hash = ''] = /^\/assets\/([0-9a-f]{64})\//.exec(overflow?.attachment?.url ?? '') ?? [];
    const zip = unzipSync(
      new Uint8Array(await (await admin.assets.download(hash, 'overflow.zip')).data.arrayBuffer()),
    );
    expect(Object.keys(zip).sort()).toEqual(['dist/libc.txt', 'dist/vuln']);
    expect(new TextDecoder().decode(zip['dist/vuln'])).toBe('ELF-ish bytes');
    expect(overflow?.flags.map((f) => f.flag).sort()).toEqual([
      'flag{literal}',
      'flag{plain}',
      'flag{static}',
    ]);
    const again = await ctl(['challenges', 'push', 'ctfd', '--game', String(ctfcliGameId)]);
    expect(again.stdout).toContain('No changes: 1 challenge matches the platform.');
  });

  it('documents every field of the schema in its README, with examples that validate', async () => {
    const readme = readFileSync(path.join(root, 'ctl/README.md'), 'utf8');
    expect(readme).toBe(withFieldTable(readme));
    const examples = [...readme.matchAll(/```yaml\n# (\S+)\/challenge.yml[^\n]*\n([\s\S]*?)```/g)];
    expect(examples).toHaveLength(4);
    for (const [, dir, yaml = ''] of examples) {
      write({ [`readme/${dir}/challenge.yml`]: yaml });
      for (const [, file] of yaml.matchAll(/file: ([^\s}]+)/g))
        write({ [`readme/${dir}/${file}`]: 'content' });
    }
    expect(await ctl(['challenges', 'validate', 'readme'])).toMatchObject({
      code: 0,
      stdout: '4 challenges valid\n',
    });
    expect(readme).toContain(
      '| `container.port` | integer |  | The port the challenge listens on; 1–65535 |',
    );
  });

  it('runs from the build as the pennon-ctl bin', async () => {
    const help = await new Promise<string>((resolve, reject) =>
      execFile(path.join(root, 'node_modules/.bin/pennon-ctl'), ['challenges', '--help'], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    for (const command of ['validate', 'diff', 'push', 'pull']) expect(help).toContain(command);
  });
});
