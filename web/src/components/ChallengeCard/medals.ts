/** Gold, silver, bronze: the first three solvers of a challenge and the top three ranks. */
export const MEDAL_COLORS = ['#f5c518', '#c0c7d0', '#cd7f32'] as const;
export const BLOOD_KEYS = ['first', 'second', 'third'] as const;
