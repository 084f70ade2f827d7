// Signs in and shows who you are: `npx tsx examples/sdk/login.ts`.
import { createNodeClient } from '@pennon/sdk/node';
import { clientOptions, run, signIn } from './session.ts';

run(async () => {
  const client = createNodeClient(clientOptions());
  await signIn(client.account);
  const me = await client.account.profile();
  console.log(`Signed in as ${me.userName} (${me.role}) <${me.email ?? 'no e-mail'}>`);
});
