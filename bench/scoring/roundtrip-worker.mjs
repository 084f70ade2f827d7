// The submit round trip as a GZ::CTF client makes it, on its own thread: each client POSTs a flag, then polls
// GET …/status/{id} until the verdict is in (no pause between polls), then sends its next flag. One keep-alive
// connection per client; reports the round trips' rate and latency percentiles over the whole phase.
// With `perSecond`, the clients together offer that many flags a second, each on its own fixed schedule, and a round
// trip counts from when its flag was due: a server that falls behind shows it in the latencies, not in fewer sends.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { watchCpuWait } from './cpu-wait.mjs';
import { openConnections } from './open-connections.mjs';

/** clients: per client, its flags in order, each { path, cookie, flag }. */
const { origin, durationMs, clients, perSecond } = workerData;
/** Between one client's flags when paced, and the offset that spreads the clients over that interval. */
const intervalMs = perSecond ? (1000 * clients.length) / perSecond : 0;
const pool = new Pool(origin, { connections: clients.length, pipelining: 1, keepAliveTimeout: 30_000 });
/** Per counted round trip: [total, sent late, POST, polls], ms. */
const latencies = [];
const verdicts = {};
let polls = 0;
let failed = 0;

await openConnections(pool, clients.length);
/**
 * Paced, the schedule's first second is sent but not counted: a new worker thread (its code not yet optimised) sends
 * late at first, and every flag due meanwhile counted that lateness as the server's.
 */
const warmUpMs = perSecond ? 1000 : 0;
const deadline = performance.now() + warmUpMs + durationMs;
const countedFrom = deadline - durationMs;

const text = async (res) => {
  const body = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${res.statusCode} ${body}`);
  return body;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const client = async ({ flags }, c) => {
  const first = countedFrom - warmUpMs + (intervalMs * c) / clients.length;
  for (let k = 0; performance.now() < deadline; k++) {
    const { path, cookie, flag } = flags[k % flags.length];
    const due = first + k * intervalMs;
    if (intervalMs && due >= deadline) break;
    if (intervalMs) await sleep(due - performance.now());
    const started = intervalMs ? due : performance.now();
    const sent = performance.now();
    try {
      const id = await text(
        await pool.request({
          method: 'POST',
          path,
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ flag }),
        }),
      );
      const posted = performance.now();
      let verdict;
      let asked = 0;
      do {
        asked++;
        verdict = JSON.parse(
          await text(
            await pool.request({ method: 'GET', path: `${path}/status/${id}`, headers: { cookie } }),
          ),
        );
      } while (verdict === 'FlagSubmitted');
      if (started < countedFrom) continue;
      polls += asked;
      const done = performance.now();
      latencies.push([done - started, sent - started, posted - sent, done - posted]);
      verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
    } catch {
      failed++;
    }
  }
};

const started = performance.now();
const waited = watchCpuWait();
// A generator that sends late or reads replies late adds that to the latencies it reports: its own loop's delay.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
await Promise.all(clients.map(client));
loop.disable();
const generatorWaitedForCpu = waited();
const seconds = (performance.now() - Math.max(started, countedFrom)) / 1000;
await pool.close();
latencies.sort((a, b) => a[0] - b[0]);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.[0] ?? 0;
// Where the slowest 1 % spent their time, on average: sent late (the generator), the POST, the polls.
const slowest = latencies.slice(Math.floor(0.99 * latencies.length));
const meanOf = (part) => slowest.reduce((sum, l) => sum + l[part], 0) / Math.max(1, slowest.length);
parentPort.postMessage({
  roundTrips: latencies.length,
  perSecond: latencies.length / seconds,
  p50: at(0.5),
  p99: at(0.99),
  max: latencies.at(-1)?.[0] ?? 0,
  slowest: { late: meanOf(1), post: meanOf(2), polls: meanOf(3) },
  pollsPerFlag: polls / Math.max(1, latencies.length),
  verdicts,
  failed,
  generatorWaitedForCpu,
  generatorLoopMax: loop.max / 1e6,
});
