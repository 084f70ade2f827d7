// Creates accounts (and their teams) from a CSV file: `npx tsx examples/sdk/bulk-import.ts players.csv`.
// The file has a header line `userName,password,email,teamName` (teamName may be empty); the accounts are sent in
// batches of 100, each batch one transaction on the server (an account that exists already is updated).
import { readFile } from 'node:fs/promises';
import type { UserCreateModel } from '@pennon/sdk';
import { createNodeClient } from '@pennon/sdk/node';
import { clientOptions, fail, run, signIn } from './session.ts';

const batch = 100;

run(async () => {
  const file = process.argv[2] ?? fail('Usage: bulk-import.ts <file.csv>');
  const [header = '', ...lines] = (await readFile(file, 'utf8')).split(/\r?\n/).filter((line) => line.trim());
  const columns = header.split(',').map((name) => name.trim());
  const users: UserCreateModel[] = lines.map((line) => {
    const cells = Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell.trim()]));
    const { userName, password, email, teamName } = cells;
    if (!userName || !password || !email) fail(`Missing userName, password or email: ${line}`);
    return { userName, password, email, ...(teamName && { teamName }) } as UserCreateModel;
  });
  const client = createNodeClient(clientOptions());
  await signIn(client.account);
  for (let from = 0; from < users.length; from += batch) {
    await client.admin.createUsers(users.slice(from, from + batch));
  }
  const teams = new Set(users.flatMap((user) => (user.teamName ? [user.teamName] : [])));
  console.log(`Imported ${users.length} account(s) and ${teams.size} team(s)`);
});
