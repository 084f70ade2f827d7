// A game's scoreboard from the database to the bytes every read is served: the queries, the scoring and the JSON.
// Runs on the main thread for small games and on a worker thread (render-thread.ts) for big ones, so it takes a
// connection and hands back only plain data and transferable buffers.

import type { ChallengeInfo, ScoreboardFreeze } from '@pennon/sdk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { avatarUrl } from '../services/users.ts';
import type { DivisionRules } from './permissions.ts';
import { bloodTypes, type ScoredGame, type ScoringInput, type ScoringSolves, scoreGame } from './scoring.ts';
import { SolveReader } from './solve-reader.ts';

export interface Rendered {
  game: {
    title: string;
    start: number;
    hidden: boolean;
    /** The game's freeze unless revealed: a board built before it is built again at it. */
    freezeAt: number | null;
  };
  /** While the game is frozen: the board as it stood at the freeze, which everyone but organisers sees. */
  frozen?: Omit<Rendered, 'game' | 'frozen'>;
  updateTimeUtc: number;
  /** The solves read: what decides where the next rebuild of this game runs. */
  solveCount: number;
  /** Every enabled challenge's current value, solves and bloods. */
  challenges: ChallengeInfo[];
  /** The ScoreboardModel as UTF-8 JSON. */
  body: Uint8Array<ArrayBuffer>;
  /** Each team's line within `body`: [teamId, start, end] per team, flattened. */
  spans: Uint32Array<ArrayBuffer>;
}

/** Undefined when the game doesn't exist. */
export const renderScoreboard = async (
  db: Kysely<Database>,
  gameId: number,
  now: number,
): Promise<Rendered | undefined> => {
  const loaded = await load(db, gameId, now);
  if (!loaded) return undefined;
  const { input, game } = loaded;
  const at = game.freezeAt;
  if (at === null || now < at) return { game, ...render(input) };
  return {
    game,
    ...render(input, { at, live: true }),
    frozen: render(asOf(input, at), { at, live: false }),
  };
};

/** A game's data as it stood at `at`: the solves and adjustments before it, and its clock stopped there. */
export const asOf = (input: ScoringInput, at: number): ScoringInput => {
  const { solves } = input;
  const kept: number[] = [];
  for (let i = 0; i < solves.time.length; i++) if ((solves.time[i] as number) < at) kept.push(i);
  const pick = <T>(column: readonly T[]): T[] => kept.map((i) => column[i] as T);
  return {
    ...input,
    solves: {
      participationId: pick(solves.participationId),
      challengeId: pick(solves.challengeId),
      submissionId: pick(solves.submissionId),
      time: pick(solves.time),
      userName: pick(solves.userName),
      blood: pick(solves.blood),
    },
    adjustments: input.adjustments.filter((a) => a.time < at),
    now: at,
  };
};

/** The scoreboard of a game's data, as it is served; `frozen` marks a frozen game's boards. */
export const render = (input: ScoringInput, frozen?: ScoreboardFreeze): Omit<Rendered, 'game' | 'frozen'> => {
  const scored = scoreGame(input);
  const board = frozen ? { ...scored.board, frozen } : scored.board;
  const out = new BoardWriter();
  const heads = new Map<number, Head>();
  const names = new Map<string | null, Uint8Array>();
  out.text('{"items":[');
  const spans = new Uint32Array(scored.teams.length * 3);
  scored.teams.forEach((team, k) => {
    if (k > 0) out.text(',');
    const start = out.length;
    out.text(`${JSON.stringify(team.line).slice(0, -1)},"solvedChallenges":[`);
    writeSolves(out, team.solves, scored, input.solves, heads, names);
    out.text(']}');
    spans.set([team.line.id, start, out.length], k * 3);
  });
  out.text(`],${JSON.stringify(board).slice(1)}`);
  return {
    updateTimeUtc: board.updateTimeUtc,
    solveCount: input.solves.participationId.length,
    challenges: Object.values(board.challenges).flat(),
    body: out.body(),
    spans,
  };
};

const utf8 = (text: string): Uint8Array => Buffer.from(text);

/** A ChallengeItem's JSON up to its user name, with the score and blood it was made for. */
interface Head {
  score: number;
  blood: number;
  bytes: Uint8Array;
}

const comma = 0x2c;
const end = 0x7d;

/**
 * A team's solves as ChallengeItems' JSON, written from the columns straight into the board's bytes: a solve would
 * otherwise become an object or a string (100,000 of either per big board, and their garbage). A solve is written in
 * three copies and a number: its head (`{"id":…,"score":…,"type":…,"userName":`), kept by challenge, as most of a
 * challenge's solves share one (all but its bloods, in a game without divisions); its user name with `,"time":`, kept
 * by name; its time; `}`.
 */
