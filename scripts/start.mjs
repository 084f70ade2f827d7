// `npm start`: builds the web client and the widgets when their sources are newer than their builds, then serves
// the platform.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Each build, a file it writes (whose age is the build's) and what it is made of (the widgets use web's components).
const builds = [
  {
    workspace: 'web',
    built: 'web/dist/index.html',
    sources: ['web/src', 'web/index.html', 'web/vite.config.ts', 'static', 'sdk/src'],
  },
  {
    workspace: 'widgets',
    built: 'widgets/dist/pennon-widgets.js',
    sources: ['widgets/src', 'widgets/vite', 'widgets/vite.config.ts', 'web/src', 'static', 'sdk/src'],
  },
];

const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
};

const isStale = ({ built, sources }) =>
  !existsSync(path.join(root, built)) ||
  Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > statSync(path.join(root, built)).mtimeMs;

for (const target of builds.filter(isStale)) {
  console.log(`Building ${target.workspace}…`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
