// Lists the games the platform shows, newest first: `npx tsx examples/sdk/list-games.ts`. No sign-in needed.
import { createNodeClient } from '@pennon/sdk/node';
import { clientOptions, run } from './session.ts';

run(async () => {
  const client = createNodeClient(clientOptions());
  const { data: games, total } = await client.game.list({ count: 50 });
  for (const game of games) {
    const start = new Date(game.start).toISOString();
    const end = new Date(game.end).toISOString();
    console.log(`#${game.id}\t${game.title}\t${start} → ${end}`);
  }
  console.log(`${total} game(s)`);
});
