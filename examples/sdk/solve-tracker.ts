// Lists a game's solves, oldest first, and who took each blood: `npx tsx examples/sdk/solve-tracker.ts <gameId>`.
// Reads every accepted submission (a monitor's or admin's right) page by page with `for await`; a request hook
// counts the calls and their time, the way a script logs or traces its traffic.
import { createNodeClient } from '@pennon/sdk/node';
import { clientOptions, idArgument, run, signIn } from './session.ts';

run(async () => {
  const gameId = idArgument(0, 'solve-tracker.ts <gameId>');
  let calls = 0;
  const client = createNodeClient({
    ...clientOptions(),
    hooks: { afterResponse: [() => void calls++] },
  });
  await signIn(client.account);
  const solves = [];
  for await (const submission of client.game.submissions(gameId, { type: 'Accepted' }))
    solves.push(submission);
  solves.sort((a, b) => a.time - b.time);
  const solvers = new Map<string, number>();
  for (const { time, team, challenge } of solves) {
    const place = (solvers.get(challenge) ?? 0) + 1;
    solvers.set(challenge, place);
    const blood = place <= 3 ? ` (${['first', 'second', 'third'][place - 1]} blood)` : '';
    console.log(`${new Date(time).toISOString()} ${team} solved ${challenge}${blood}`);
  }
  console.log(`${solves.length} solve(s) in ${calls} call(s)`);
});
