import { describe, expect, it } from 'vitest';
import { packBloodBonus, unpackBloodBonus } from './bloodBonus.ts';

describe('blood bonus', () => {
  it('shows the default as +5 %, +3 %, +1 % and packs it back', () => {
    expect(unpackBloodBonus(52459530)).toEqual([5, 3, 1]);
    expect(packBloodBonus([5, 3, 1])).toBe(52459530);
  });

  it('keeps tenths of a percent and the full 100 %', () => {
    const packed = packBloodBonus([100, 12.5, 0.1]);
    expect(packed).toBe(1000 * 2 ** 20 + 125 * 2 ** 10 + 1);
    expect(unpackBloodBonus(packed)).toEqual([100, 12.5, 0.1]);
  });

  it('packs no bonus as 0', () => {
    expect(packBloodBonus([0, 0, 0])).toBe(0);
    expect(unpackBloodBonus(0)).toEqual([0, 0, 0]);
  });

  it('clamps out-of-range input instead of overflowing into the next field', () => {
    expect(unpackBloodBonus(packBloodBonus([150, -2, 0.04]))).toEqual([100, 0, 0]);
  });
});
