// The scoreboard as a pure function of a game's data (§4.1–§4.3): dynamic values, blood bonuses, ranking and
// timelines. No I/O here, so every rule is unit-tested on hand-computed tables.
import {
  type Blood,
  type ChallengeCategory,
  ChallengeCategoryValues,
  type ChallengeInfo,
  type ChallengesByCategory,
  challengeValue,
  type DivisionItem,
  GamePermission,
  hasPermission,
  type ScoreAdjustment,
  type ScoreboardItem,
  type ScoreboardModel,
  type SubmissionType,
  type TimeLineItem,
  type TopTimeLine,
} from '@pennon/sdk/contract';
import { defaultBloodBonus } from './game-store.ts';
import { type DivisionRules, permissionsFor } from './permissions.ts';

export { defaultBloodBonus };

/** DateTimeOffset.MinValue: "no scored solve yet". */
export const noSolveTime = -62135596800000;

const timelineSize = 10;

/** The three per-mille fields [first, second, third]; a field over 1000 (or a value out of range) ⇒ the default. */
export const unpackBloodBonus = (packed: number): [number, number, number] => {
  const valid = Number.isInteger(packed) && packed >= 0 && packed < 2 ** 30;
  const fields = [(packed >> 20) & 0x3ff, (packed >> 10) & 0x3ff, packed & 0x3ff] as [number, number, number];
  return valid && fields.every((f) => f <= 1000) ? fields : unpackBloodBonus(defaultBloodBonus);
};

/** What .NET's Convert.ToInt32(double) does: round half to even. */
export const roundHalfEven = (x: number): number => {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
};

/** The score credited for a solve of the given blood rank (0 = no blood). */
export const awardedScore = (value: number, blood: 0 | 1 | 2 | 3, bonus: [number, number, number]): number =>
  blood === 0 ? value : roundHalfEven(value * (1 + (bonus[blood - 1] as number) / 1000));

export interface ScoringGame {
  start: number;
  end: number;
  bloodBonus: number;
}

export interface ScoringChallenge {
  id: number;
  title: string;
  category: ChallengeCategory;
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  deadline: number | null;
  disableBloodBonus: boolean;
}

export interface ScoringDivision {
  id: number;
  name: string;
  rules: DivisionRules;
}

/** An Accepted participation. */
export interface ScoringTeam {
  participationId: number;
  teamId: number;
  name: string;
  bio: string | null;
  avatar: string | null;
  divisionId: number | null;
}

/**
 * Every first solve of a game, one column per field (solve i is index i of each); the submission id breaks ties
 * between equal times (the earlier one wins). Columns, as the database hands them over: 100,000 solve objects cost
 * a rebuild more than all its math, in allocation and garbage collection.
 */
export interface ScoringSolves {
  participationId: readonly number[];
  challengeId: readonly number[];
  submissionId: readonly number[];
  time: readonly number[];
  userName: readonly (string | null)[];
  /** The blood each took when judged (null: none). */
  blood: readonly (number | null)[];
}

/** An admin's award or penalty to a participation: counted in its score, whatever the game window. */
export interface ScoringAdjustment extends ScoreAdjustment {
  participationId: number;
}

export interface ScoringInput {
  game: ScoringGame;
  challenges: ScoringChallenge[];
  divisions: ScoringDivision[];
  teams: ScoringTeam[];
  solves: ScoringSolves;
  /** Oldest first (time, then id). */
  adjustments: ScoringAdjustment[];
  now: number;
}

/** A team's scoreboard line but its solves, with its solves as indices into the solve columns, in submit order. */
export interface ScoredTeam {
  line: Omit<ScoreboardItem, 'solvedChallenges'>;
  solves: number[];
}

/**
 * The scoreboard as numbers: the teams in rank order, and per solve index the score credited and its blood (0–3,
 * an index into `bloodTypes`). The solves stay columns, for the same reason as `ScoringSolves`; scoreboard-render.ts
 * writes them out.
 */
export interface ScoredGame {
  teams: ScoredTeam[];
  credited: Int32Array;
  blood: Uint8Array;
  /** The rest of the ScoreboardModel. */
  board: Omit<ScoreboardModel, 'items'>;
}

/** A solve's `type`, by its blood. */
export const bloodTypes: readonly SubmissionType[] = ['Normal', 'FirstBlood', 'SecondBlood', 'ThirdBlood'];

/** Within the game window and before the challenge deadline. */
export const inWindow = (game: ScoringGame, deadline: number | null, time: number): boolean =>
  time >= game.start && time < game.end && (deadline === null || time <= deadline);

