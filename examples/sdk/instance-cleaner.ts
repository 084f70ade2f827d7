// Destroys game containers running for longer than a limit:
// `npx tsx examples/sdk/instance-cleaner.ts <minutes> [--dry-run]` (admin). With --dry-run it only lists them.
import { createNodeClient } from '@pennon/sdk/node';
import { clientOptions, fail, run, signIn } from './session.ts';

run(async () => {
  const minutes = Number(process.argv[2]);
  if (!(minutes >= 0)) fail('Usage: instance-cleaner.ts <minutes> [--dry-run]');
  const dryRun = process.argv.includes('--dry-run');
  const client = createNodeClient(clientOptions());
  await signIn(client.account);
  const cutoff = Date.now() - minutes * 60_000;
  const { data } = await client.admin.instances();
  const stale = data.filter((instance) => instance.startedAt <= cutoff);
  for (const { containerGuid, team, challenge, startedAt } of stale) {
    if (!dryRun) await client.admin.deleteInstance(containerGuid);
    const since = new Date(startedAt).toISOString();
    console.log(
      `${dryRun ? 'would destroy' : 'destroyed'} ${containerGuid} (${team?.name} · ${challenge?.title}, since ${since})`,
    );
  }
  console.log(`${stale.length} of ${data.length} instance(s) older than ${minutes} min`);
});
