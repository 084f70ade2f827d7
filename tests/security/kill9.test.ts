// kill -9 under flag load: teams submit correct and wrong flags through the SDK as scripts do, the server process is
// killed with SIGKILL mid-load, and a restart on the same database judges what was left. Every submission the
// server acknowledged (answered with its id) is stored once and judged once, and each solve counts once.
import type { PennonClient } from '@pennon/sdk';
import type { AnswerResult } from '@pennon/sdk/contract';
import { createNodeClient } from '@pennon/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, type TestDatabase } from '../../server/test/support/databases.ts';
import { createRunningGame } from '../support/games.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const adminPassword = 'Harbour2024';
const password = 'Secret123';
const flag = 'flag{the_keeper_stays}';
const teamCount = 6;
/** Submissions in flight per team at any time. */
const perTeam = 4;
/** The server is killed as acknowledgement number `killAfterAcks` arrives, or after `loadMs` at the latest. */
const killAfterAcks = 150;
const loadMs = 8_000;
/** Two server starts (about 15 s each on a loaded machine), the load and the checks. */
const testTimeout = 180_000;

interface Ack {
  team: number;
  id: number;
  answer: string;
}

const client = (baseUrl: string) => createNodeClient({ baseUrl, retry: 0 });
const signedIn = async (baseUrl: string, userName: string, pass: string): Promise<PennonClient> => {
  const c = client(baseUrl);
  await c.account.login({ userName, password: pass });
  return c;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds())('kill -9 under flag load on $name', (kind) => {
  let database: TestDatabase;
  let first: RunningServer;
  let second: RunningServer | undefined;
  let gameId = 0;
  let challengeId = 0;
  const teams: { id: number; player: string }[] = [];
  const acks: Ack[] = [];
  /** Every answer sent, acknowledged or not: a request cut by the kill may have been stored unacknowledged. */
  const sent: { team: number; answer: string }[] = [];

  const env = () => ({
    PENNON_ADMIN_PASSWORD: adminPassword,
    PENNON_DATABASE_URL: database.url,
    // Thousands of flags from one address in seconds: the submit limit would refuse them, and isn't tested here.
    PENNON_RATE_LIMIT: 'off',
  });

  beforeAll(async () => {
    database = await kind.create();
    first = await startServer(env());
    const admin = await signedIn(first.url, 'admin', adminPassword);
    gameId = await createRunningGame(admin, 'Harbour Crash');
    const challenge = await admin.edit.createChallenge(gameId, {
      title: 'Lighthouse',
      category: 'Misc',
      type: 'StaticAttachment',
    });
    challengeId = challenge.id;
    await admin.edit.addFlags(gameId, challengeId, [{ flag }]);
    await admin.edit.updateChallenge(gameId, challengeId, { isEnabled: true });
    for (let i = 0; i < teamCount; i++) {
      const player = `crew${i}`;
      const c = client(first.url);
      await c.account.register({ userName: player, email: `${player}@example.com`, password });
      const team = await c.team.create({ name: `Crew ${i}` });
      await c.game.join(gameId, { teamId: team.id });
      teams.push({ id: team.id, player });
    }
  });
  afterAll(async () => {
    await first?.kill();
    await (second ?? first)?.stop();
    await database?.drop();
  });

  it(
    'stores and judges every acknowledged submission exactly once after a restart',
    async () => {
      const players = await Promise.all(teams.map((t) => signedIn(first.url, t.player, password)));
      let stop = false;
      let killed: Promise<void> | undefined;
      let counter = 0;
      const worker = async (team: number, player: PennonClient) => {
        while (!stop) {
          const n = counter++;
          // One in four is the flag; every wrong answer is unique, so it can be found again after the restart.
          const answer = n % 4 === 0 ? flag : `flag{wrong_${team}_${n}}`;
          sent.push({ team, answer });
          try {
            acks.push({ team, id: await player.game.submit(gameId, challengeId, answer), answer });
            // Killed the moment an answer arrives: the others in flight are stored, not all judged yet.
            if (acks.length === killAfterAcks) killed = first.kill();
          } catch {
            return; // the server is gone
          }
        }
      };
      const load = teams.flatMap((t, i) =>
        Array.from({ length: perTeam }, () => worker(t.id, players[i] as PennonClient)),
      );
      const started = Date.now();
      while (!killed && Date.now() - started < loadMs) await sleep(10);
      await (killed ?? first.kill());
      stop = true;
      await Promise.all(load);
      expect(acks.length).toBeGreaterThan(20);

      second = await startServer(env(), { dataDir: first.dataDir });
      const admin = await signedIn(second.url, 'admin', adminPassword);
      // The judge re-queues what the killed process left unjudged; wait until nothing is left pending.
      const deadline = Date.now() + 30_000;
      let stored = await admin.game.submissions(gameId, { count: 0 });
      while (stored.some((s) => s.status === 'FlagSubmitted') && Date.now() < deadline) {
        await sleep(200);
        stored = await admin.game.submissions(gameId, { count: 0 });
      }
      expect(stored.filter((s) => s.status === 'FlagSubmitted')).toEqual([]);

      const nameOf = new Map(teams.map((t, i) => [t.id, `Crew ${i}`]));
      const storedOf = (team: number, answer: string) =>
        stored.filter((s) => s.team === nameOf.get(team) && s.answer === answer);
      // Each acknowledged wrong answer is there once, judged wrong; each team's flags are there at least as many
      // times as acknowledged and at most as sent, every one accepted.
      for (const ack of acks.filter((a) => a.answer !== flag)) {
        expect(storedOf(ack.team, ack.answer).map((s) => s.status)).toEqual(['WrongAnswer']);
      }
      for (const t of teams) {
        const flags = storedOf(t.id, flag);
        expect(flags.length).toBeGreaterThanOrEqual(
          acks.filter((a) => a.team === t.id && a.answer === flag).length,
        );
        expect(flags.length).toBeLessThanOrEqual(
          sent.filter((s) => s.team === t.id && s.answer === flag).length,
        );
        expect(new Set(flags.map((s) => s.status))).toEqual(new Set(flags.length ? ['Accepted'] : []));
      }
      expect(stored.length).toBeLessThanOrEqual(sent.length);

      // Each acknowledged id answers its own verdict to its team.
      const restarted = await Promise.all(teams.map((t) => signedIn(second?.url ?? '', t.player, password)));
      for (const ack of acks) {
        const verdict: AnswerResult = await (
          restarted[teams.findIndex((t) => t.id === ack.team)] as PennonClient
        ).game.submissionStatus(gameId, challengeId, ack.id);
        expect(verdict).toBe(ack.answer === flag ? 'Accepted' : 'WrongAnswer');
      }

      // The scoreboard lists each team once, with the challenge solved once by every team whose flag is stored.
      await admin.edit.flushScoreboard(gameId);
      const board = await admin.game.scoreboard(gameId);
      expect(board.items.map((item) => item.id).sort()).toEqual(teams.map((t) => t.id).sort());
      const solvers = teams.filter((t) => storedOf(t.id, flag).length > 0).map((t) => t.id);
      for (const item of board.items) {
        const solves = item.solvedChallenges.filter((c) => c.id === challengeId);
        expect(solves).toHaveLength(solvers.includes(item.id) ? 1 : 0);
      }
      const info = Object.values(board.challenges)
        .flat()
        .find((c) => c.id === challengeId);
      expect(info?.solved).toBe(solvers.length);
    },
    testTimeout,
  );
});
