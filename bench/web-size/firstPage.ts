// The scripts a first visit to a page of the built web client loads before it shows: what index.html names
// (the entry and its modulepreloads), every chunk those import statically, and the route's lazy page chunk
// with its static imports. Shared by measure.ts and the size-budget test.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The pages measured, by path, with how the route table in the entry chunk names each. */
export const FIRST_PAGES: Record<string, string> = {
  '/': 'index:!0',
  '/games': 'path:`games`',
  '/account/Register': 'path:`account/Register`',
};

/** The gzip size of one built file (level 9, as a server would precompress it). */
export const gzipSize = (dist: string, file: string): number =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

const read = (dist: string, file: string) => readFileSync(path.join(dist, file), 'utf8');

/** The chunks `file` imports statically (`import … from "./x.js"`, `import "./x.js"`), as dist paths. */
const staticImports = (dist: string, file: string): string[] =>
  [...read(dist, file).matchAll(/(?:from|import)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)].map((match) =>
    path.posix.join(path.posix.dirname(file), match[1] as string),
  );

const closure = (dist: string, files: string[], into: Set<string>): Set<string> => {
  for (const file of files) {
    if (into.has(file)) continue;
    into.add(file);
    closure(dist, staticImports(dist, file), into);
  }
  return into;
};

/** The entry and the modulepreloads of index.html, as dist paths. */
const htmlScripts = (dist: string): string[] =>
  [
    ...read(dist, 'index.html').matchAll(
      /<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g,
    ),
  ].map((match) => match[1] as string);

/** Every script a first visit to `page` (a key of FIRST_PAGES) loads, entry first. */
export const firstPageScripts = (dist: string, page: string): string[] => {
  const route = FIRST_PAGES[page];
  if (!route) throw new Error(`No route known for ${page}`);
  const html = htmlScripts(dist);
  const entry = html[0];
  if (!entry) throw new Error(`No entry script in ${path.join(dist, 'index.html')}`);
  const scripts = closure(dist, html, new Set());
  // The route's own `lazy:` import: after its path and handle, before the next route object.
  const source = read(dist, entry);
  const at = source.indexOf(`${route},`);
  const lazy = at < 0 ? undefined : /^[^{}]*(?:\{[^{}]*\}[^{}]*)?lazy:/.exec(source.slice(at));
  const chunk =
    lazy && /import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/.exec(source.slice(at + lazy[0].length))?.[1];
  if (!chunk) throw new Error(`The page chunk of ${page} is not in ${entry}`);
  return [...closure(dist, [path.posix.join(path.posix.dirname(entry), chunk)], scripts)];
};
