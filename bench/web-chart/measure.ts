// How long a phone takes to draw the scoreboard's chart: the scoreboard page of a busy game (tests/support/
// scoreboard.ts: 18 challenges, 11 teams) in Chromium at 390 × 844 with the CPU slowed to a phone's (phone-cpu.ts:
// a mid-tier phone unless `--phone=low`, or a fixed slowdown with `--cpu=4`): the first frame painted with the
// chart's lines, counted from the navigation (scripts cached), and the main thread's CPU time until then; then the
// same from a tap on the game's Scoreboard tab, the app already running (what a player moving between a game's pages
// waits for). `npm run build --workspace web`, then
// `npx tsx bench/web-chart/measure.ts [runs] [--phone=mid|low|--cpu=N] [--profile=file.cpuprofile]` (Chromium:
// PENNON_TEST_CHROMIUM, else /usr/bin/chromium; another build: PENNON_WEB_DIR). The profiles open in Chromium's DevTools (Performance → Load
// profile): the file named is of the last tab run, the same name with `.navigation` before its extension of the last
// navigation. Wall times count whatever else the machine runs; the CPU time less so.
// Comparing builds: name each as `label=dist-dir` (`npx tsx bench/web-chart/measure.ts 10 main=/tmp/main-dist
// new=web/dist`). Each is served by its own server and their runs alternate (in turn, the order reversed every other
// round), so a change in the machine's load falls on every build alike instead of on whichever ran at that moment:
// on a shared machine, figures of builds measured minutes apart differ by more than most changes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createNodeClient } from '@pennon/sdk/node';
import type { Browser } from 'puppeteer-core';
import { launchBrowser } from '../../tests/support/browser.ts';
import { createBusyGame } from '../../tests/support/scoreboard.ts';
import { startServer } from '../../tests/support/server.ts';
import { calibrate, type Phone, phones } from './phone-cpu.ts';

const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const profileFile = option('profile');
const fixedRate = option('cpu') === undefined ? undefined : Number(option('cpu'));
const phone = (option('phone') ?? 'mid') as Phone;
if (!(phone in phones) || Number.isNaN(fixedRate)) throw new Error('--phone=mid|low, or --cpu=<slowdown>');
/** The builds measured: `label=dir` arguments, else the server's own (PENNON_WEB_DIR, else web/dist). */
const builds = args
  .filter((arg) => /^[^-][^=]*=/.test(arg))
  .map((arg) => ({ label: arg.slice(0, arg.indexOf('=')), dir: arg.slice(arg.indexOf('=') + 1) }));
process.env.PENNON_TEST_CHROMIUM ??= '/usr/bin/chromium';

interface Run {
  /** The main thread's CPU time from the navigation to that frame, ms (slowed down already). */
  cpu: number;
  /** From the navigation to the first frame painted with the chart's lines, ms. */
  fromStart: number;
}

/** 'load' opens the scoreboard's address; 'tab' opens the game's overview, then taps its Scoreboard tab. */
type From = 'load' | 'tab';

