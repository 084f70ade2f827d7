// Debian's Chromium driven by puppeteer-core; `npm test` finds or installs it and sets PENNON_TEST_CHROMIUM.
import puppeteer, { type Browser } from 'puppeteer-core';

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
