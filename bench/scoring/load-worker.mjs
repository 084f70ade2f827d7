// The fallback load generator (load.ts uses wrk when installed): a bounded closed loop on its own thread over
// `connections` keep-alive connections; request k is template k mod n. Reports throughput and latency percentiles.
// The connections are opened first (one untimed GET / each), as wrk's are.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { openConnections } from './open-connections.mjs';

const { origin, connections, durationMs, templates } = workerData;
const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
const latencies = [];
let failed = 0;
let bytes = 0;
let next = 0;

await openConnections(pool, connections);
const deadline = performance.now() + durationMs;

const loop = async () => {
  while (performance.now() < deadline) {
    const template = templates[next++ % templates.length];
    const started = performance.now();
    const res = await pool.request(template);
    for await (const chunk of res.body) bytes += chunk.length;
    latencies.push(performance.now() - started);
    if (res.statusCode >= 400) failed++;
  }
};

const started = performance.now();
await Promise.all(Array.from({ length: connections }, loop));
const seconds = (performance.now() - started) / 1000;
await pool.close();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
parentPort.postMessage({
  requests: latencies.length,
  perSecond: latencies.length / seconds,
  p50: at(0.5),
  p99: at(0.99),
  failed,
  bytesPerResponse: bytes / Math.max(1, latencies.length),
});
