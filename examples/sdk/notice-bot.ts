// Posts a game's notices to a chat as they are published:
// `npx tsx examples/sdk/notice-bot.ts <gameId> <webhookUrl> [count]`. The message is `{ content, text }`, which
// Discord (`content`) and Slack or Mattermost (`text`) incoming webhooks read; stops after `count`, or on Ctrl-C.
import { connectGameNotices } from '@pennon/sdk/live';
import { clientOptions, fail, idArgument, run } from './session.ts';

/** A notice as a chat line: first bloods and the like name their team and challenge in `values`. */
const line = (type: string, values: string[]) =>
  type === 'Normal' ? `📢 ${values.join(' ')}` : `🏁 ${type}: ${values.join(' · ')}`;

run(async () => {
  const usage = 'notice-bot.ts <gameId> <webhookUrl> [count]';
  const gameId = idArgument(0, usage);
  const webhook = process.argv[3] ?? fail(`Usage: ${usage}`);
  const count = Number(process.argv[4] ?? Number.POSITIVE_INFINITY);
  const { baseUrl, token } = clientOptions();
  let posted = 0;
  const subscription = await connectGameNotices(
    baseUrl,
    gameId,
    {
      notice: async ({ type, values }) => {
        const text = line(type, values);
        const response = await fetch(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: text, text }),
        });
        console.log(`${response.ok ? 'posted' : `refused (${response.status})`}: ${text}`);
        if (++posted >= count) void subscription.stop();
      },
    },
    { ...(token && { token }) },
  );
  console.log(`Posting notices of game ${gameId} (${subscription.mode})`);
  process.once('SIGINT', () => void subscription.stop());
});
