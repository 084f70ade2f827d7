// Small scoreboards and notices as the server sends them.
import type { ChallengeInfo, GameNotice, ScoreboardItem, ScoreboardModel, SubmissionType } from '@pennon/sdk';

export const challenge = (id: number, title: string): ChallengeInfo => ({
  id,
  title,
  category: 'Web',
  score: 500,
  solved: 0,
  deadline: null,
  bloods: [],
  disableBloodBonus: false,
});

export const team = (
  id: number,
  name: string,
  solves: [challengeId: number, type: SubmissionType, time: number][] = [],
  divisionId: number | null = null,
): ScoreboardItem => ({
  id,
  name,
  bio: null,
  divisionId,
  avatar: null,
  score: solves.length * 500,
  rank: 1,
  divisionRank: null,
  lastSubmissionTime: solves.at(-1)?.[2] ?? -62135596800000,
  solvedChallenges: solves.map(([challengeId, type, time]) => ({
    id: challengeId,
    score: 500,
    type,
    userName: `${name}-player`,
    time,
  })),
  solvedCount: solves.length,
});

export const board = (items: ScoreboardItem[]): ScoreboardModel => ({
  updateTimeUtc: Date.now(),
  bloodBonus: 0,
  timelines: [],
  items,
  divisions: [],
  challenges: { Web: [challenge(1, 'Login'), challenge(2, 'Cookies')] },
  challengeCount: 2,
});

export const notice = (id: number, time: number, type: GameNotice['type'] = 'Normal'): GameNotice => ({
  id,
  type,
  values: [`notice ${id}`],
  time,
});