const measure = async (
  browser: Browser,
  url: string,
  from: From,
  cpuRate: number,
  profile?: string,
): Promise<Run> => {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const session = await page.createCDPSession();
    await session.send('Performance.enable');
    await page.emulateCPUThrottling(cpuRate);
    const threadTime = async () =>
      ((await session.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ThreadTime')
        ?.value ?? Number.NaN) * 1000;
    // The chart's first line in the document, then the end of the frame that paints it (a task queued from
    // that frame's animation callback runs after its paint).
    await page.evaluateOnNewDocument(() => {
      // The tap itself, not the call asking puppeteer for it: its locator first waits for the tab to be visible and
      // still over animation frames, a wait a finger does not make.
      addEventListener(
        'pointerdown',
        () => {
          (window as unknown as { tappedAt?: number }).tappedAt ??= performance.now();
        },
        { capture: true },
      );
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="score-timeline"] [data-testid="timeline-line"]')) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            (window as unknown as { drawnAt: number }).drawnAt = performance.now();
          };
          channel.port2.postMessage(null);
        });
      }).observe(document, { childList: true, subtree: true });
    });
    // In 'tab' the overview loads first, unmeasured.
    if (from === 'tab')
      await page.goto(url.replace(/\/Scoreboard$/, ''), { waitUntil: 'networkidle0', timeout: 120_000 });
    if (profile) {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 200 });
      await session.send('Profiler.start');
    }
    const before = await threadTime();
    if (from === 'tab') await page.locator('::-p-aria([name="Scoreboard"][role="tab"])').click();
    else await page.goto(url, { timeout: 120_000 });
    await page.waitForFunction(() => 'drawnAt' in window, { timeout: 120_000, polling: 100 });
    const cpu = (await threadTime()) - before;
    if (profile) {
      const { profile: recorded } = await session.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(recorded));
    }
    const { drawnAt, tappedAt } = await page.evaluate(() => {
      const marks = window as unknown as { drawnAt: number; tappedAt?: number };
      return { drawnAt: marks.drawnAt, tappedAt: marks.tappedAt };
    });
    return { cpu, fromStart: drawnAt - (from === 'tab' ? (tappedAt ?? Number.NaN) : 0) };
  } finally {
    await page.close();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const adminPassword = 'Harbour2024';

/** A server of `dir` (the default build without one) with the busy game: the scoreboard's address. */
const serve = async (dir: string | undefined) => {
  const server = await startServer({
    PENNON_ADMIN_PASSWORD: adminPassword,
    ...(dir === undefined ? {} : { PENNON_WEB_DIR: path.resolve(dir) }),
  });
  const admin = createNodeClient({ baseUrl: server.url });
  await admin.account.login({ userName: 'admin', password: adminPassword });
  const gameId = await createBusyGame(server.url, admin);
  return { server, url: `${server.url}/games/${gameId}/Scoreboard` };
};

/** The slowdown that makes this machine the phone, found in a blank page of the browser the runs use. */
const calibrated = async (browser: Browser) => {
  const page = await browser.newPage();
  try {
    const { host, rate, score } = await calibrate(page, phone);
    console.log(
      `this machine's BenchmarkIndex is ${host}; CPU ×${rate} makes it a ${phones[phone].name}: ${score} ` +
        `(target ${phones[phone].score})`,
    );
    return rate;
  } finally {
    await page.close();
  }
};

const comparing = builds.length > 1;
const [browser, ...targets] = await Promise.all([
  launchBrowser(),
  ...(builds.length > 0 ? builds : [{ label: '', dir: undefined }]).map(async ({ label, dir }) => ({
    label,
    ...(await serve(dir)),
  })),
]);
try {
  const cpuRate = fixedRate ?? (await calibrated(browser));
  // One visit first, so every run finds the scripts in the cache as a returning visitor would.
  for (const { url } of targets) await measure(browser, url, 'load', cpuRate);
  const labels: Record<From, string> = { load: 'navigation', tab: 'tap on the Scoreboard tab' };
  for (const from of ['load', 'tab'] as const) {
    const results = new Map(targets.map((target) => [target, [] as Run[]]));
    for (let run = 0; run < runs; run += 1) {
      for (const target of run % 2 === 0 ? targets : [...targets].reverse()) {
        const named = (file: string) =>
          comparing ? file.replace(/(\.[^./]*)?$/, `.${target.label}$1`) : file;
        const profile =
          run === runs - 1 && profileFile
            ? named({ load: profileFile.replace(/(\.[^./]*)?$/, '.navigation$1'), tab: profileFile }[from])
            : undefined;
        const result = await measure(browser, target.url, from, cpuRate, profile);
        results.get(target)?.push(result);
        console.log(
          `${target.label ? `${target.label}: ` : ''}${from} run ${run + 1}: chart painted ` +
            `${Math.round(result.fromStart)} ms after the ${labels[from]} (${Math.round(result.cpu)} ms main-thread CPU)`,
        );
      }
    }
    for (const [target, runsOf] of results)
      console.log(
        `${target.label ? `${target.label}: ` : ''}median of ${runs} at 390 px, CPU ×${cpuRate}: ${labels[from]} → chart ` +
          `painted ${Math.round(median(runsOf.map((r) => r.fromStart)))} ms, main-thread CPU until then ` +
          `${Math.round(median(runsOf.map((r) => r.cpu)))} ms`,
      );
  }
  if (profileFile)
    console.log(
      `CPU profiles of the last runs: ${profileFile}, its .navigation twin${comparing ? ', per build' : ''}`,
    );
} finally {
  await browser.close();
  await Promise.all(targets.map(({ server }) => server.stop()));
}