export const scoreGame = ({
  game,
  challenges,
  divisions,
  teams,
  solves,
  adjustments,
  now,
}: ScoringInput): ScoredGame => {
  const bonus = unpackBloodBonus(game.bloodBonus);
  const rulesOf = new Map(divisions.map((d) => [d.id, d.rules]));
  // Teams and challenges by position, and each team's permissions per challenge position, decided once per
  // division: per solve, a few array reads instead of map lookups (100,000 solves on a big board).
  const teamAt = new Map(teams.map((t, k) => [t.participationId, k]));
  const challengeAt = new Map(challenges.map((c, k) => [c.id, k]));
  const permissionsBy = new Map<DivisionRules | undefined, Int32Array>();
  const teamPermissions = teams.map((t) => {
    const rules = t.divisionId === null ? undefined : rulesOf.get(t.divisionId);
    let permissions = permissionsBy.get(rules);
    if (!permissions) {
      permissions = Int32Array.from(challenges, (c) => permissionsFor(rules, c.id));
      permissionsBy.set(rules, permissions);
    }
    return permissions;
  });

  // Only solves of Accepted teams on enabled challenges count, in submit order: a list of solve indices.
  const { participationId, challengeId, submissionId, time, blood: judged } = solves;
  const solveTeam = new Int32Array(participationId.length);
  const solveChallenge = new Int32Array(participationId.length);
  const kept = new Int32Array(participationId.length);
  let keptCount = 0;
  for (let i = 0; i < participationId.length; i++) {
    const t = teamAt.get(participationId[i] as number);
    const c = challengeAt.get(challengeId[i] as number);
    if (t === undefined || c === undefined) continue;
    solveTeam[i] = t;
    solveChallenge[i] = c;
    kept[keptCount++] = i;
  }
  const counted = kept.subarray(0, keptCount);
  const before = (a: number, b: number) =>
    (time[a] as number) - (time[b] as number) || (submissionId[a] as number) - (submissionId[b] as number);
  // The database hands solves over about in insertion order, which is submit order: then no sort is needed (a typed
  // array's sort takes n·log n comparisons even of sorted input).
  if (counted.some((i, k) => k > 0 && before(counted[k - 1] as number, i) > 0)) counted.sort(before);
  const permits = (i: number, wanted: number) =>
    hasPermission(
      (teamPermissions[solveTeam[i] as number] as Int32Array)[solveChallenge[i] as number] as number,
      wanted,
    );

  const solvedCount = new Int32Array(challenges.length);
  const bloods = challenges.map((): number[] => []);
  const blood = new Uint8Array(participationId.length);
  const bleed = (i: number) => {
    const c = challenges[solveChallenge[i] as number] as ScoringChallenge;
    const list = bloods[solveChallenge[i] as number] as number[];
    if (list.length < 3 && !c.disableBloodBonus && permits(i, GamePermission.GetBlood)) {
      list.push(i);
      blood[i] = list.length;
    }
  };
  const inItsWindow = (i: number) =>
    inWindow(game, (challenges[solveChallenge[i] as number] as ScoringChallenge).deadline, time[i] as number);
  // Bloods go to the solves that took them when judged, in that order (the order the database committed them,
  // which submit times of the same moment on several processes need not follow), then to the others in submit
  // order: should one that took a blood count no more (its team suspended), the next solve takes its place.
  const judgedBloods = counted
    .filter((i) => judged[i] != null)
    .sort((a, b) => (judged[a] as number) - (judged[b] as number));
  for (const i of judgedBloods) if (inItsWindow(i)) bleed(i);
  for (const i of counted) {
    if (!inItsWindow(i)) continue;
    const k = solveChallenge[i] as number;
    if (permits(i, GamePermission.AffectDynamicScore)) solvedCount[k] = (solvedCount[k] as number) + 1;
    if (judged[i] == null) bleed(i);
  }
  const values = challenges.map((c, k) => challengeValue(c, solvedCount[k] as number));

  const scored = teams.map(
    (t): ScoredTeam => ({
      line: {
        id: t.teamId,
        name: t.name,
        bio: t.bio,
        divisionId: t.divisionId,
        avatar: t.avatar,
        score: 0,
        rank: 0,
        divisionRank: null,
        lastSubmissionTime: noSolveTime,
        solvedCount: 0,
      },
      solves: [],
    }),
  );
  const credited = new Int32Array(participationId.length);
  for (const i of counted) {
    const k = solveChallenge[i] as number;
    const { line, solves: teamSolves } = scored[solveTeam[i] as number] as ScoredTeam;
    const solvedAt = time[i] as number;
    const counts =
      inWindow(game, (challenges[k] as ScoringChallenge).deadline, solvedAt) &&
      permits(i, GamePermission.GetScore);
    credited[i] = counts ? awardedScore(values[k] as number, blood[i] as 0 | 1 | 2 | 3, bonus) : 0;
    teamSolves.push(i);
    line.solvedCount++;
    line.score += credited[i] as number;
    if (counts) line.lastSubmissionTime = solvedAt;
  }

  for (const { participationId: p, ...adjustment } of adjustments) {
    const t = teamAt.get(p);
    if (t === undefined) continue;
    const { line } = scored[t] as ScoredTeam;
    line.score += adjustment.points;
    line.adjustments ??= [];
    line.adjustments.push(adjustment);
  }

  const ranked = [...scored].sort(
    ({ line: a }, { line: b }) =>
      b.score - a.score || a.lastSubmissionTime - b.lastSubmissionTime || a.id - b.id,
  );
  const divisionIds = new Set(divisions.map((d) => d.id));
  const divisionCounters = new Map<number, number>();
  let overall = 0;
  for (const { line } of ranked) {
    const division = line.divisionId === null ? undefined : rulesOf.get(line.divisionId);
    if (!division || (division.defaultPermissions & GamePermission.RankOverall) !== 0) line.rank = ++overall;
    if (line.divisionId !== null && divisionIds.has(line.divisionId)) {
      const next = (divisionCounters.get(line.divisionId) ?? 0) + 1;
      divisionCounters.set(line.divisionId, next);
      line.divisionRank = next;
    }
  }

  // A team's solves are in submit order and its adjustments oldest first, so its timeline is the running total of
  // both merged by time (a solve first at the same moment).
  const timelineOf = ({ line, solves: teamSolves }: ScoredTeam): TopTimeLine => {
    const given = line.adjustments ?? [];
    const items: TopTimeLine['items'] = [];
    let total = 0;
    let a = 0;
    const giveUntil = (until: number) => {
      for (; a < given.length && (given[a] as ScoreAdjustment).time < until; a++) {
        const { time: at, points } = given[a] as ScoreAdjustment;
        total += points;
        items.push({ time: at, score: total });
      }
    };
    for (const i of teamSolves) {
      giveUntil(time[i] as number);
      total += credited[i] as number;
      items.push({ time: time[i] as number, score: total });
    }
    giveUntil(Number.POSITIVE_INFINITY);
    return { id: line.id, name: line.name, items };
  };
  const timelines: TimeLineItem[] = [
    {
      divisionId: 0,
      teams: ranked
        .filter((t) => t.line.rank > 0)
        .slice(0, timelineSize)
        .map(timelineOf),
    },
    ...divisions.map((d) => ({
      divisionId: d.id,
      teams: ranked
        .filter((t) => t.line.divisionId === d.id)
        .slice(0, timelineSize)
        .map(timelineOf),
    })),
  ];

  const infoList = challenges
    .map(
      (c, k): ChallengeInfo => ({
        id: c.id,
        title: c.title,
        category: c.category,
        score: values[k] as number,
        solved: solvedCount[k] as number,
        deadline: c.deadline,
        bloods: (bloods[k] as number[]).map((i): Blood => {
          const t = teams[solveTeam[i] as number] as ScoringTeam;
          return { id: t.teamId, name: t.name, avatar: t.avatar, submitTimeUtc: time[i] as number };
        }),
        disableBloodBonus: c.disableBloodBonus,
      }),
    )
    .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  const infos: ChallengesByCategory = {};
  for (const category of ChallengeCategoryValues) {
    const inCategory = infoList.filter((c) => c.category === category);
    if (inCategory.length > 0) infos[category] = inCategory;
  }

  return {
    teams: ranked,
    credited,
    blood,
    board: {
      updateTimeUtc: now,
      bloodBonus: game.bloodBonus,
      timelines,
      divisions: divisions.map(toDivisionItem),
      challenges: infos,
      challengeCount: challenges.length,
    },
  };
};

/** Which blood a new first solve takes (0 = none), given the blood-eligible first solves before it (§4.2). */
export const bloodOf = (earlierEligible: number): 0 | 1 | 2 | 3 =>
  earlierEligible < 3 ? ((earlierEligible + 1) as 1 | 2 | 3) : 0;

const toDivisionItem = (d: ScoringDivision): DivisionItem => ({
  id: d.id,
  name: d.name,
  defaultPermissions: d.rules.defaultPermissions,
  challengeConfigs: Object.fromEntries(
    [...d.rules.overrides].map(([challengeId, permissions]) => [
      String(challengeId),
      { challengeId, permissions },
    ]),
  ),
});
