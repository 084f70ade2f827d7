// Runs the `pennon` admin CLI as its own process, as an organiser does from the checkout.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `pennon ...args` on the data directory and database `env` names; `input` is piped to its standard input. */
export const runCli = (args: string[], env: Record<string, string>, input = ''): Promise<CliRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'server/src/cli/main.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });

/** The settings of a server's data directory and database, for the CLI. */
export const cliEnv = (server: { dataDir: string; databaseUrl: string }): Record<string, string> => ({
  PENNON_DATA_DIR: server.dataDir,
  PENNON_DATABASE_URL: server.databaseUrl,
});
