// The first-page JavaScript budget of the built web client: what a first visit to `/` loads before it shows
// (bench/web-size measures it and the other main pages) stays within 250 KB gzip.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGES, firstPageScripts, gzipSize } from '../../bench/web-size/firstPage.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const BUDGET = 250 * 1024;

const total = (page: string) =>
  firstPageScripts(dist, page).reduce((sum, file) => sum + gzipSize(dist, file), 0);

describe('first-page JavaScript', () => {
  it('follows the page chunk of each main page, not only the shared entry', () => {
    for (const page of Object.keys(FIRST_PAGES)) {
      expect(firstPageScripts(dist, page).length, page).toBeGreaterThan(2);
    }
  });

  it(`keeps / within ${BUDGET / 1024} KB gzip`, () => {
    expect(total('/')).toBeLessThanOrEqual(BUDGET);
  });
});
