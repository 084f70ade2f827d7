// First start: a platform without an Admin gets one, so somebody can configure it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { generatePassword, hashPassword, passwordProblem } from './passwords.ts';
import { isUniqueViolation, UserStore } from './users.ts';

export const seedAdminName = 'admin';
export const seedAdminEmail = 'admin@pennon.invalid';

export class AdminSeedError extends Error {
  override name = 'AdminSeedError';
}

export interface SeedOptions {
  /** PENNON_ADMIN_PASSWORD; when absent a strong one is generated and announced. */
  password?: string | undefined;
  /** Where the one-time line goes (the console, in main). */
  announce: (line: string) => void;
}

/** Creates `admin` unless an Admin exists; answers whether it did. */
export const seedAdmin = async (
  db: Kysely<Database>,
  { password, announce }: SeedOptions,
): Promise<boolean> => {
  const users = new UserStore(db);
  if (await users.hasRole('Admin')) return false;
  if (password) {
    const problem = passwordProblem(password);
    if (problem)
      throw new AdminSeedError(`PENNON_ADMIN_PASSWORD is too weak: ${String(problem).toLowerCase()}`);
  }
  const chosen = password || generatePassword();
  try {
    await users.create({
      userName: seedAdminName,
      email: seedAdminEmail,
      passwordHash: await hashPassword(chosen),
      role: 'Admin',
      emailConfirmed: true,
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another server process on the same database seeded it first.
    if (await users.hasRole('Admin')) return false;
    throw new AdminSeedError(
      `No Admin exists, and the user name "${seedAdminName}" or e-mail ${seedAdminEmail} is taken by a non-admin account: give some account the Admin role in the database`,
    );
  }
  announce(
    password
      ? `Admin account created: ${seedAdminName} / (the password of PENNON_ADMIN_PASSWORD)`
      : `Admin account created: ${seedAdminName} / ${chosen} — shown only once`,
  );
  return true;
};
