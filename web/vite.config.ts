import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localesPlugin } from './vite/locales.ts';
import { staticFilesPlugin } from './vite/static-files.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const staticDir = fileURLToPath(new URL('../static', import.meta.url));

/** The Pennon server the dev server forwards API calls to. */
const apiTarget = process.env.PENNON_DEV_SERVER || 'http://localhost:8080';

export default defineConfig({
  root: webDir,
  // Nothing is copied verbatim: every file the build writes is hashed and lives under /static/.
  publicDir: false,
  plugins: [react(), localesPlugin({ dir: `${staticDir}/locales` }), staticFilesPlugin({ dir: staticDir })],
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
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
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
