// Writes a game's scoreboard as CSV to stdout: `npx tsx examples/sdk/scoreboard-csv.ts <gameId> > board.csv`.
// One row per team (rank, team, score, solved, last solve) and one column per challenge with the points it gave.
import { createNodeClient } from '@pennon/sdk/node';
import { clientOptions, idArgument, run } from './session.ts';

/** A CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
const field = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const row = (values: (string | number)[]) => values.map(field).join(',');

run(async () => {
  const gameId = idArgument(0, 'scoreboard-csv.ts <gameId>');
  const board = await createNodeClient(clientOptions()).game.scoreboard(gameId);
  const challenges = Object.values(board.challenges).flat();
  console.log(row(['rank', 'team', 'score', 'solved', 'last solve', ...challenges.map((c) => c.title)]));
  for (const team of board.items) {
    const points = new Map(team.solvedChallenges.map((s) => [s.id, s.score]));
    const lastSolve = team.solvedCount > 0 ? new Date(team.lastSubmissionTime).toISOString() : '';
    console.log(
      row([
        team.rank || '',
        team.name,
        team.score,
        team.solvedCount,
        lastSolve,
        ...challenges.map((c) => points.get(c.id) ?? ''),
      ]),
    );
  }
});
