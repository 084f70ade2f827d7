/** Up to two letters standing for a user name in an avatar: "alice" → "AL", "Bob Ross" → "BR". */
export const initialsOf = (name: string | null | undefined): string => {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const letters =
    words.length >= 2
      ? [...(words[0] as string)].slice(0, 1).concat([...(words[1] as string)].slice(0, 1))
      : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase() || '?';
};
