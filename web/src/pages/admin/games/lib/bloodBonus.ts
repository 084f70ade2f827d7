import { bloodBonusFields } from '../../../games/lib/logic.ts';

/** The first, second and third blood bonus in percent. */
export type BloodBonusPercents = [number, number, number];

/** The largest bonus one field can hold: 1000 ‰. */
export const MAX_BLOOD_PERCENT = 100;

/** The percentages packed in a game's `bloodBonus` (gzctf-api §4.2: three 10-bit per-mille fields). */
export const unpackBloodBonus = (packed: number): BloodBonusPercents =>
  bloodBonusFields(packed).map((field) => field / 10) as BloodBonusPercents;

/** Packs percentages (0–100, to 0.1 %) into a `bloodBonus`: first << 20 | second << 10 | third, in per-mille. */
export const packBloodBonus = ([first, second, third]: BloodBonusPercents): number => {
  const field = (percent: number) => Math.min(1000, Math.max(0, Math.round(percent * 10)));
  // Multiplication, not <<, keeps the first field clear of the 32-bit sign bit.
  return field(first) * 2 ** 20 + field(second) * 2 ** 10 + field(third);
};