const writeSolves = (
  out: BoardWriter,
  solves: readonly number[],
  { credited, blood }: ScoredGame,
  { challengeId, time, userName }: ScoringSolves,
  heads: Map<number, Head>,
  names: Map<string | null, Uint8Array>,
): void => {
  for (let k = 0; k < solves.length; k++) {
    const i = solves[k] as number;
    const challenge = challengeId[i] as number;
    const score = credited[i] as number;
    const type = blood[i] as number;
    let head = heads.get(challenge);
    if (head?.score !== score || head.blood !== type) {
      const json = `{"id":${challenge},"score":${score},"type":"${bloodTypes[type]}","userName":`;
      head = { score, blood: type, bytes: utf8(json) };
      heads.set(challenge, head);
    }
    const user = userName[i] ?? null;
    let name = names.get(user);
    if (!name) {
      name = utf8(`${JSON.stringify(user)},"time":`);
      names.set(user, name);
    }
    out.reserve(head.bytes.length + name.length + maxInteger + 2);
    if (k > 0) out.byte(comma);
    out.bytes(head.bytes);
    out.bytes(name);
    out.integer(time[i] as number);
    out.byte(end);
  }
};

/** The most characters a safe integer takes. */
const maxInteger = 17;

/** "00" to "99" in ASCII. */
const digitPairs = Uint8Array.from(
  { length: 200 },
  (_, k) => 0x30 + (k % 2 ? (k >> 1) % 10 : Math.floor(k / 20)),
);

/** How many digits a whole number below 10⁹ has. */
const digitCount = (n: number): number => {
  let count = 1;
  for (let power = 10; power <= n; power *= 10) count++;
  return count;
};

/**
 * UTF-8 written into a buffer kept from board to board, then copied once into a body of the exact size. The kept
 * buffer's pages are already mapped, where fresh memory costs a page fault per 4 KB (10–18 µs each on our test
 * machine: 30 ms for a 1,000-team board). One buffer per thread serves every writer, as `render` writes a board from
 * start to end without yielding.
 */
class BoardWriter {
  static #scratch = Buffer.allocUnsafeSlow(1 << 16);
  length = 0;

  /** Makes room for `bytes` more; `bytes` and `integer` write only into room made here. */
  reserve(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= BoardWriter.#scratch.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(needed, BoardWriter.#scratch.length * 2));
    BoardWriter.#scratch.copy(grown, 0, 0, this.length);
    BoardWriter.#scratch = grown;
  }

  text(text: string): void {
    // At most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.length += BoardWriter.#scratch.write(text, this.length);
  }

  byte(byte: number): void {
    BoardWriter.#scratch[this.length++] = byte;
  }

  bytes(bytes: Uint8Array): void {
    BoardWriter.#scratch.set(bytes, this.length);
    this.length += bytes.length;
  }

  /**
   * A safe integer as JSON writes it, without making it a string first. Its digits are worked out in 32-bit integers,
   * two at a time: a time in milliseconds is past them, and its digits one by one in floating point took a third of a
   * board's writing.
   */
  integer(value: number): void {
    let n = value;
    if (n < 0) {
      this.byte(0x2d);
      n = -n;
    }
    if (n < 1e9) {
      this.#digits(n, digitCount(n));
      return;
    }
    const high = Math.floor(n / 1e9);
    this.#digits(high, digitCount(high));
    this.#digits(n - high * 1e9, 9);
  }

  /** A whole number below 10⁹ in `count` digits, zero-padded. */
  #digits(value: number, count: number): void {
    const scratch = BoardWriter.#scratch;
    let n = value | 0;
    let at = this.length + count;
    for (; at - this.length >= 2; at -= 2) {
      const rest = (n / 100) | 0;
      const pair = (n - rest * 100) * 2;
      scratch[at - 1] = digitPairs[pair + 1] as number;
      scratch[at - 2] = digitPairs[pair] as number;
      n = rest;
    }
    if (at > this.length) scratch[at - 1] = 0x30 + n;
    this.length += count;
  }

  /** Not from Node's shared pool: the body may be transferred to another thread. */
  body(): Buffer<ArrayBuffer> {
    const body = Buffer.allocUnsafeSlow(this.length);
    BoardWriter.#scratch.copy(body, 0, 0, this.length);
    return body;
  }
}

