// Each Mantine component's stylesheet travels with the component's code, so a page's chunk carries the styles of
// the components it renders and no others (the whole `@mantine/core/styles.css` was 250 KB for the first page to
// parse). The rule is Mantine's own layout: every `esm/**/<Name>.module.mjs` (the class names a component
// renders) has its stylesheet at `styles/<Name>.css`; importing it there puts it after the stylesheets of the
// components it builds on, the order Mantine asks for. The base styles are imported by src/app/AppProviders.tsx.
import type { Plugin } from 'vite';

const COMPONENT_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;

/** The stylesheet of the Mantine module `id` when it holds a component's class names, else undefined. */
export const mantineStylesheetOf = (id: string): string | undefined => {
  const name = COMPONENT_CLASSES.exec(id.replace(/\?.*/, ''))?.[1];
  return name && `@mantine/core/styles/${name}.css`;
};

const transform = (code: string, id: string) => {
  const stylesheet = mantineStylesheetOf(id);
  // Appended, so the source map stays right: the module imports nothing else, and imports run first anyway.
  return stylesheet ? { code: `${code}\nimport ${JSON.stringify(stylesheet)};\n`, map: null } : undefined;
};

/** For the build, and for `vite serve`'s pre-bundling of Mantine (which leaves stylesheets to the dev server). */
export const mantineStylesPlugin = (): Plugin => ({
  name: 'pennon:mantine-styles',
  config: () => ({
    optimizeDeps: { rolldownOptions: { plugins: [{ name: 'pennon:mantine-styles', transform }] } },
  }),
  transform,
});
