// What the About page tells of the build: the commit, the tag, the package's version and the time it was built. Set
// PENNON_BUILD_SHA / PENNON_BUILD_TAG (and the standard SOURCE_DATE_EPOCH) where the build has no Git
// checkout, or to override it; otherwise Git answers. What neither knows is null (the page says "unknown").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildInfo {
  sha: string | null;
  /** The latest tag reachable from the commit. */
  tag: string | null;
  /** package.json's, what the page shows where no tag names the build. */
  version: string;
  /** ISO 8601. */
  time: string;
}

const git = (cwd: string, ...args: string[]): string | undefined => {
  try {
    return (
      execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || undefined
    );
  } catch {
    // no git, or not a checkout, or no tag
    return undefined;
  }
};

export const readBuildInfo = (cwd: string, env: NodeJS.ProcessEnv = process.env): BuildInfo => {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return {
    sha: env.PENNON_BUILD_SHA || git(cwd, 'rev-parse', 'HEAD') || null,
    tag: env.PENNON_BUILD_TAG || git(cwd, 'describe', '--tags', '--abbrev=0') || null,
    version: JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')).version,
    time: (Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date()).toISOString(),
  };
};
