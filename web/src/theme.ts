import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { BRAND_PALETTE } from '@pennon/sdk/theme';

/** The brand palette as Mantine takes it. */
export const BRAND_COLORS: MantineColorsTuple = BRAND_PALETTE;

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 8 carries white text (and reads as link text on white) at 4.5:1 or more; the brand's 6 and 7 do not.
  primaryShade: 8,
  // Filled colours get black or white text, whichever contrasts more: at 0.179 luminance both give 4.58:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  colors: { brand: BRAND_COLORS },
  // Kept equal to the $mantine-breakpoint-* variables in postcss.config.cjs.
  breakpoints: {
    xs: '30em',
    sm: '48em',
    md: '64em',
    lg: '75em',
    xl: '90em',
    wide: '120em',
    ultrawide: '160em',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/**
 * Styles of a field holding code (a flag, a template, Markdown). Chromium clips a field's text to the line box of
 * its font's rounded metrics, which cuts off DejaVu Sans Mono's underscores at 14 px; unhinted, unrounded metrics
 * (geometricPrecision) keep them inside.
 */
export const monospaceInput = {
  input: { fontFamily: 'var(--mantine-font-family-monospace)', textRendering: 'geometricPrecision' },
} as const;

/** The WCAG contrast ratio of two colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `color`, darkened just enough to read at 4.5:1 (WCAG AA) on `background`. */
const readableOn = (color: string, background: string): string => {
  let readable = color;
  for (let amount = 0.05; contrastRatio(readable, background) < 4.5 && amount < 1; amount += 0.05)
    readable = darken(color, amount);
  return readable;
};

/**
 * Text colours that keep 4.5:1 in every palette: dimmed text (Mantine's gray-6 and dark-2 fall short), and in
 * the light scheme coloured text on white and light-variant text (badges, alerts) on its tint, which Mantine
 * takes from shades too pale for yellow, orange, teal and many custom colours.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const lightShade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5f666d' };
  for (const [name, shades] of Object.entries(theme.colors)) {
    light[`--mantine-color-${name}-text`] = readableOn(shades[lightShade], '#ffffff');
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
  }
  return { variables: {}, light, dark: { '--mantine-color-dimmed': '#a6a6a6' } };
};

/** The theme with `primary` as its primary (brand) palette: the one the user's theme preference gives. */
export const themeWithPrimary = (primary: MantineColorsTuple): MantineThemeOverride =>
  primary === BRAND_COLORS ? theme : { ...theme, colors: { ...theme.colors, brand: primary } };

export { isThemeColor } from '@pennon/sdk/theme';
