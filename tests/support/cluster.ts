// Several real server processes on one PostgreSQL database and one Redis, behind Debian's HAProxy with a
// configuration written here: round robin, health checks on /healthz, and a request retried on another process only
// when it never reached one (a refused connection), so no flag is submitted twice.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, waitUntilServing } from './server.ts';

export const haproxyBinary = '/usr/sbin/haproxy';
/** A start takes a few seconds of CPU; on a machine shared with other work it waits far longer for it. */
const startTimeoutMs = 120_000;

/** A loopback port free now, for a process that must come back on the same one after a restart. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const haproxyConfig = (port: number, backends: number[]) => `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  option redispatch
  retries 3
  retry-on conn-failure
frontend pennon
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend processes
backend processes
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  # A dead process refuses the check at once; a busy one may answer slowly and stays in.
  timeout check 10s
  default-server inter 500ms fall 2 rise 1
${backends.map((p, i) => `  server p${i} 127.0.0.1:${p} check`).join('\n')}
`;

export interface Cluster {
  /** HAProxy's address: what players use. */
  url: string;
  /** Each process's own address (the same after a restart). */
  urls: string[];
  /** The data directory the processes share (their SQLite database too, when `env` names no other). */
  dataDir: string;
  /** Each process's Prometheus metrics, when asked for (`metrics`). */
  metricsUrls: string[];
  /** Each process's id now (a restart changes it), and HAProxy's: for benches that read their CPU time. */
  pids(): number[];
  haproxyPid: number;
  /** SIGKILL, as a crash or the OOM killer would. */
  kill(index: number): Promise<void>;
  /** Starts a killed process again on its port, as a supervisor would. */
  restart(index: number): Promise<void>;
  output(index: number): string;
  stop(): Promise<void>;
}

const end = async (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

/**
 * `count` processes sharing `env` (the database, Redis) and one data directory, and HAProxy in front; with `metrics`,
 * each serves its metrics on a port of its own.
 */
export const startCluster = async (
  count: number,
  env: Record<string, string>,
  { metrics = false }: { metrics?: boolean } = {},
): Promise<Cluster> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pennon-cluster-'));
  const ports: number[] = [];
  const metricsPorts: number[] = [];
  for (let i = 0; i < count; i++) {
    ports.push(await freePort());
    if (metrics) metricsPorts.push(await freePort());
  }
  const children: ChildProcess[] = [];
  const outputs: (() => string)[] = [];
  const start = async (index: number) => {
    const child = spawnServer(dataDir, {
      ...env,
      PORT: String(ports[index]),
      ...(metrics ? { PENNON_METRICS_PORT: String(metricsPorts[index]) } : {}),
    });
    children[index] = child;
    outputs[index] = (await waitUntilServing(child, startTimeoutMs)).output;
  };
  let haproxy: ChildProcess | undefined;
  const stop = async () => {
    await Promise.all(children.map((child) => end(child, 'SIGTERM')));
    if (haproxy) await end(haproxy, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The first migrates the database alone; the others find it ready.
    await start(0);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
    const port = await freePort();
    const config = path.join(dataDir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(port, ports));
    haproxy = spawn(haproxyBinary, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let haproxyOutput = '';
    haproxy.stderr?.on('data', (chunk: Buffer) => {
      haproxyOutput += chunk.toString();
    });
    const url = `http://127.0.0.1:${port}`;
    await untilHealthy(url, () => haproxyOutput);
    return {
      url,
      urls: ports.map((p) => `http://127.0.0.1:${p}`),
      dataDir,
      metricsUrls: metricsPorts.map((p) => `http://127.0.0.1:${p}/metrics`),
      pids: () => children.map((child) => child.pid as number),
      haproxyPid: haproxy.pid as number,
      kill: (index) => end(children[index] as ChildProcess, 'SIGKILL'),
      restart: (index) => start(index),
      output: (index) => outputs[index]?.() ?? '',
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** Waits until HAProxy answers /healthz from a process. */
const untilHealthy = async (url: string, output: () => string) => {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/healthz`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`HAProxy did not come up:\n${output()}`);
};
