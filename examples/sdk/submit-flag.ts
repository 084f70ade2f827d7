// Submits a flag and waits for the verdict: `npx tsx examples/sdk/submit-flag.ts <gameId> <challengeId> <flag>`.
// It takes only the two groups it needs, so a bundled copy stays small; where the platform encrypts flags and
// passwords (§1.8) the SDK does so on its own.
import { createAccountApi, createGameApi } from '@pennon/sdk';
import { createNodeRequester } from '@pennon/sdk/node';
import { clientOptions, fail, idArgument, run, signIn } from './session.ts';

const usage = 'submit-flag.ts <gameId> <challengeId> <flag>';

run(async () => {
  const gameId = idArgument(0, usage);
  const challengeId = idArgument(1, usage);
  const flag = process.argv[4] ?? fail(`Usage: ${usage}`);
  const request = createNodeRequester(clientOptions());
  const game = createGameApi(request);
  await signIn(createAccountApi(request));

  const submission = await game.submit(gameId, challengeId, flag);
  // Judged in the background: ask every 500 ms, as the web client does, until the verdict is in.
  let verdict = await game.submissionStatus(gameId, challengeId, submission);
  while (verdict === 'FlagSubmitted') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    verdict = await game.submissionStatus(gameId, challengeId, submission);
  }
  console.log(`Submission ${submission}: ${verdict}`);
  if (verdict !== 'Accepted') process.exitCode = 2;
});
