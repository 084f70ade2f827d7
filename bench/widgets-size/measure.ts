// Gzip sizes of the built widgets, as a page loads them: `npm run build --workspace widgets`, then
// `npx tsx bench/widgets-size/measure.ts [path/to/widgets/dist]`.
// - elements: the ES module and the chunks it imports statically: everything any element (<pennon-scoreboard>,
//   <pennon-top-teams>, <pennon-challenge-card>, <pennon-notices>) needs to render and stay live (Preact, Mantine
//   and its styles, the SDK and its hub client) (the scoreboard's ≤ 120 KB target), and each of those files;
// - + chart: with the chunks `chart` loads; + markdown: with those an organisers' notice loads;
// - classic script: the IIFE, everything in one file; dictionary: the largest locale file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '../../widgets/dist'));
const moduleFile = path.join(dist, 'pennon-widgets.js');
if (!existsSync(moduleFile)) {
  console.error(`No build in ${dist}: run \`npm run build --workspace widgets\` first`);
  process.exit(1);
}

const read = (file: string) => readFileSync(path.join(dist, file));
const gzip = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(read(file), { level: 9 }).length, 0);

/** The chunks a file imports, `import … from "./x.js"` (static) or `import("./x.js")` (dynamic). */
const imports = (file: string, kind: 'static' | 'dynamic'): string[] => {
  const code = read(file).toString();
  const pattern =
    kind === 'static'
      ? /(?:from|import)\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g
      : /import\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;
  return [...code.matchAll(pattern)].map((match) => path.join(path.dirname(file), match[1] as string));
};

/** A file and everything it imports statically, transitively. */
const closure = (files: string[], into = new Set<string>()): Set<string> => {
  for (const file of files) {
    if (into.has(file)) continue;
    into.add(file);
    closure(imports(file, 'static'), into);
  }
  return into;
};

const base = closure(['pennon-widgets.js']);
const lazy = [...base].flatMap((file) => imports(file, 'dynamic'));
const lazyNamed = (name: string) =>
  closure(
    lazy.filter((file) => path.basename(file).startsWith(name)),
    new Set(base),
  );
const dictionaries = readdirSync(path.join(dist, 'locales')).map((file) => `locales/${file}`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: [string, number][] = [
  ['elements', gzip(base)],
  ['+ chart', gzip(lazyNamed('ScoreTimeline'))],
  ['+ markdown', gzip(lazyNamed('MarkdownView'))],
  ['classic script', gzip(['pennon-widgets.iife.js'])],
  ['dictionary', Math.max(...dictionaries.map((file) => gzip([file])))],
];
console.log(`Widgets: ${dist}`);
for (const [name, bytes] of rows) {
  console.log(`${name.padEnd(15)} ${kb(bytes).padStart(9)} gzip`);
  // The elements' files, each on its own.
  if (name === 'elements')
    for (const file of base) console.log(`  ${kb(gzip([file])).padStart(23)}  ${file}`);
}
