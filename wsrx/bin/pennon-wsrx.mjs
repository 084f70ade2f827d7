#!/usr/bin/env node
// `pennon-wsrx`: the daemon and its commands (src/cli.ts), from the build (dist/, `npm run build`), on plain Node
// from any folder. npm links a workspace's bins when it installs, before anything is built (and skips a bin whose
// file is missing), so the bin is a file of the checkout that loads the build; a packed tarball carries dist/.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(built)) {
  console.error(`${built.pathname} is missing: build wsrx first (npm run build)`);
  process.exit(1);
}
const cli = await import(built.href);
process.exitCode = await cli.main(process.argv.slice(2));
