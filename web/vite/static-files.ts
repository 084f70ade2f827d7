// `vite serve` only: answers `{base}static/**` from the repository's static/ folder (translation files,
// brand images), as the built client finds them under /static/ too. A build copies nothing from there:
// what the client uses is imported (and so hashed) or emitted by ./locales.ts.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

export const staticFilesPlugin = ({ dir }: { dir: string }): Plugin => ({
  name: 'pennon:static-files',
  apply: 'serve',
  configureServer(server) {
    const root = path.resolve(dir);
    const prefix = `${server.config.base}static/`;
    server.middlewares.use(async (req, res, next) => {
      const pathname = req.url?.split('?')[0];
      if (!pathname?.startsWith(prefix)) return next();
      const file = path.resolve(root, decodeURIComponent(pathname.slice(prefix.length)));
      const type = CONTENT_TYPES[path.extname(file)];
      if (!type || !file.startsWith(root + path.sep)) return next();
      try {
        if (!(await stat(file)).isFile()) return next();
        res.setHeader('content-type', type);
        res.setHeader('cache-control', 'no-cache');
        res.end(await readFile(file));
      } catch {
        next();
      }
    });
  },
});
