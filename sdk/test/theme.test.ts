import { describe, expect, it } from 'vitest';
import { BRAND_PALETTE, isThemeColor, paletteOf, resolveThemeColor, themePalette } from '../src/theme.ts';

describe('isThemeColor', () => {
  it.each(['#1abc9c', '#ABCDEF', '#000000'])('accepts %s', (value) => {
    expect(isThemeColor(value)).toBe(true);
  });

  it.each(['1abc9c', '#abc', '#1abc9cff', '#ggg000', ' #1abc9c', 'red', '', null])('rejects %j', (value) => {
    expect(isThemeColor(value)).toBe(false);
  });
});

describe('resolveThemeColor', () => {
  it('takes the platform colour when managed, the brand palette when it is not hex', () => {
    expect(resolveThemeColor({ provider: 'Managed', color: '' }, '#FF6600')).toBe('#ff6600');
    expect(resolveThemeColor({ provider: 'Managed', color: '' }, 'orange')).toBeNull();
    expect(resolveThemeColor({ provider: 'Managed', color: '' }, null)).toBeNull();
  });

  it('ignores the platform colour when Default is chosen', () => {
    expect(resolveThemeColor({ provider: 'Default', color: '#123456' }, '#ff6600')).toBeNull();
  });

  it('takes a valid Custom colour and ignores an invalid one', () => {
    expect(resolveThemeColor({ provider: 'Custom', color: '#123456' }, '#ff6600')).toBe('#123456');
    expect(resolveThemeColor({ provider: 'Custom', color: '#12345' }, '#ff6600')).toBe('#ff6600');
    expect(resolveThemeColor({ provider: 'Custom', color: 'x' }, undefined)).toBeNull();
  });
});

describe('paletteOf', () => {
  const luminance = (hex: string) =>
    [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);

  it('gives 10 hex shades from light to dark with the colour at shade 6', () => {
    const shades = paletteOf('#3366CC');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#3366cc');
    for (const shade of shades) expect(isThemeColor(shade)).toBe(true);
    for (let i = 1; i < 10; i++)
      expect(luminance(shades[i - 1] as string)).toBeGreaterThan(luminance(shades[i] as string));
  });

  it('is what themePalette gives, with the brand palette by default', () => {
    expect(themePalette({ provider: 'Custom', color: '#3366cc' }, null)).toEqual(paletteOf('#3366cc'));
    expect(themePalette({ provider: 'Default', color: '' }, '#3366cc')).toBe(BRAND_PALETTE);
  });
});
