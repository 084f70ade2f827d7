// Every `@mantine/core` import of the bundle (the shared web components' included) goes to src/compat/mantine.ts,
// whose Tooltip is the browser's `title`; that module alone gets the real Mantine.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const standIn = fileURLToPath(new URL('../src/compat/mantine.ts', import.meta.url));

export const mantineTooltipPlugin = (): Plugin => ({
  name: 'pennon:mantine-tooltip',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '@mantine/core' && importer !== standIn) return standIn;
    return null;
  },
});
