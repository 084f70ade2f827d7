// The pure scoring rules (§4.1–§4.3) against hand-computed tables.
import { GamePermission, type ScoreboardModel } from '@pennon/sdk/contract';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/games/scoreboard-render.ts';
import {
  awardedScore,
  defaultBloodBonus,
  noSolveTime,
  roundHalfEven,
  type ScoringChallenge,
  type ScoringInput,
  type ScoringSolves,
  type ScoringTeam,
  unpackBloodBonus,
} from '../../src/games/scoring.ts';

const { All, RankOverall, GetScore, GetBlood, AffectDynamicScore } = GamePermission;
const start = 1_000_000;
const end = 2_000_000;

const challenge = (id: number, extra: Partial<ScoringChallenge> = {}): ScoringChallenge => ({
  id,
  title: `c${id}`,
  category: 'Web',
  originalScore: 1000,
  minScoreRate: 0.25,
  difficulty: 5,
  deadline: null,
  disableBloodBonus: false,
  ...extra,
});
const team = (n: number, divisionId: number | null = null): ScoringTeam => ({
  participationId: 100 + n,
  teamId: n,
  name: `t${n}`,
  bio: null,
  avatar: null,
  divisionId,
});
type Solve = [
  participationId: number,
  challengeId: number,
  submissionId: number,
  time: number,
  userName: string,
];
const solve = (teamN: number, challengeId: number, time: number): Solve => [
  100 + teamN,
  challengeId,
  time,
  time,
  `u${teamN}`,
];
/** The solves as the columns the scoring reads. */
const columns = (solves: Solve[]): ScoringSolves => ({
  participationId: solves.map((s) => s[0]),
  challengeId: solves.map((s) => s[1]),
  submissionId: solves.map((s) => s[2]),
  time: solves.map((s) => s[3]),
  userName: solves.map((s) => s[4]),
  blood: solves.map(() => null),
});
const input = ({
  solves = [],
  ...extra
}: Partial<Omit<ScoringInput, 'solves'>> & { solves?: Solve[] }): ScoringInput => ({
  game: { start, end, bloodBonus: defaultBloodBonus },
  challenges: [challenge(1)],
  divisions: [],
  teams: [],
  adjustments: [],
  now: 5,
  ...extra,
  solves: columns(solves),
});
/** The board as it is served, read back. */
const served = (scoring: ScoringInput): ScoreboardModel =>
  JSON.parse(Buffer.from(render(scoring).body).toString());

describe('blood bonus (§4.2)', () => {
  it('unpacks the default into +5 %, +3 %, +1 %', () => {
    expect(unpackBloodBonus(52459530)).toEqual([50, 30, 10]);
    expect(unpackBloodBonus(0)).toEqual([0, 0, 0]);
  });
  it('falls back to the default when a field is over 1000', () => {
    expect(unpackBloodBonus((1001 << 20) + 5)).toEqual([50, 30, 10]);
    expect(unpackBloodBonus(-1)).toEqual([50, 30, 10]);
  });
  it("rounds half to even like .NET's Convert.ToInt32", () => {
    expect([0.5, 1.5, 2.5, 262.5, 346.5, 2.4, 2.6].map(roundHalfEven)).toEqual([0, 2, 2, 262, 346, 2, 3]);
    expect(awardedScore(250, 1, [50, 30, 10])).toBe(262); // 262.5
    expect(awardedScore(864, 2, [50, 30, 10])).toBe(890); // 889.92
    expect(awardedScore(864, 3, [50, 30, 10])).toBe(873); // 872.64
    expect(awardedScore(864, 0, [50, 30, 10])).toBe(864);
  });
});

