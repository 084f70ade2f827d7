// Rounds of a race for bloods: in each, a new challenge, and every team sends its flag at once through the proxy, so
// that the processes behind it judge the same challenge's first solves side by side. What each round tells of its
// bloods (the notices each process stored and its hub clients heard, each process's scoreboard, the database's
// record) must be one story: exactly one first, second and third blood. Shared by the end-to-end test and the bench.
import type { PennonClient } from '@pennon/sdk';
import type { GameNotice, ScoreboardModel, Submission } from '@pennon/sdk/contract';
import { connectGameNotices, connectMonitor, type LiveSubscription } from '@pennon/sdk/live';
import { createNodeClient } from '@pennon/sdk/node';
import { createRunningGame } from './games.ts';

const password = 'Secret123';
const bloodTypes = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];
/** What waiting for an event may take at most before the round counts as failed (a lost message, never a pass). */
const eventTimeoutMs = 60_000;

/** What one process's hub clients heard, and a way to wait until it holds something. */
class Heard {
  readonly notices: GameNotice[] = [];
  readonly submissions: Submission[] = [];
  #waiters: (() => void)[] = [];

  add(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async until(done: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + eventTimeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`never heard ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

export interface Arena {
  /** The proxy's address, and each process's own. */
  url: string;
  urls: string[];
  admin: PennonClient;
  gameId: number;
  teams: { name: string; player: PennonClient }[];
  hubs: Heard[];
  subscriptions: LiveSubscription[];
  /** The database's bloods of a challenge: team names by blood, in blood order. */
  recorded(challengeId: number): Promise<string[]>;
}

/** A running game with `teamCount` teams, and hub clients of the notices and the monitor on every process. */
export const openArena = async (
  cluster: { url: string; urls: string[] },
  adminPassword: string,
  teamCount: number,
  recorded: Arena['recorded'],
): Promise<Arena> => {
  const admin = createNodeClient({ baseUrl: cluster.url, retry: 0 });
  await admin.account.login({ userName: 'admin', password: adminPassword });
  const gameId = await createRunningGame(admin, 'Blood Rush');
  const { token } = await admin.tokens.create({ name: 'monitor' });
  const teams: Arena['teams'] = [];
  for (let i = 0; i < teamCount; i++) {
    const userName = `rusher${i}`;
    const player = createNodeClient({ baseUrl: cluster.url, retry: 0 });
    await player.account.register({ userName, email: `${userName}@example.com`, password });
    await player.account.login({ userName, password });
    const team = await player.team.create({ name: `Rusher ${i}` });
    await player.game.join(gameId, { teamId: team.id });
    teams.push({ name: `Rusher ${i}`, player });
  }
  const hubs: Heard[] = [];
  const subscriptions: LiveSubscription[] = [];
  for (const url of cluster.urls) {
    const heard = new Heard();
    hubs.push(heard);
    subscriptions.push(
      await connectGameNotices(
        url,
        gameId,
        {
          notice: (n) => {
            heard.notices.push(n);
            heard.add();
          },
        },
        { mode: 'push' },
      ),
      await connectMonitor(
        url,
        gameId,
        {
          submission: (s) => {
            heard.submissions.push(s);
            heard.add();
          },
        },
        { mode: 'push', token },
      ),
    );
  }
  return { ...cluster, admin, gameId, teams, hubs, subscriptions, recorded };
};

/** The teams a challenge's blood notices name, in blood order; a notice twice or missing shows as a repeat or a gap. */
const bloodsOf = (notices: GameNotice[], title: string): string[] =>
  notices
    .filter((n) => bloodTypes.includes(n.type) && n.values[1] === title)
    .sort((a, b) => bloodTypes.indexOf(a.type) - bloodTypes.indexOf(b.type))
    .map((n) => `${n.type}:${n.values[0]}`);

const boardBloods = (board: ScoreboardModel, title: string) => {
  const info = Object.values(board.challenges)
    .flat()
    .find((c) => c?.title === title);
  return {
    solved: info?.solved ?? 0,
    bloods: (info?.bloods ?? []).map((b, k) => `${bloodTypes[k]}:${b.name}`),
  };
};

/**
 * Plays round `round`: answers what disagrees with one first, second and third blood told the same everywhere
 * (nothing when all agree).
 */
export const playRound = async (arena: Arena, round: number): Promise<string[]> => {
  const { admin, gameId, teams } = arena;
  const title = `Rush ${round}`;
  const flag = `flag{rush_${round}}`;
  const { id } = await admin.edit.createChallenge(gameId, {
    title,
    category: 'Misc',
    type: 'StaticAttachment',
  });
  await admin.edit.addFlags(gameId, id, [{ flag }]);
  await admin.edit.updateChallenge(gameId, id, { isEnabled: true });
  await Promise.all(teams.map((t) => t.player.game.submit(gameId, id, flag)));

  // Each process publishes a batch's notices before its verdicts: once a hub has heard every verdict of the round,
  // it has heard every notice too.
  for (const hub of arena.hubs) {
    await hub.until(
      () =>
        hub.submissions.filter((s) => s.challenge === title && s.status === 'Accepted').length ===
        teams.length,
      `every verdict of ${title}`,
    );
  }
  const problems: string[] = [];
  const expected = (await arena.recorded(id)).map((name, k) => `${bloodTypes[k]}:${name}`);
  if (expected.length !== 3) problems.push(`${title}: the database holds bloods ${JSON.stringify(expected)}`);
  const agree = (where: string, told: string[]) => {
    if (JSON.stringify(told) !== JSON.stringify(expected))
      problems.push(
        `${title}: ${where} tells ${JSON.stringify(told)}, the database ${JSON.stringify(expected)}`,
      );
  };
  for (const [k, hub] of arena.hubs.entries()) agree(`the hub of process ${k}`, bloodsOf(hub.notices, title));
  for (const [k, url] of arena.urls.entries()) {
    const viewer = createNodeClient({ baseUrl: url, retry: 0 });
    agree(`the notices of process ${k}`, bloodsOf(await viewer.game.notices(gameId), title));
    // A process rebuilds its board once it sees the shared version move: wait for the round's solves on it.
    let board = boardBloods(await viewer.game.scoreboard(gameId), title);
    const deadline = Date.now() + eventTimeoutMs;
    while (board.solved < teams.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      board = boardBloods(await viewer.game.scoreboard(gameId), title);
    }
    agree(`the scoreboard of process ${k}`, board.bloods);
  }
  return problems;
};

export const closeArena = (arena: Arena | undefined): Promise<unknown> =>
  Promise.all((arena?.subscriptions ?? []).map((s) => s.stop().catch(() => {})));
