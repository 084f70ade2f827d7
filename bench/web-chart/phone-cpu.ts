// A phone's CPU, emulated on whatever machine runs the bench. A fixed slowdown is relative to the host: the same ×4
// made one host a Moto G4 and another a faster phone, so figures moved with the machine, not the build. Instead the
// slowdown is found the way Chromium's DevTools calibrates its "mid-tier" and "low-tier mobile" presets: the rate at
// which Lighthouse's BenchmarkIndex, measured in the page, reads the score of that class of phone.
import type { Page } from 'puppeteer-core';

/** BenchmarkIndex scores of DevTools' calibration targets: a Pixel 5, and a Moto G Power 2022. */
export const phones = {
  mid: { score: 1000, name: 'mid-tier phone (Pixel 5 class)' },
  low: { score: 264, name: 'low-tier phone (Moto G Power 2022 class)' },
} as const;
export type Phone = keyof typeof phones;

/**
 * Lighthouse's BenchmarkIndex over `ms`, run in the page: the mean of a garbage-heavy score (10,000-character strings
 * built one character at a time) and a copy score (100,000 integers copied between two arrays), each in runs a
 * second divided by 10. Its scale is what the phones' scores above are in.
 */
const benchmarkIndex = (page: Page, ms: number) =>
  page.evaluate((ms: number) => {
    const a = Array.from({ length: 100_000 }, (_, i) => i);
    const b = [...a];
    // Anonymous functions only: the bench's compiler wraps named ones in a helper the page does not have.
    const steps: ((run: number) => number)[] = [
      () => {
        let text = '';
        for (let i = 0; i < 10_000; i++) text += 'a';
        return text.length;
      },
      (run) => {
        const [from, to] = run % 2 === 0 ? [a, b] : [b, a];
        for (let i = 0; i < from.length; i++) to[i] = from[i] as number;
        return to.length;
      },
    ];
    let sum = 0;
    for (const step of steps) {
      const start = performance.now();
      let runs = 0;
      // The clock is read every 10th run: reading it each time puts a timer call in the measured loop.
      while (runs % 10 !== 0 || performance.now() - start < ms / 2) {
        if (step(runs) === 0) throw new Error('unreachable: keeps the work from being optimised away');
        runs++;
      }
      sum += Math.round(runs / 10 / ((performance.now() - start) / 1000));
    }
    return sum / steps.length;
  }, ms);

export interface Calibration {
  /** The host's own score, unthrottled. */
  host: number;
  /** The CPU slowdown that emulates the phone, and the score measured at it. */
  rate: number;
  score: number;
}

/**
 * Bisects the CPU slowdown until the page scores within 2 % of the phone's BenchmarkIndex. Throws on a host slower
 * than the phone: it cannot be emulated there.
 */
export const calibrate = async (page: Page, phone: Phone): Promise<Calibration> => {
  const target = phones[phone].score;
  // The better of two: other processes on the machine only lower a score, and a score lowered that way would settle
  // on a smaller slowdown, a faster phone than the one named.
  const scoreAt = async (rate: number) => {
    await page.emulateCPUThrottling(rate);
    return Math.max(await benchmarkIndex(page, 400), await benchmarkIndex(page, 400));
  };
  await scoreAt(1); // warms the benchmark's code up
  const host = await scoreAt(1);
  if (host < target)
    throw new Error(`this machine scores ${host}, slower than a ${phones[phone].name} (${target})`);
  // The score is not quite inverse to the rate, so the first guess bounds the bisection rather than ends it.
  let [low, high] = [1, (1.5 * host) / target];
  let best = { rate: 1, score: host };
  for (let step = 0; step < 8 && Math.abs(best.score - target) > target * 0.02; step++) {
    const rate = Math.round(((low + high) / 2) * 100) / 100; // DevTools keeps a rate's hundredths
    const score = await scoreAt(rate);
    if (Math.abs(score - target) < Math.abs(best.score - target)) best = { rate, score };
    if (score > target) low = rate;
    else high = rate;
  }
  await page.emulateCPUThrottling(1);
  return { host, ...best };
};
