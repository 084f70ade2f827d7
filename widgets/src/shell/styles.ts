// Every stylesheet of the bundle as one constructed sheet, adopted by each element's shadow root: nothing
// goes into the host page's <head>, and the host page's rules cannot reach in.
import './mantine-styles.ts';

/** Replaced at build time by the bundle's CSS (vite/inline-css.ts). */
const CSS = '__PENNON_WIDGET_CSS__';

let sheet: CSSStyleSheet | undefined;

export const adoptStyles = (root: ShadowRoot): void => {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
};
