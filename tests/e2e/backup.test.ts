// `pennon backup` while teams submit flags, then `pennon restore` into a fresh data directory: a server started on
// it has every solve acknowledged before the backup began (judged, and on the scoreboard) and the uploaded files.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PennonClient } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../server/test/support/databases.ts';
import { cliEnv, runCli } from '../support/cli.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const password = 'Secret123';
const challengeCount = 10;
const teamCount = 4;
/** Submissions in flight per team at any time. */
const perTeam = 3;
/** Load before the backup starts; it goes on until the backup has finished. */
const loadBeforeMs = 2_000;
const flagOf = (challenge: number) => `flag{beacon_${challenge}}`;
const attachment = 'the keeper keeps the light\n';

const signedIn = async (baseUrl: string, userName: string, pass: string): Promise<PennonClient> => {
  const c = createNodeClient({ baseUrl, retry: 0 });
  await c.account.login({ userName, password: pass });
  return c;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Ack {
  team: number;
  challenge: number;
  id: number;
  correct: boolean;
  at: number;
}

describe('pennon backup under flag load, restored on SQLite', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'pennon-backup-test-'));
  const archive = path.join(scratch, 'event.tar.gz');
  let first: RunningServer | undefined;
  let restored: RunningServer | undefined;
  afterAll(async () => {
    await first?.stop();
    await restored?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps every solve acknowledged before the backup started, and the files', async () => {
    const env = { PENNON_ADMIN_PASSWORD: adminPassword, PENNON_RATE_LIMIT: 'off' };
    first = await startServer(env);
    const admin = await signedIn(first.url, 'admin', adminPassword);
    const gameId = await createRunningGame(admin, 'Harbour Lights');
    const [file] = await admin.assets.upload(new File([attachment], 'keeper.txt', { type: 'text/plain' }));
    const challenges: number[] = [];
    for (let i = 0; i < challengeCount; i++) {
      const { id } = await admin.edit.createChallenge(gameId, {
        title: `Beacon ${i}`,
        category: 'Misc',
        type: 'StaticAttachment',
      });
      await admin.edit.addFlags(gameId, id, [{ flag: flagOf(i) }]);
      if (i === 0)
        await admin.edit.updateAttachment(gameId, id, { attachmentType: 'Local', fileHash: file?.hash });
      await admin.edit.updateChallenge(gameId, id, { isEnabled: true });
      challenges.push(id);
    }
    const teams: { id: number; name: string; player: PennonClient; userName: string }[] = [];
    for (let i = 0; i < teamCount; i++) {
      const userName = `keeper${i}`;
      const player = createNodeClient({ baseUrl: first.url, retry: 0 });
      await player.account.register({ userName, email: `${userName}@example.com`, password });
      await player.account.login({ userName, password });
      const team = await player.team.create({ name: `Keepers ${i}` });
      await player.game.join(gameId, { teamId: team.id });
      teams.push({ id: team.id, name: `Keepers ${i}`, player, userName });
    }

    // Each team works through the challenges in order, a wrong answer or two between flags, so solves keep
    // arriving before, during and after the backup.
    const acks: Ack[] = [];
    let stop = false;
    let counter = 0;
    const worker = async (team: number) => {
      const { player } = teams[team] as (typeof teams)[number];
      while (!stop) {
        const n = counter++;
        const challenge = Math.floor(n / (teamCount * perTeam * 3)) % challengeCount;
        const correct = n % 3 === 0;
        const answer = correct ? flagOf(challenge) : `flag{dark_${team}_${n}}`;
        const id = await player.game.submit(gameId, challenges[challenge] as number, answer);
        acks.push({ team, challenge, id, correct, at: Date.now() });
      }
    };
    const load = teams.flatMap((_, team) => Array.from({ length: perTeam }, () => worker(team)));
    await sleep(loadBeforeMs);
    const backupStarted = Date.now();
    const backup = await runCli(['backup', '--out', archive], cliEnv(first));
    const backupEnded = Date.now();
    await sleep(500);
    stop = true;
    await Promise.all(load);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(archive);
    const before = acks.filter((a) => a.at < backupStarted);
    // The backup ran under load: flags were acknowledged before it, and while it ran.
    expect(before.filter((a) => a.correct).length).toBeGreaterThan(teamCount);
    expect(acks.some((a) => a.at > backupStarted && a.at < backupEnded)).toBe(true);

    const dataDir = path.join(scratch, 'restored');
    const restore = await runCli(['restore', archive], {
      PENNON_DATA_DIR: dataDir,
      PENNON_DATABASE_URL: `sqlite:${path.join(dataDir, 'pennon.db')}`,
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    restored = await startServer(env, { dataDir });
    const players = await Promise.all(teams.map((t) => signedIn(restored?.url ?? '', t.userName, password)));
    // What the backup caught unjudged, the restored server's judge finishes.
    const again = await signedIn(restored.url, 'admin', adminPassword);
    const deadline = Date.now() + 30_000;
    let pending = await again.game.submissions(gameId, { type: 'FlagSubmitted', count: 0 });
    while (pending.length > 0 && Date.now() < deadline) {
      await sleep(200);
      pending = await again.game.submissions(gameId, { type: 'FlagSubmitted', count: 0 });
    }
    for (const ack of before) {
      const verdict = await (players[ack.team] as PennonClient).game.submissionStatus(
        gameId,
        challenges[ack.challenge] as number,
        ack.id,
      );
      expect(verdict).toBe(ack.correct ? 'Accepted' : 'WrongAnswer');
    }
    await again.edit.flushScoreboard(gameId);
    const board = await again.game.scoreboard(gameId);
    for (const [team, { name }] of teams.entries()) {
      const solved = new Set(
        board.items.find((item) => item.name === name)?.solvedChallenges.map((c) => c.id) ?? [],
      );
      for (const ack of before.filter((a) => a.team === team && a.correct)) {
        expect(solved.has(challenges[ack.challenge] as number)).toBe(true);
      }
    }
    const download = await again.assets.download(file?.hash ?? '', 'keeper.txt');
    expect(await download.data.text()).toBe(attachment);
  }, 240_000);
});

