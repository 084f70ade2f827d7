import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Pennon's flag teal, lightest to darkest; shade 6 is the base colour. */
export const BRAND_COLORS: MantineColorsTuple = [
  '#e4fbf8',
  '#d3f3ee',
  '#a9e5dc',
  '#7bd6c9',
  '#55c9b8',
  '#3cc1ae',
  '#16a394',
  '#0e9485',
  '#007f72',
  '#006c61',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 7 },
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
