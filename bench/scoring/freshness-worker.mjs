// How soon a solve reaches the scoreboard, measured from outside, on its own thread: a probe team submits a correct
// flag (a new solve each time) and one client per board origin (each server process, in a cluster) polls the
// scoreboard without pause, revalidating the copy it has (If-None-Match) as browsers do, until the team's line shows
// the solve. Each sample is the time from sending the flag to the poller's answer with the solve in it. Runs until
// told to stop (or its flags run out); the next flag goes once every poller has seen the last one.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

/** flags: each { path, cookie, flag }, a new solve of `team` each. */
const { submitOrigin, boardOrigins, gameId, team, flags, gapMs, timeoutMs } = workerData;
const boardPath = `/api/game/${gameId}/scoreboard`;
const submitter = new Pool(submitOrigin, { connections: 1, keepAliveTimeout: 30_000 });
let stopping = false;
let failed = 0;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The team's solves as each board shows them, and who waits for them to grow. */
const pollers = boardOrigins.map((origin) => ({
  pool: new Pool(origin, { connections: 1, keepAliveTimeout: 30_000 }),
  etag: undefined,
  solved: -1,
  /** Called with the time of each answer that changed `solved`. */
  changed: () => {},
  polls: 0,
}));

const poll = async (poller) => {
  while (!stopping) {
    try {
      const res = await poller.pool.request({
        method: 'GET',
        path: boardPath,
        headers: poller.etag ? { 'if-none-match': poller.etag } : {},
      });
      const body = await res.body.text();
      const at = performance.now();
      poller.polls++;
      if (res.statusCode === 200) {
        poller.etag = res.headers.etag;
        const item = JSON.parse(body).items.find((i) => i.name === team);
        const solved = item?.solvedCount ?? 0;
        if (solved !== poller.solved) {
          poller.solved = solved;
          poller.changed(at);
        }
      } else if (res.statusCode !== 304) failed++;
    } catch {
      failed++;
      await sleep(10);
    }
  }
};

const running = pollers.map(poll);
while (pollers.some((p) => p.solved < 0)) await sleep(10);
parentPort.postMessage('ready');
parentPort.once('message', () => {
  stopping = true;
});

/** Per board origin, the milliseconds from each flag to that board showing it. */
const samples = boardOrigins.map(() => []);
let missed = 0;
let sent = 0;
for (const { path, cookie, flag } of flags) {
  if (stopping) break;
  const expected = Math.max(...pollers.map((p) => p.solved)) + 1;
  const timers = [];
  const resolvers = [];
  const seen = pollers.map(
    (poller, k) =>
      new Promise((resolve) => {
        resolvers[k] = resolve;
        timers[k] = setTimeout(() => resolve(undefined), timeoutMs);
        poller.changed = (at) => {
          if (poller.solved < expected) return;
          clearTimeout(timers[k]);
          resolve(at);
        };
      }),
  );
  const sentAt = performance.now();
  sent++;
  try {
    const res = await submitter.request({
      method: 'POST',
      path,
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ flag }),
    });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(String(res.statusCode));
  } catch {
    failed++;
    for (const [k, resolve] of resolvers.entries()) {
      clearTimeout(timers[k]);
      resolve(Number.POSITIVE_INFINITY);
    }
  }
  for (const [k, at] of (await Promise.all(seen)).entries()) {
    if (at === undefined) missed++;
    else if (Number.isFinite(at)) samples[k].push(at - sentAt);
  }
  await sleep(gapMs);
}
stopping = true;
await Promise.all(running);
await Promise.all([submitter, ...pollers.map((p) => p.pool)].map((pool) => pool.close()));
parentPort.postMessage({ samples, missed, failed, sent, polls: pollers.map((p) => p.polls) });
