#!/usr/bin/env node
// Runs the compiled daemon (dist/, from `npm run build`) when it is at least as new as every source; otherwise the
// TypeScript sources through tsx's loader, so a checkout runs with no build and an edit is never shadowed by an old
// build.
import { existsSync, readdirSync, statSync } from 'node:fs';

const sources = new URL('../src/', import.meta.url);
const built = new URL('../dist/cli.js', import.meta.url);

const builtIsCurrent = () => {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return readdirSync(sources, { recursive: true }).every(
    (name) => statSync(new URL(name, sources)).mtimeMs <= builtAt,
  );
};

let cli;
if (builtIsCurrent()) cli = await import('../dist/cli.js');
else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli.ts');
}
process.exitCode = await cli.main(process.argv.slice(2));
