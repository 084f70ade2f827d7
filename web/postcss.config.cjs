// Mantine's PostCSS preset (light-dark(), rem(), @mixin hover …) and the breakpoints as $variables,
// kept equal to `breakpoints` in src/theme.ts.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '30em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '64em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '90em',
        'mantine-breakpoint-wide': '120em',
        'mantine-breakpoint-ultrawide': '160em',
      },
    },
  },
};
