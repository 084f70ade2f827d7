// Versioned migrations, applied in name order at start. Never edit a released one: add the next.
import type { Migration } from 'kysely';
import * as m0001 from './0001_config.ts';
import * as m0002 from './0002_users.ts';

export const migrations: Record<string, Migration> = {
  '0001_config': m0001,
  '0002_users': m0002,
};
