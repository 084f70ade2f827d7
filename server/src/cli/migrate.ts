// `pennon migrate`: brings the database up to date, as the server does when it starts, and says what ran.
import { migrate } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { type Command, withDatabase } from './command.ts';

export const migrateCommand: Command = {
  name: 'migrate',
  args: '',
  summary: 'run the database migrations that have not run yet',
  help: ['The server runs them when it starts too; this runs them before, e.g. ahead of an upgrade.'],
  options: {},
  positionals: [],
  run: async ({ settings }) => {
    await withDatabase(
      settings,
      async ({ db, describe }) => {
        const { results = [] } = await migrate(db);
        for (const result of results) console.log(`ran ${result.migrationName}`);
        const count = Object.keys(migrations).length;
        console.log(
          results.length === 0
            ? `${describe} is up to date (${count} migrations)`
            : `${describe}: ${results.length} of ${count} migrations ran`,
        );
      },
      { create: true },
    );
  },
};
