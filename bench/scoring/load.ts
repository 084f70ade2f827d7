// The load generator, in its own process so it never shares the server's event loop: Debian's wrk when installed
// (`apt-get install wrk`), else the undici worker thread of load-worker.mjs. Both run a closed loop over
// `connections` keep-alive connections; request k is template k mod n, so a list of distinct templates is sent
// once each before any repeats (each correct flag a new solve). Connections are opened before the clock starts: a
// busy server accepts new connections slowly (about one per event-loop turn here), so a measurement that includes
// them times the connection ramp rather than the requests; the idle time it takes is left out of every rate.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  generator: string;
  /** CPU time of this process per request (the server's; with the worker fallback, the generator's too). */
  cpuMicrosPerRequest: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /**
   * Responses with a status of 400 or more, and wrk's requests lost to socket errors (which stop the undici worker
   * instead). Not counted per status: wrk hands a script every response body to count statuses, and copying 300 KB
   * bodies into Lua made wrk, not the server, the limit (about 650 against 4,700 gzipped scoreboards a second, the
   * server idle 63 % of the time).
   */
  failed: number;
  bytesPerResponse: number;
}

export interface Template {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  connections: number;
  durationMs: number;
}

const wrkPath = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();

export const generatorName = wrkPath ? 'wrk' : 'undici worker';

// One thread: the server needs the other core of a two-core machine more than wrk needs a second one.
const threads = 1;
/** Idle time for the connections to open before the first request. */
const connectMs = 500;

const lua = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal here (ASCII)

/**
 * The templates as lines the script reads at start, one per template: method, path, body (empty for none), then
 * header names and values, tab-separated. Written into the script as a table they broke LuaJIT's limit of 65,536
 * constants per function at 60,000 templates.
 */
const templateLines = (templates: Template[]): string =>
  templates
    .map((t) => {
      const fields = [t.method, t.path, t.body ?? '', ...Object.entries(t.headers).flat()];
      if (fields.some((f) => /[\t\n]/.test(f)))
        throw new Error(`template field with a tab or newline: ${t.path}`);
      return `${fields.join('\t')}\n`;
    })
    .join('');

/** Each wrk thread takes the templates k ≡ thread (mod threads), so no template is sent twice before all are. */
const wrkScript = (templatesFile: string, connections: number) => `
local templates = {}
for line in io.lines(${lua(templatesFile)}) do
  local f = {}
  for field in (line .. "\\t"):gmatch("([^\\t]*)\\t") do table.insert(f, field) end
  local headers = {}
  for i = 4, #f - 1, 2 do headers[f[i]] = f[i + 1] end
  table.insert(templates, { f[1], f[2], headers, f[3] ~= "" and f[3] or nil })
end
local count = 0
function setup(thread)
  thread:set("index", count)
  count = count + 1
end
function init(args)
  formatted = {}
  unopened = ${connections / threads}
end
-- Each connection first waits ${connectMs} ms, so all of them are open before any request is sent and timed.
function delay()
  if unopened > 0 then
    unopened = unopened - 1
    return ${connectMs}
  end
  return 0
end
function request()
  local k = (index % #templates) + 1
  index = index + ${threads}
  local f = formatted[k]
  if not f then
    local t = templates[k]
    f = wrk.format(t[1], t[2], t[3], t[4])
    formatted[k] = f
  end
  return f
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"seconds":%f,"bytes":%d,"p50":%f,"p99":%f,"failed":%d}\\n',
    summary.requests, summary.duration / 1e6, summary.bytes, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, e.status + e.connect + e.read + e.write + e.timeout))
end
`;

const runWrk = async (
  origin: string,
  templates: Template[],
  { connections, durationMs }: LoadOptions,
): Promise<Measured> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pennon-wrk-'));
  const script = path.join(dir, 'load.lua');
  const templatesFile = path.join(dir, 'templates.tsv');
  writeFileSync(templatesFile, templateLines(templates));
  writeFileSync(script, wrkScript(templatesFile, connections));
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
    execFile(
      wrkPath as string,
      [
        `-t${threads}`,
        `-c${connections}`,
        `-d${Math.ceil((durationMs + connectMs) / 1000)}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        origin,
      ],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => (error ? reject(error) : resolve({ stdout, stderr })),
    ),
  ).finally(() => rmSync(dir, { recursive: true, force: true }));
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  // A script error (Lua's) goes to stderr, and wrk still runs, sending nothing useful.
  if (!line) throw new Error(`wrk printed no result:\n${stdout}${stderr}`);
  const r = JSON.parse(line.slice('RESULT '.length));
  return {
    generator: 'wrk',
    requests: r.requests,
    perSecond: r.requests / (r.seconds - connectMs / 1000),
    p50: r.p50,
    p99: r.p99,
    failed: r.failed,
    bytesPerResponse: r.bytes / Math.max(1, r.requests),
  };
};

type Measured = Omit<LoadResult, 'cpuMicrosPerRequest'>;

const runWorker = (origin: string, templates: Template[], { connections, durationMs }: LoadOptions) =>
  new Promise<Measured>((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { origin, connections, durationMs, templates },
    });
    worker.once('message', (r) => resolve({ generator: 'undici worker', ...r }));
    worker.once('error', reject);
  });

export const load = async (
  origin: string,
  templates: Template[],
  options: LoadOptions,
): Promise<LoadResult> => {
  const cpu = process.cpuUsage();
  const result = await (wrkPath ? runWrk(origin, templates, options) : runWorker(origin, templates, options));
  const { user, system } = process.cpuUsage(cpu);
  return { ...result, cpuMicrosPerRequest: (user + system) / Math.max(1, result.requests) };
};
