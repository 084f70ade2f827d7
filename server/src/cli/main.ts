// `pennon`: the platform's admin commands (backups, migrations, passwords, game packages), on the same settings as
// the server (PENNON_DATA_DIR, PENNON_DATABASE_URL). Bad arguments exit 2 with the usage; failures exit 1, one line.
import { parseArgs } from 'node:util';
import { readSettings, SettingsError } from '../settings.ts';
import { backupCommand } from './backup.ts';
import { CliError, type Command, UsageError } from './command.ts';
import { gameExportCommand, gameImportCommand } from './game.ts';
import { migrateCommand } from './migrate.ts';
import { resetPasswordCommand } from './reset-password.ts';
import { restoreCommand } from './restore.ts';

const commands: Command[] = [
  backupCommand,
  restoreCommand,
  migrateCommand,
  resetPasswordCommand,
  gameExportCommand,
  gameImportCommand,
];

const usageOf = (command: Command) => `pennon ${command.name}${command.args ? ` ${command.args}` : ''}`;

const overview = (): string => {
  const width = Math.max(...commands.map((c) => usageOf(c).length)) + 2;
  return [
    'Usage: pennon <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${usageOf(c).padEnd(width)}${c.summary}`),
    '',
    'They read the server’s settings from the environment: PENNON_DATA_DIR, PENNON_DATABASE_URL.',
    'pennon <command> --help tells more about one.',
  ].join('\n');
};

const commandHelp = (command: Command): string =>
  [
    `Usage: ${usageOf(command)}`,
    '',
    `${command.summary[0]?.toUpperCase()}${command.summary.slice(1)}.`,
    ...command.help,
  ].join('\n');

/** The command the words name (`game export`), and the arguments after them. */
const find = (argv: string[]): [Command, string[]] => {
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return [command, argv.slice(words.length)];
  }
  const group = commands.filter((c) => c.name.startsWith(`${argv[0]} `)).map((c) => c.name.split(' ')[1]);
  throw new UsageError(
    group.length > 0 ? `${argv[0]} takes one of: ${group.join(', ')}` : `unknown command ${argv[0]}`,
  );
};

const run = async (argv: string[]): Promise<void> => {
  if (argv.length === 0) throw new UsageError('no command given');
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(overview());
    return;
  }
  const [command, rest] = find(argv);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    // parseArgs explains at length; its first sentence says what is wrong.
    throw new UsageError((err as Error).message.split('. ')[0] ?? '', { cause: command });
  }
  if (parsed.values.help) {
    console.log(commandHelp(command));
    return;
  }
  if (parsed.positionals.length !== command.positionals.length) {
    throw new UsageError(
      command.positionals.length === 0
        ? `${command.name} takes no arguments`
        : `${command.name} takes ${command.positionals.join(' ')}`,
      { cause: command },
    );
  }
  const settings = readSettings();
  await command
    .run({
      values: parsed.values as Record<string, string | boolean>,
      positionals: parsed.positionals,
      settings,
    })
    .catch((err: unknown) => {
      if (err instanceof UsageError) err.cause ??= command;
      throw err;
    });
};

try {
  await run(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) {
    const command = err.cause as Command | undefined;
    console.error(`pennon: ${err.message}`);
    console.error(
      command ? `Usage: ${usageOf(command)}` : 'Usage: pennon <command> [options] (pennon --help lists them)',
    );
    process.exitCode = 2;
  } else {
    // Ours (CliError), the settings', a refused import's (DomainError, its English title) or the system's: one line.
    const known = err instanceof CliError || err instanceof SettingsError;
    console.error(`pennon: ${known ? err.message : String((err as Error).message ?? err).split('\n')[0]}`);
    process.exitCode = 1;
  }
}
