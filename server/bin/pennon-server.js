#!/usr/bin/env node
// `pennon-server`: the platform (server/src/main.ts), from the build.
import { runBuild } from './run-build.js';

await runBuild('main.js');
