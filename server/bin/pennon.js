#!/usr/bin/env node
// `pennon`: the admin CLI (server/src/cli/main.ts), from the build.
import { runBuild } from './run-build.js';

await runBuild('cli/main.js');
