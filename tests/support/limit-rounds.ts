// Rounds of a race against a submission limit: in each, a new challenge with a limit, and every team sending three
// times as many wrong flags at once through the proxy, so that the processes behind it take each team's flags side
// by side. Each team must have exactly the limit accepted and stored, every other flag refused as over it. Shared by
// the end-to-end test and the bench.
import { PennonError } from '@pennon/sdk';
import type { Arena } from './blood-rounds.ts';

export const limit = 3;

/** The attempts each team has stored for a challenge. */
export const attemptsQuery = `SELECT t.name, count(*) AS n FROM submissions s
  JOIN participations p ON p.id = s.participation_id JOIN teams t ON t.id = p.team_id
  WHERE s.challenge_id = $1 GROUP BY t.name`;
export type Attempts = (challengeId: number) => Promise<{ name: string; n: number | string }[]>;

/**
 * A round of the limit: a new challenge with it, and every team sending three times as many wrong flags at once.
 * Answers what disagrees with each team having exactly `limit` flags accepted and stored, the rest refused.
 */
export const playLimitRound = async (arena: Arena, attempts: Attempts, round: number): Promise<string[]> => {
  const { admin, gameId, teams } = arena;
  const { id } = await admin.edit.createChallenge(gameId, {
    title: `Gate ${round}`,
    category: 'Misc',
    type: 'StaticAttachment',
  });
  await admin.edit.addFlags(gameId, id, [{ flag: `flag{gate_${round}}` }]);
  await admin.edit.updateChallenge(gameId, id, { isEnabled: true, submissionLimit: limit });
  const answers = await Promise.all(
    teams.map(async ({ name, player }) => {
      const told = await Promise.all(
        Array.from({ length: 3 * limit }, (_, k) =>
          player.game.submit(gameId, id, `flag{wrong_${k}}`).then(
            () => 'accepted',
            (error) => {
              if (error instanceof PennonError && error.status === 400) return error.title;
              throw error;
            },
          ),
        ),
      );
      return {
        name,
        accepted: told.filter((t) => t === 'accepted').length,
        refused: told.filter((t) => t === 'The submission limit is reached').length,
      };
    }),
  );
  const stored = new Map((await attempts(id)).map((row) => [row.name, Number(row.n)]));
  return answers.flatMap(({ name, accepted, refused }) =>
    accepted === limit && refused === 2 * limit && stored.get(name) === limit
      ? []
      : [`Gate ${round}: ${name} had ${accepted} accepted, ${refused} refused, ${stored.get(name)} stored`],
  );
};
