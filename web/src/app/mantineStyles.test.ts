// The build's rule for Mantine's styles (vite/mantine-styles.ts) against the installed Mantine: each module of
// class names has a stylesheet, and each component stylesheet belongs to one such module, so an upgrade that moves
// or renames either fails here rather than leaving a component unstyled.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesheetOf } from '../../vite/mantine-styles.ts';

const require = createRequire(import.meta.url);
// The package's folder, from its one stylesheet that is not per component.
const mantineDir = path.dirname(require.resolve('@mantine/core/styles.css'));
const BASE_STYLES = ['baseline.css', 'default-css-variables.css', 'global.css'];

describe("Mantine's styles, per component", () => {
  const classModules = readdirSync(path.join(mantineDir, 'esm'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.mjs'))
    .map((file) => path.join(mantineDir, 'esm', file));

  it('gives every module of class names its stylesheet, and every component stylesheet a module', () => {
    const stylesheets = classModules.map((id) => mantineStylesheetOf(id));
    for (const stylesheet of stylesheets) expect(() => require.resolve(stylesheet ?? 'none')).not.toThrow();
    const componentStyles = readdirSync(path.join(mantineDir, 'styles'))
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css') && !BASE_STYLES.includes(file))
      .map((file) => `@mantine/core/styles/${file}`);
    expect(new Set(stylesheets)).toEqual(new Set(componentStyles));
  });

  it("leaves Mantine's other modules as they are", () => {
    expect(mantineStylesheetOf(path.join(mantineDir, 'esm/components/Button/Button.mjs'))).toBeUndefined();
    expect(mantineStylesheetOf('/app/src/components/Foo/Foo.module.mjs')).toBeUndefined();
  });
});
