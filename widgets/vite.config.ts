import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStylesPlugin } from '../web/vite/mantine-styles.ts';
import { inlineCssPlugin } from './vite/inline-css.ts';
import { widgetLocalesPlugin } from './vite/locales.ts';
import { mantineTooltipPlugin } from './vite/mantine-tooltip.ts';

const widgetsDir = fileURLToPath(new URL('.', import.meta.url));
const webDir = fileURLToPath(new URL('../web', import.meta.url));
const localesDir = fileURLToPath(new URL('../static/locales', import.meta.url));

// Two files for one set of elements: an ES module (`<script type="module">`, bundlers; the chart and Markdown
// load as chunks of their own) and a classic script (`<script src>`, everything in one file). React, Mantine
// and the SDK are inside both: a host page needs nothing else.
export default defineConfig({
  root: widgetsDir,
  publicDir: false,
  plugins: [
    react(),
    mantineTooltipPlugin(),
    mantineStylesPlugin(),
    inlineCssPlugin(),
    widgetLocalesPlugin({ dir: localesDir }),
  ],
  resolve: {
    alias: [
      // Preact in place of React (react-dom alone was two fifths of the scoreboard's bytes): see src/compat/react.ts.
      { find: /^react$/, replacement: fileURLToPath(new URL('src/compat/react.ts', import.meta.url)) },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      // KaTeX's stylesheet is mostly its fonts, which a shadow root cannot load: see src/shell/katex.css.
      {
        find: 'katex/dist/katex.min.css',
        replacement: fileURLToPath(new URL('src/shell/katex.css', import.meta.url)),
      },
      // The shared components' translations come from the element's Translator, not i18next (a sixth of the
      // scoreboard's bytes): see src/i18n/translator.ts.
      {
        find: 'react-i18next',
        replacement: fileURLToPath(new URL('src/i18n/react-i18next.tsx', import.meta.url)),
      },
    ],
  },
  // The web components' CSS modules use web's PostCSS set-up (Mantine's preset).
  css: { postcss: webDir },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    minify: true,
    target: 'es2022',
    lib: {
      entry: 'src/index.ts',
      name: 'PennonWidgets',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'pennon-widgets.js' : 'pennon-widgets.iife.js'),
    },
    rolldownOptions: {
      // Lib mode leaves an ES module's whitespace for later bundlers; this one also goes straight to browsers.
      output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true },
    },
  },
});
