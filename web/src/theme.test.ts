import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { paletteOf } from '@pennon/sdk/theme';
import { describe, expect, it } from 'vitest';
import { contrastRatio as contrast, cssVariablesResolver, theme, themeWithPrimary } from './theme.ts';

describe('theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each([
    ['the brand palette', theme],
    ['a custom yellow', themeWithPrimary(paletteOf('#fcc419'))],
  ])('keep light-scheme coloured text at 4.5:1 or more with %s', (_name, override) => {
    const full = mergeMantineTheme(DEFAULT_THEME, override);
    const { light } = cssVariablesResolver(full);
    for (const [name, shades] of Object.entries(full.colors)) {
      expect(contrast(light[`--mantine-color-${name}-text`] ?? '', '#ffffff'), name).toBeGreaterThanOrEqual(
        4.5,
      );
      const tinted = light[`--mantine-color-${name}-light-color`] ?? '';
      expect(contrast(tinted, shades[1]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps dimmed text at 4.5:1 on the page in both schemes', () => {
    const { light, dark } = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    expect(contrast(light['--mantine-color-dimmed'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(dark['--mantine-color-dimmed'] ?? '', DEFAULT_THEME.colors.dark[7]),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
