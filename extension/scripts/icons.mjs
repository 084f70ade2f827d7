// Renders the toolbar and store icons from the brand logo (static/brand/logo.svg) into public/icon/,
// where WXT finds them. Runs before every build; the PNGs are not committed.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const svg = readFileSync(path.resolve(here, '../../static/brand/logo.svg'));
const out = path.resolve(here, '../public/icon');
mkdirSync(out, { recursive: true });
await Promise.all(
  [16, 32, 48, 96, 128].map((size) =>
    sharp(svg, { density: Math.max(72, (72 * size) / 64) * 2 })
      .resize(size, size)
      .png()
      .toFile(path.join(out, `${size}.png`)),
  ),
);
