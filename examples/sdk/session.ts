// What every example shares: where the platform is, how to sign in, and how to read arguments and report errors.
// PENNON_URL (default http://localhost:8080), then either PENNON_TOKEN (an API token) or PENNON_USER and
// PENNON_PASSWORD (a session cookie kept in memory for the script's run).
import { type AccountApi, errorMessage } from '@pennon/sdk';
import type { NodeClientOptions } from '@pennon/sdk/node';

const env = process.env;

/** Where the platform is and, when PENNON_TOKEN is set, the token to authenticate with. */
export const clientOptions = (): NodeClientOptions => ({
  baseUrl: env.PENNON_URL ?? 'http://localhost:8080',
  ...(env.PENNON_TOKEN && { token: env.PENNON_TOKEN }),
});

/** Signs in with PENNON_USER and PENNON_PASSWORD, unless a token authenticates every call already. */
export const signIn = async (account: AccountApi): Promise<void> => {
  if (env.PENNON_TOKEN) return;
  const missing = () => fail('Set PENNON_TOKEN, or PENNON_USER and PENNON_PASSWORD');
  await account.login({ userName: env.PENNON_USER || missing(), password: env.PENNON_PASSWORD || missing() });
};

/** The positional argument `index` (0 = first after the script) as a positive integer. */
export const idArgument = (index: number, usage: string): number => {
  const value = Number(process.argv[2 + index]);
  if (!Number.isInteger(value) || value <= 0) fail(`Usage: ${usage}`);
  return value;
};

/** Prints the message and exits with status 1. */
export const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

/** Runs an example's main, printing the server's message (or the error's) when it fails. */
export const run = (main: () => Promise<void>): void => {
  main().catch((err: unknown) => fail(`Failed: ${errorMessage(err)}`));
};
