// Prints a game's notices as they are published: `npx tsx examples/sdk/watch-notices.ts <gameId> [count]`.
// Pushed through the platform's hub (polling when it cannot connect); stops after `count` notices, or on Ctrl-C.
import { connectGameNotices } from '@pennon/sdk/live';
import { clientOptions, run } from './session.ts';

run(async () => {
  const gameId = Number(process.argv[2]);
  const count = Number(process.argv[3] ?? Number.POSITIVE_INFINITY);
  if (!Number.isInteger(gameId) || !(count > 0)) {
    throw new Error('Usage: watch-notices.ts <gameId> [count]');
  }
  const { baseUrl, token } = clientOptions();
  let seen = 0;
  const subscription = await connectGameNotices(
    baseUrl,
    gameId,
    {
      notice: (notice) => {
        console.log(`${new Date(notice.time).toISOString()} ${notice.type}: ${notice.values.join(' · ')}`);
        if (++seen >= count) void subscription.stop();
      },
      error: (err) => console.error(`(live: ${err instanceof Error ? err.message : String(err)})`),
    },
    { ...(token && { token }) },
  );
  console.log(`Watching game ${gameId} (${subscription.mode})`);
  process.once('SIGINT', () => void subscription.stop());
});
