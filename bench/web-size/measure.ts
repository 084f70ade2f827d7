// Gzip sizes of the JavaScript a first visit to the web client's main pages loads (entry, modulepreloads, their
// static imports, the page's own chunk): `npm run build --workspace web`, then
// `npx tsx bench/web-size/measure.ts [path/to/web/dist]`. The budget for `/` is 250 KB (tests/e2e/web-size.test.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PAGES, firstPageScripts, gzipSize } from './firstPage.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '../../web/dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`npm run build --workspace web\` first`);
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`Web client: ${dist}`);
for (const page of Object.keys(FIRST_PAGES)) {
  const sizes = firstPageScripts(dist, page).map((file) => [file, gzipSize(dist, file)] as const);
  const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`${page.padEnd(18)} ${kb(total).padStart(9)} gzip, ${sizes.length} scripts`);
  for (const [file, bytes] of sizes) console.log(`  ${kb(bytes).padStart(25)}  ${file}`);
}