/** Each connection's reader: solve ids and row numbers are a database's own. */
const readers = new WeakMap<Kysely<Database>, SolveReader>();
const readerOf = (db: Kysely<Database>): SolveReader => {
  let reader = readers.get(db);
  if (!reader) {
    reader = new SolveReader(db);
    readers.set(db, reader);
  }
  return reader;
};

/** One query per table; everything else is joined in memory. */
const load = async (
  db: Kysely<Database>,
  gameId: number,
  now: number,
): Promise<{ input: ScoringInput; game: Rendered['game'] } | undefined> => {
  const game = await db
    .selectFrom('games')
    .select(['title', 'hidden', 'start_time', 'end_time', 'blood_bonus', 'freeze_at', 'freeze_revealed_at'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game) return undefined;
  const [challenges, divisions, configs, teams, solves, adjustments, gated] = await Promise.all([
    db
      .selectFrom('challenges')
      .select([
        'id',
        'title',
        'category',
        'original_score',
        'min_score_rate',
        'difficulty',
        'deadline_utc',
        'disable_blood_bonus',
        'release_at',
      ])
      .where('game_id', '=', gameId)
      .where('is_enabled', '=', 1)
      .execute(),
    db.selectFrom('divisions').selectAll().where('game_id', '=', gameId).orderBy('id').execute(),
    db
      .selectFrom('division_challenges')
      .innerJoin('divisions', 'divisions.id', 'division_challenges.division_id')
      .select(['division_challenges.division_id', 'challenge_id', 'permissions'])
      .where('divisions.game_id', '=', gameId)
      .orderBy('challenge_id')
      .execute(),
    db
      .selectFrom('participations')
      .innerJoin('teams', 'teams.id', 'participations.team_id')
      .select([
        'participations.id as participationId',
        'teams.id as teamId',
        'teams.name',
        'teams.bio',
        'teams.avatar_hash',
        'participations.division_id',
      ])
      .where('participations.game_id', '=', gameId)
      .where('participations.status', '=', 'Accepted')
      .execute(),
    readerOf(db).read(gameId),
    db
      .selectFrom('score_adjustments')
      .select(['id', 'participation_id as participationId', 'points', 'reason', 'time', 'hint_id as hintId'])
      .where('game_id', '=', gameId)
      .orderBy('time')
      .orderBy('id')
      .execute()
      // A hint's cost names its hint; an award keeps the shape it always had.
      .then((rows) => rows.map(({ hintId, ...a }) => (hintId === null ? a : { ...a, hintId }))),
    db
      .selectFrom('challenge_prerequisites as p')
      .innerJoin('challenges as c', 'c.id', 'p.challenge_id')
      .select('p.challenge_id')
      .distinct()
      .where('c.game_id', '=', gameId)
      .execute(),
  ]);
  // Staged release: the board lists a challenge once its time came, or for one waiting for prerequisites (opening
  // team by team) once a team solved it; a solve keeps its challenge listed whatever the release says now.
  const solved = new Set(solves.challengeId);
  const waiting = new Set(gated.map((g) => g.challenge_id));
  const listed = challenges.filter(
    (c) => solved.has(c.id) || ((c.release_at === null || c.release_at <= now) && !waiting.has(c.id)),
  );
  const overrides = new Map<number, DivisionRules['overrides']>(divisions.map((d) => [d.id, new Map()]));
  for (const c of configs) overrides.get(c.division_id)?.set(c.challenge_id, c.permissions);
  const input: ScoringInput = {
    game: { start: game.start_time, end: game.end_time, bloodBonus: game.blood_bonus },
    challenges: listed.map((c) => ({
      id: c.id,
      title: c.title,
      category: c.category,
      originalScore: c.original_score,
      minScoreRate: c.min_score_rate,
      difficulty: c.difficulty,
      deadline: c.deadline_utc,
      disableBloodBonus: c.disable_blood_bonus === 1,
    })),
    divisions: divisions.map((d) => ({
      id: d.id,
      name: d.name,
      rules: { defaultPermissions: d.default_permissions, overrides: overrides.get(d.id) ?? new Map() },
    })),
    teams: teams.map((t) => ({
      participationId: t.participationId,
      teamId: t.teamId,
      name: t.name,
      bio: t.bio,
      avatar: avatarUrl(t.avatar_hash),
      divisionId: t.division_id,
    })),
    solves,
    adjustments,
    now,
  };
  // A revealed freeze is over: the final board is everyone's.
  const freezeAt = game.freeze_revealed_at === null ? game.freeze_at : null;
  return {
    input,
    game: { title: game.title, start: game.start_time, hidden: game.hidden === 1, freezeAt },
  };
};
