import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { readBuildInfo } from './vite/build-info.ts';
import { localesPlugin } from './vite/locales.ts';
import { mantineStylesPlugin } from './vite/mantine-styles.ts';
import { staticFilesPlugin } from './vite/static-files.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const staticDir = fileURLToPath(new URL('../static', import.meta.url));

/** The Pennon server the dev server forwards API calls to. */
const apiTarget = process.env.PENNON_DEV_SERVER || 'http://localhost:8080';

export default defineConfig({
  root: webDir,
  // Nothing is copied verbatim: every file the build writes is hashed and lives under /static/.
  publicDir: false,
  // Read by src/buildInfo.ts.
  define: { __PENNON_BUILD__: JSON.stringify(readBuildInfo(webDir)) },
  plugins: [
    react(),
    mantineStylesPlugin(),
    localesPlugin({ dir: `${staticDir}/locales` }),
    staticFilesPlugin({ dir: staticDir }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server keeps /assets/ for uploaded files and caches /static/ for a year.
    assetsDir: 'static',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // Only pages showing Markdown load these (components/Markdown): their own chunk, fetched lazily.
            {
              name: 'markdown',
              test: /node_modules[\\/](marked|marked-highlight|marked-katex-extension|dompurify|katex|highlight\.js)[\\/]/,
              priority: 4,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            // A group takes every matching module, whether the first page wants it or not: only what the app
            // shell needs is grouped (Mantine's theme and styles system, not its components, nor its hooks: the
            // colour picker's drag and move hooks alone weighed 2.7 KB gzip on `/`). The rest (components, hooks,
            // charts, date pickers, the hub client, icons) goes with the pages that import it.
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](core[\\/]esm[\\/]core|notifications|modals)|@floating-ui)[\\/]/,
              priority: 2,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector|swr|lz-string)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/assets': { target: apiTarget, changeOrigin: true },
      '/hub': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
