// The server's bins run its build (dist/) on plain Node, from any folder. npm links a workspace's bins when it
// installs, before anything is built (and skips a bin whose file is missing), so each bin is a file of the checkout
// that loads the build's entry.
import { existsSync } from 'node:fs';

export const runBuild = async (entry) => {
  const built = new URL(`../dist/${entry}`, import.meta.url);
  if (!existsSync(built)) {
    console.error(`${built.pathname} is missing: build the server first (npm run build)`);
    process.exit(1);
  }
  await import(built.href);
};
