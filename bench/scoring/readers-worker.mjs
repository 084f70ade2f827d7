// The readers of a game, on their own thread: each holds a /hub/user connection (SignalR JSON protocol, over
// WebSocket) and polls the scoreboard once a second as a browser does, revalidating the copy it has (If-None-Match).
// Runs until told to stop; reports the reads, how many were 304, their latency, and the hub connections still open.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import WebSocket from 'ws';

const { origin, gameId, clients, pollMs } = workerData;
const recordSeparator = '\u001e';
const pool = new Pool(origin, { connections: clients, pipelining: 1, keepAliveTimeout: 30_000 });
const boardPath = `/api/game/${gameId}/scoreboard`;
const latencies = [];
let reads = 0;
let notModified = 0;
let failed = 0;
let hubMessages = 0;
let stopping = false;

const openHub = () =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/hub/user?game=${gameId}`);
    socket.on('open', () =>
      socket.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${recordSeparator}`),
    );
    socket.once('message', () => resolve(socket)); // the handshake's answer
    socket.on('message', () => hubMessages++);
    socket.once('error', reject);
  });
const hubs = [];
for (let i = 0; i < clients; i++) hubs.push(await openHub());
// SignalR clients ping; the server drops a client it has not heard from in 30 s.
const pinger = setInterval(() => {
  for (const socket of hubs) socket.send(`{"type":6}${recordSeparator}`);
}, 10_000);

const reader = async (n) => {
  let etag;
  await new Promise((resolve) => setTimeout(resolve, (n * pollMs) / clients)); // spread over the second
  while (!stopping) {
    const started = performance.now();
    try {
      const res = await pool.request({
        method: 'GET',
        path: boardPath,
        headers: { 'accept-encoding': 'gzip', ...(etag && { 'if-none-match': etag }) },
      });
      await res.body.dump();
      if (res.statusCode >= 400) failed++;
      else if (res.statusCode === 304) notModified++;
      etag = res.headers.etag ?? etag;
      reads++;
      latencies.push(performance.now() - started);
    } catch {
      failed++;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
};

parentPort.postMessage('ready');
const running = Array.from({ length: clients }, (_, n) => reader(n));
parentPort.once('message', async () => {
  stopping = true;
  await Promise.all(running);
  clearInterval(pinger);
  const open = hubs.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  for (const socket of hubs) socket.terminate();
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  parentPort.postMessage({ reads, notModified, failed, p50: at(0.5), p99: at(0.99), open, hubMessages });
});
