#!/usr/bin/env node
// `pennon-ctl` from the build (dist/): npm links a workspace's bins before anything is built, so the bin is a file of
// the checkout that loads the build's entry.
import { existsSync } from 'node:fs';

const built = new URL('../dist/main.js', import.meta.url);
if (!existsSync(built)) {
  console.error(`${built.pathname} is missing: build it first (npm run build)`);
  process.exit(1);
}
await import(built.href);