describe('scoreboard (§4.3)', () => {
  it('credits every solver the current value with bloods, ranks by score then time', () => {
    // Two challenges; c1 solved by t1, t2, t3 (value(3) = 1000·(0.25+0.75·e^−0.4) = 752.7 ⇒ 752),
    // c2 solved by t2 alone (1000 + 5 % = 1050).
    const board = served(
      input({
        challenges: [challenge(1), challenge(2, { category: 'Crypto' })],
        teams: [team(1), team(2), team(3), team(4)],
        solves: [
          solve(1, 1, start + 10),
          solve(2, 1, start + 20),
          solve(3, 1, start + 30),
          solve(2, 2, start + 5),
        ],
      }),
    );
    const byId = Object.fromEntries(board.items.map((i) => [i.id, i]));
    expect(byId[1]?.score).toBe(790); // 752 · 1.05 = 789.6
    expect(byId[2]?.score).toBe(775 + 1050); // 752 · 1.03 = 774.56
    expect(byId[3]?.score).toBe(760); // 752 · 1.01 = 759.52
    expect(board.items.map((i) => [i.id, i.rank])).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(byId[4]?.lastSubmissionTime).toBe(noSolveTime);
    expect(byId[2]?.solvedChallenges.map((s) => s.type)).toEqual(['FirstBlood', 'SecondBlood']);
    expect(board.challenges.Web?.[0]).toMatchObject({ score: 752, solved: 3 });
    expect(board.challenges.Web?.[0]?.bloods.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(Object.keys(board.challenges)).toEqual(['Crypto', 'Web']);
    // Overall timeline: cumulative, in time order.
    expect(board.timelines[0]?.teams[0]).toEqual({
      id: 2,
      name: 't2',
      items: [
        { time: start + 5, score: 1050 },
        { time: start + 20, score: 1825 },
      ],
    });
  });

  it('adds awards and penalties to totals, ranks and timelines at the time they were given', () => {
    // t1 solves c1 alone (1000 + 5 % = 1050) and is penalised 100 after; t2, no solve, gets a 1200 bonus before.
    const adjust = (id: number, teamN: number, points: number, time: number) => ({
      id,
      participationId: 100 + teamN,
      points,
      reason: `r${id}`,
      time,
    });
    const board = served(
      input({
        teams: [team(1), team(2), team(3)],
        solves: [solve(1, 1, start + 10)],
        adjustments: [adjust(7, 2, 1200, start + 5), adjust(8, 1, -100, start + 20)],
      }),
    );
    expect(board.items.map((i) => [i.id, i.score, i.rank])).toEqual([
      [2, 1200, 1],
      [1, 950, 2],
      [3, 0, 3],
    ]);
    expect(board.items[0]?.adjustments).toEqual([{ id: 7, points: 1200, reason: 'r7', time: start + 5 }]);
    // A team without any carries no field: a game without adjustments is served as before.
    expect(board.items[2]).not.toHaveProperty('adjustments');
    expect(board.timelines[0]?.teams.map((t) => t.items)).toEqual([
      [{ time: start + 5, score: 1200 }],
      [
        { time: start + 10, score: 1050 },
        { time: start + 20, score: 950 },
      ],
      [],
    ]);
  });

  it('breaks score ties by the earlier last scored solve', () => {
    const board = served(
      input({
        challenges: [challenge(1, { disableBloodBonus: true }), challenge(2, { disableBloodBonus: true })],
        teams: [team(1), team(2)],
        solves: [solve(1, 2, start + 50), solve(2, 1, start + 40)],
      }),
    );
    expect(board.items.map((i) => [i.id, i.score, i.rank])).toEqual([
      [2, 1000, 1],
      [1, 1000, 2],
    ]);
    expect(board.items[0]?.solvedChallenges[0]?.type).toBe('Normal');
  });

  it('gives the bloods of solves at the same millisecond in submission order, whatever order they are read in', () => {
    // Read as the database may hand them over: t3's submission (id 9) before t1's (id 7) and t2's (id 8).
    const solves: Solve[] = [
      [103, 1, 9, start + 5, 'u3'],
      [101, 1, 7, start + 5, 'u1'],
      [102, 1, 8, start + 5, 'u2'],
    ];
    const board = served(input({ teams: [team(1), team(2), team(3)], solves }));
    expect(board.challenges.Web?.[0]?.bloods.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(board.items.map((i) => [i.id, i.solvedChallenges[0]?.type])).toEqual([
      [1, 'FirstBlood'],
      [2, 'SecondBlood'],
      [3, 'ThirdBlood'],
    ]);
  });

  it('shows a practice solve after the end with 0 points, outside the decay and bloods', () => {
    const board = served(
      input({ teams: [team(1), team(2)], solves: [solve(1, 1, start + 1), solve(2, 1, end + 1)] }),
    );
    const late = board.items.find((i) => i.id === 2);
    expect(late?.solvedChallenges).toEqual([
      { id: 1, score: 0, type: 'Normal', userName: 'u2', time: end + 1 },
    ]);
    expect(late?.lastSubmissionTime).toBe(noSolveTime);
    expect(board.challenges.Web?.[0]).toMatchObject({ score: 1000, solved: 1 });
  });

  it('applies division permissions: ranking, score, blood and decay', () => {
    const noRank = {
      id: 7,
      name: 'guests',
      rules: { defaultPermissions: All & ~RankOverall, overrides: new Map() },
    };
    const noBlood = {
      id: 8,
      name: 'nobloods',
      rules: {
        defaultPermissions: All & ~GetBlood & ~AffectDynamicScore,
        overrides: new Map([[1, GetScore]]),
      },
    };
    const board = served(
      input({
        divisions: [noRank, noBlood],
        teams: [team(1, 7), team(2, 8), team(3)],
        solves: [solve(2, 1, start + 1), solve(1, 1, start + 2), solve(3, 1, start + 3)],
      }),
    );
    // t2 neither takes a blood nor decays the value: n = 2 ⇒ 864; t1 first blood 907, t3 second 890.
    const byId = Object.fromEntries(board.items.map((i) => [i.id, i]));
    expect(byId[2]).toMatchObject({ score: 864, divisionRank: 1 });
    expect(byId[1]).toMatchObject({ score: 907, rank: 0, divisionRank: 1 });
    expect(byId[3]).toMatchObject({ score: 890, rank: 1, divisionRank: null });
    expect(byId[2]?.rank).toBe(2);
    expect(board.timelines.map((t) => [t.divisionId, t.teams.map((x) => x.id)])).toEqual([
      [0, [3, 2]],
      [7, [1]],
      [8, [2]],
    ]);
    expect(board.divisions[1]?.challengeConfigs).toEqual({ 1: { challengeId: 1, permissions: GetScore } });
  });

  it('writes every solve and team line as JSON that reads back verbatim, whatever the names hold', () => {
    const odd = ['quote " back \\ slash', '</script><b>x</b>', 'line\nbreak\u0001', 'ünï 🚩', ''];
    const scoring = input({
      challenges: [challenge(1), challenge(2)],
      teams: odd.map((name, k) => ({ ...team(k + 1), name, bio: name })),
      solves: odd.flatMap((_, k) => [solve(k + 1, 1, start + k), solve(k + 1, 2, start + 10 + k)]),
    });
    scoring.solves = {
      ...scoring.solves,
      userName: scoring.solves.userName.map((_, i) => odd[i % 5] ?? null),
    };
    const { body, spans } = render(scoring);
    const board = JSON.parse(Buffer.from(body).toString()) as ScoreboardModel;
    const first = board.items.find((i) => i.id === 1);
    expect(first).toMatchObject({ name: odd[0], bio: odd[0], solvedCount: 2 });
    // Five solves each: value(5) = ⌊1000·(0.25 + 0.75·e^−0.8)⌋ = 586, first blood · 1.05 = 615.3.
    expect(first?.solvedChallenges).toEqual([
      { id: 1, score: 615, type: 'FirstBlood', userName: odd[0], time: start },
      { id: 2, score: 615, type: 'FirstBlood', userName: odd[1], time: start + 10 },
    ]);
    expect(board.items.flatMap((i) => i.solvedChallenges.map((s) => s.userName))).toEqual(
      expect.arrayContaining(odd),
    );
    // Each span is exactly its team's line.
    for (let k = 0; k < spans.length; k += 3) {
      const line = JSON.parse(Buffer.from(body.subarray(spans[k + 1], spans[k + 2])).toString());
      expect(line).toEqual(board.items.find((i) => i.id === spans[k]));
    }
    expect(spans.length).toBe(odd.length * 3);
  });

  it('writes every solve time digit for digit, from 0 to the largest safe integer', () => {
    const times = [
      0,
      7,
      10,
      99,
      100,
      123_456_789,
      999_999_999,
      1e9,
      1e9 + 1,
      1_000_000_010,
      2 ** 31,
      1_764_158_400_123,
    ];
    times.push(Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER);
    const teams = times.map((_, k) => team(k + 1));
    const board = served(
      input({
        game: { start: 0, end: Number.POSITIVE_INFINITY, bloodBonus: defaultBloodBonus },
        teams,
        solves: times.map((time, k) => solve(k + 1, 1, time)),
      }),
    );
    const written = board.items.map((i) => i.solvedChallenges[0]?.time).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(written).toEqual(times);
  });

  it('gives every board a body of its own, however big, that later boards leave as it was', () => {
    const teams = Array.from({ length: 400 }, (_, k) => team(k + 1));
    const big = input({
      challenges: [challenge(1), challenge(2), challenge(3)],
      teams,
      solves: teams.flatMap((_, k) => [1, 2, 3].map((c) => solve(k + 1, c, start + k * 3 + c))),
    });
    const first = render(big).body;
    expect(first.length).toBeGreaterThan(100_000);
    const copy = Buffer.from(first);
    const small = served(input({ teams: [team(1)], solves: [solve(1, 1, start)] }));
    expect(small.items[0]?.score).toBe(1050);
    expect(Buffer.from(first).equals(copy)).toBe(true);
    const board = JSON.parse(copy.toString()) as ScoreboardModel;
    expect(board.items).toHaveLength(400);
    expect(board.items.every((i) => i.solvedCount === 3)).toBe(true);
    expect(Buffer.from(render(big).body).equals(copy)).toBe(true);
  });
});
