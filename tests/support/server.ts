// Runs the real platform server as its own process, the way `npm start` does, on a free port and a fresh database.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  /** The server's own process id (Node itself, not a wrapper, but for `terminal`), e.g. to read its memory. */
  pid: number;
  dataDir: string;
  databaseUrl: string;
  output(): string;
  /** Kills the process with SIGKILL, as a crash or the OOM killer would, leaving its data for a restart. */
  kill(): Promise<void>;
  /** Sends SIGTERM and resolves with the exit code; the data directory stays until `stop`. */
  terminate(): Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * The server's process as `npm start` runs it, on `dataDir` (and its database unless `env` names another);
 * `terminal`: on a pseudo-terminal (util-linux `script`), as when someone runs it in a terminal.
 */
export const spawnServer = (
  dataDir: string,
  env: Record<string, string> = {},
  { terminal = false, ...options }: Pick<SpawnOptions, 'uid' | 'gid'> & { terminal?: boolean } = {},
): ChildProcess => {
  const command = [process.execPath, '--import', 'tsx', path.join(root, 'server/src/main.ts')];
  const [file = '', ...args] = terminal
    ? [
        'script',
        '--quiet',
        '--flush',
        '--return',
        '--command',
        command.map((arg) => `'${arg}'`).join(' '),
        '/dev/null',
      ]
    : command;
  return spawn(file, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PENNON_DATA_DIR: dataDir,
      PENNON_DATABASE_URL: `sqlite:${path.join(dataDir, 'pennon.db')}`,
      // Tests build their own games and posts; the demo game would be in their way.
      PENNON_DEMO: 'off',
      // A test drives more requests from loopback than a player may; one of the shipped limits passes ''.
      PENNON_RATE_LIMIT_EXEMPT: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
};

/**
 * The address a starting server process prints once it serves, and all it prints (`output()`, kept on after).
 * `timeoutMs` is the start's time, and a build's where the process builds first (`npm start`): generous, since the
 * end-to-end lane starts servers while the unit lane keeps both cores busy.
 */
export const waitUntilServing = async (
  child: ChildProcess,
  timeoutMs = 90_000,
): Promise<{ url: string; output(): string }> => {
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A server that did not start in time is killed, so no test leaves it running.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /serving at (http:\/\/\S+?)\/?\s/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { url, output: () => output };
};

/** `dataDir` reuses a killed server's data directory (pass its database URL in `env` too), as a restart does. */
export const startServer = async (
  env: Record<string, string> = {},
  {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-e2e-')),
    terminal = false,
  }: { dataDir?: string; terminal?: boolean } = {},
): Promise<RunningServer> => {
  const databaseUrl = env.PENNON_DATABASE_URL ?? `sqlite:${path.join(dataDir, 'pennon.db')}`;
  const child = spawnServer(dataDir, { PENNON_DATABASE_URL: databaseUrl, ...env }, { terminal });
  const { url, output } = await waitUntilServing(child);
  const end = async (signal: NodeJS.Signals): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    return child.exitCode;
  };
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    databaseUrl,
    output,
    kill: async () => {
      await end('SIGKILL');
    },
    terminate: () => end('SIGTERM'),
    stop: async () => {
      await end('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
