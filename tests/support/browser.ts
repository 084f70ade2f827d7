// Debian's Chromium driven by puppeteer-core; `npm test` finds or installs it and sets PENNON_TEST_CHROMIUM.
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * How long a browser may take to start: launch ends once it is up, so this only bounds a failure. Firefox took over
 * puppeteer's default 30 s to start with a fresh profile while the whole suite ran on two cores.
 */
export const launchTimeoutMs = 60_000;

/** `args`: more Chromium switches, e.g. a host resolver rule that names the server as another site would. */
export const launchBrowser = (args: string[] = []): Promise<Browser> => {
  const executablePath = process.env.PENNON_TEST_CHROMIUM;
  if (!executablePath) {
    throw new Error(
      'PENNON_TEST_CHROMIUM is not set: run the tests with `npm test`, or point it at a Chromium',
    );
  }
  return puppeteer.launch({
    executablePath,
    headless: true,
    timeout: launchTimeoutMs,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...args,
    ],
  });
};
