// The theme rules every client shares (client-spec §4, §5): which colour a theme preference resolves to, and the
// 10-shade palette (lightest to darkest, the base colour at shade 6) built from one colour.

/** Managed: the platform's colour (`ClientConfig.customTheme`); Default: the brand palette; Custom: the user's own. */
export type ThemeProvider = 'Managed' | 'Default' | 'Custom';

/** A user's colour choice, as the web client keeps it. */
export interface ThemePreference {
  /** Where the colour comes from. */
  provider: ThemeProvider;
  /** The Custom colour; ignored by the other providers. */
  color: string;
}

/** With no choice made, the platform decides. */
export const defaultThemePreference: ThemePreference = { provider: 'Managed', color: '' };

/** Pennon's flag teal, lightest to darkest; shade 6 is the base colour. */
export const BRAND_PALETTE = [
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
] as const;

/** Ten shades of one colour, lightest first, as Mantine takes a theme colour. */
export type Palette = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

/** A theme colour as the platform takes it: `#` and six hex digits, any case. */
export const isThemeColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/**
 * The base colour a preference stands for, or null for the brand palette. A Managed colour that is not valid hex
 * gives the brand palette; a Custom choice with an invalid colour is ignored, as if no choice was made (Managed).
 */
export const resolveThemeColor = (
  preference: ThemePreference,
  managed: string | null | undefined,
): string | null => {
  if (preference.provider === 'Custom' && isThemeColor(preference.color))
    return preference.color.toLowerCase();
  if (preference.provider === 'Default') return null;
  return isThemeColor(managed) ? managed.toLowerCase() : null;
};

/** How far each shade is mixed towards white (shades 0–5) or black (7–9); shade 6 is the colour itself. */
const MIX = [
  ['#ffffff', 0.9],
  ['#ffffff', 0.78],
  ['#ffffff', 0.6],
  ['#ffffff', 0.42],
  ['#ffffff', 0.26],
  ['#ffffff', 0.12],
  ['#000000', 0],
  ['#000000', 0.12],
  ['#000000', 0.25],
  ['#000000', 0.38],
] as const;

const channels = (hex: string): number[] => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

/** The 10 shades of `color` (valid hex, see `isThemeColor`), lightest first, `color` itself at shade 6. */
export const paletteOf = (color: string): Palette => {
  const base = channels(color);
  return MIX.map(([towards, weight]) => {
    const target = channels(towards);
    const mixed = base.map((c, i) => Math.round(c + ((target[i] ?? c) - c) * weight));
    return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  }) as unknown as Palette;
};

/** The palette a preference gives: the resolved colour's shades, or the brand palette. */
export const themePalette = (preference: ThemePreference, managed: string | null | undefined): Palette => {
  const color = resolveThemeColor(preference, managed);
  return color === null ? BRAND_PALETTE : paletteOf(color);
};