describe.each(databaseKinds().filter((kind) => kind.name === 'postgres'))(
  'pennon backup on $name',
  (kind) => {
    it('archives the files and prints the pg_dump command that copies the database', async () => {
      const database = await kind.create();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-backup-pg-'));
      try {
        mkdirSync(path.join(dataDir, 'uploads', 'ab', 'cd'), { recursive: true });
        writeFileSync(path.join(dataDir, 'uploads', 'ab', 'cd', 'abcd'), attachment);
        const archive = path.join(dataDir, 'files.tar.gz');
        const env = { PENNON_DATA_DIR: dataDir, PENNON_DATABASE_URL: database.url };
        expect((await runCli(['migrate'], env)).code).toBe(0);
        const backup = await runCli(['backup', '--out', archive], env);
        expect(backup.code).toBe(0);
        const url = new URL(database.url);
        const dump = backup.stdout.split('\n').find((line) => line.trim().startsWith('pg_dump '));
        expect(dump?.trim()).toMatch(
          new RegExp(
            `^pg_dump --format=custom --host=${url.hostname} --port=${url.port} --username=${url.username} --file=pennon-\\S+\\.dump ${url.pathname.slice(1)}$`,
          ),
        );
        if (url.password) expect(backup.stdout).not.toContain(url.password);
        // The archive has the files and no database; the command it printed dumps the database.
        const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n');
        expect(listed).toContain('data/uploads/ab/cd/abcd');
        expect(listed).not.toContain('database.sqlite');
        execFileSync('sh', ['-c', dump ?? 'false'], {
          cwd: dataDir,
          env: { ...process.env, PGPASSWORD: url.password },
        });
        const tables = execFileSync(
          'pg_restore',
          ['--list', path.join(dataDir, /--file=(\S+)/.exec(dump ?? '')?.[1] ?? '')],
          {
            encoding: 'utf8',
          },
        );
        expect(tables).toContain('TABLE public users');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await database.drop();
      }
    }, 60_000);
  },
);
