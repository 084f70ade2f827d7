// The elements live in shadow roots, where a <link> or a <style> in the document's head does not reach. So the
// CSS the bundle imports (Mantine's, the web components' modules) is not emitted as a file: it replaces the
// `'__PENNON_WIDGET_CSS__'` string in the JavaScript, and shell/styles.ts adopts it into every shadow root.
// @font-face rules (KaTeX's) are dropped with their font files: fonts declared in a shadow root are not loaded,
// so they would only cost bytes; formulas fall back to the system's math fonts.
import type { Plugin } from 'vite';

const PLACEHOLDER = /(["'`])__PENNON_WIDGET_CSS__\1/g;
const FONT_FACE = /@font-face\s*\{[^}]*\}/g;
const FONT_FILE = /\.(woff2?|ttf|otf|eot)$/;

export const inlineCssPlugin = (): Plugin => ({
  name: 'pennon:inline-css',
  enforce: 'post',
  generateBundle(_options, bundle) {
    let css = '';
    for (const [name, file] of Object.entries(bundle)) {
      if (file.type === 'asset' && name.endsWith('.css')) {
        css += String(file.source);
        delete bundle[name];
      } else if (file.type === 'asset' && FONT_FILE.test(name)) {
        delete bundle[name];
      }
    }
    const literal = JSON.stringify(css.replace(FONT_FACE, ''));
    let replaced = false;
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk' || !PLACEHOLDER.test(file.code)) continue;
      file.code = file.code.replace(PLACEHOLDER, () => literal);
      replaced = true;
    }
    if (!replaced) this.error('The bundle has no __PENNON_WIDGET_CSS__ placeholder for its styles');
  },
});
