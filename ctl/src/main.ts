// pennon-ctl: a game's challenges as code. It talks to the platform over its HTTP API with an API token (never to
// its database), through @pennon/sdk. Any problem ends it with exit code 1 and says which file and field.
import { createInterface } from 'node:readline/promises';
import { PennonError } from '@pennon/sdk';
import { Command, InvalidArgumentError } from 'commander';
import { clientFor, loadLogin, saveLogin } from './config.ts';
import { InvalidFiles, type LocalChallenge, loadFolder } from './folder.ts';
import { applyPlan, formatPlan, makePlan, pendingChanges } from './plan.ts';
import { pullGame } from './pull.ts';
import { ChallengeSpec } from './schema.ts';

const out = (text: string) => process.stdout.write(`${text}\n`);

/** One line from standard input (a prompt's answer, a piped token); empty at its end. */
const readLine = async (prompt: string): Promise<string> => {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    process.stderr.write(prompt);
    const line = await new Promise<string>((resolve) => {
      rl.once('line', resolve);
      rl.once('close', () => resolve(''));
    });
    return line.trim();
  } finally {
    rl.close();
  }
};

const gameId = (value: string): number => {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError(`a game ID is a number, not ${value}`);
  return Number(value);
};

/** The challenges of a folder, with what a ctfcli file could not bring along. */
const load = async (dir: string): Promise<LocalChallenge[]> => {
  const challenges = await loadFolder(dir);
  for (const c of challenges.filter((c) => c.ctfcli)) {
    out(`${c.file}: read as a CTFd ctfcli file`);
    for (const note of c.notes) out(`  ${note}`);
  }
  return challenges;
};

const program = new Command('pennon-ctl')
  .description(
    'A Pennon game’s challenges as code: folders of challenge.yml pushed to and pulled from a platform',
  )
  .showHelpAfterError();

program
  .command('login')
  .description('check an API token against a platform and store both (mode 0600)')
  .requiredOption('--url <url>', 'the platform, e.g. https://ctf.example.org')
  .option('--token <token>', 'an admin’s API token (else PENNON_TOKEN, else read from standard input)')
  .action(async ({ url, token }: { url: string; token?: string }) => {
    const login = { url, token: token || process.env.PENNON_TOKEN || (await readLine('API token: ')) };
    if (!login.token) throw new Error('no API token given');
    const profile = await clientFor(login).account.profile();
    const file = await saveLogin(login);
    out(`Logged in to ${url} as ${profile.userName} (${profile.role}); saved in ${file}`);
  });

program
  .command('games')
  .description('the platform’s games')
  .command('list')
  .description('every game with its ID, hidden ones included')
  .action(async () => {
    const client = clientFor(await loadLogin());
    for (let skip = 0; ; skip += 100) {
      const { data } = await client.edit.games({ count: 100, skip });
      for (const g of data) {
        const when = `${new Date(g.start).toISOString()} → ${new Date(g.end).toISOString()}`;
        out(`${g.id}\t${g.title}\t${when}${g.hidden ? '\thidden' : ''}`);
      }
      if (data.length < 100) break;
    }
  });

const challenges = program
  .command('challenges')
  .description('a game’s challenges as folders of challenge.yml');
const folderArgument = ['[folder]', 'where the challenge folders are', '.'] as const;
const gameOption = ['--game <id>', 'the game’s ID (pennon-ctl games list)', gameId] as const;

challenges
  .command('validate')
  .description('check every challenge.yml under the folder, offline')
  .argument(...folderArgument)
  .action(async (dir: string) => {
    const found = await load(dir);
    // Offline, a prerequisite the folder lacks may be one of the game's: diff and push find out.
    const names = new Set(found.map((c) => c.spec.name));
    for (const c of found)
      for (const name of c.prerequisites?.filter((p) => !names.has(p)) ?? [])
        out(`${c.file}: prerequisites: ${name} is not in the folder; diff and push look for it in the game`);
    out(`${found.length} challenge${found.length === 1 ? '' : 's'} valid`);
  });

challenges
  .command('diff')
  .description('what push would change on the platform')
  .argument(...folderArgument)
  .requiredOption(...gameOption)
  .action(async (dir: string, { game }: { game: number }) => {
    const locals = await load(dir);
    out(formatPlan(await makePlan(clientFor(await loadLogin()), game, locals)));
  });

challenges
  .command('push')
  .description('make the platform’s challenges what the folder says, after showing the plan')
  .argument(...folderArgument)
  .requiredOption(...gameOption)
  .option('-y, --yes', 'apply without asking')
  .action(async (dir: string, { game, yes }: { game: number; yes?: boolean }) => {
    const locals = await load(dir);
    const client = clientFor(await loadLogin());
    const plan = await makePlan(client, game, locals);
    out(formatPlan(plan));
    if (pendingChanges(plan).length === 0) return;
    if (!yes && !/^y(es)?$/i.test(await readLine(`Apply to game ${game}? [y/N] `)))
      throw new Error('nothing applied (answer y, or pass --yes)');
    await applyPlan(client, game, plan, out);
  });

challenges
  .command('pull')
  .description('write the game’s challenges as folders, their files downloaded')
  .argument(...folderArgument)
  .requiredOption(...gameOption)
  .action(async (dir: string, { game }: { game: number }) => {
    const written = await pullGame(clientFor(await loadLogin()), game, dir);
    out(`${written.length} challenge${written.length === 1 ? '' : 's'} written to ${dir}`);
  });

program
  .command('schema')
  .description('challenge.yml’s JSON Schema, for editors (yaml-language-server)')
  .action(() => {
    out(JSON.stringify(ChallengeSpec, null, 2));
  });

const explain = (error: unknown): string => {
  if (error instanceof PennonError) {
    const said = error.title ? `: ${error.title}` : '';
    return `the platform refused (${error.status ?? error.kind})${said}`;
  }
  return error instanceof Error ? error.message : String(error);
};

try {
  await program.parseAsync();
} catch (error) {
  if (error instanceof InvalidFiles)
    for (const problem of error.problems) process.stderr.write(`${problem}\n`);
  process.stderr.write(`pennon-ctl: ${explain(error)}\n`);
  process.exitCode = 1;
}
