// `npm start`: builds the server, the web client and the widgets when their sources are newer than their builds,
// then serves the platform from the server's build, on plain Node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Each build, a file it writes (whose age is the build's) and what it is made of (the widgets use web's components).
const builds = [
  {
    workspace: 'server',
    built: 'server/dist/main.js',
    sources: ['server/src', 'server/scripts', 'server/tsconfig.build.json', 'tsconfig.base.json', 'sdk/src'],
  },
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

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
