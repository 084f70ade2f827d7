// `pennon reset-password USER`: a new password for an account (an organiser locked out, no mail set up), and the
// end of its sessions, so whoever held the old password is signed out everywhere.
import { text } from 'node:stream/consumers';
import { openBus } from '../live/open-bus.ts';
import { generateResetPassword, hashPassword, passwordProblem } from '../services/passwords.ts';
import { SessionStore } from '../services/sessions.ts';
import { normalize, UserStore } from '../services/users.ts';
import { CliError, type Command, withDatabase } from './command.ts';

/** The password piped in: its first line, so `echo` and a file with a final newline both work. */
const readPassword = async (): Promise<string> => {
  const password = (await text(process.stdin)).split(/\r?\n/)[0] ?? '';
  const problem = passwordProblem(password);
  if (problem) throw new CliError(String(problem));
  return password;
};

export const resetPasswordCommand: Command = {
  name: 'reset-password',
  args: 'USER [--password-stdin]',
  summary: "set a user's password and end their sessions",
  help: [
    'USER is a user name or e-mail address. Without --password-stdin a random strong password is set and',
    'printed once; with it, the first line of standard input is the new password.',
  ],
  options: { 'password-stdin': { type: 'boolean' } },
  positionals: ['USER'],
  run: async ({ values, positionals: [login = ''], settings }) => {
    const chosen = values['password-stdin'] ? await readPassword() : undefined;
    await withDatabase(settings, async (connection) => {
      const { db } = connection;
      const user = await new UserStore(db).byNameOrEmail(login);
      if (!user) throw new CliError(`No user is named ${login}`);
      const password = chosen ?? generateResetPassword();
      await new UserStore(db).setPassword(user.id, await hashPassword(password));
      // The running servers hear of it through their bus (a SQLite server, through the database).
      const { bus, close } = await openBus(settings, connection, undefined, { cli: true });
      try {
        await new SessionStore(db, Date.now, console, bus).revokeOthers(user.id, null);
      } finally {
        await close();
      }
      // Said in full, so that an organiser sees at once when USER reached another account than meant.
      const by = normalize(user.userName) === normalize(login) ? 'user name' : 'e-mail address';
      console.log(`Matched ${user.userName} <${user.email}> by its ${by}.`);
      console.log(
        chosen
          ? `The password of ${user.userName} is changed; their sessions are ended.`
          : `The new password of ${user.userName} (shown once; their sessions are ended):\n${password}`,
      );
    });
  },
};
