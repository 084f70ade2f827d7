// The shape of a challenge's flags shown to players as the flag box's placeholder (`uxctf{...}`): only the
// prefix before the braces, which every flag of the challenge shares, never anything of what is inside.

/** A flag or template `prefix{…}`, after the optional leet marker (§4.8), with something inside the braces. */
const wrapped = /^(?:\[C?LEET\])?([A-Za-z0-9_-]{1,24})\{.+\}$/s;

/** The prefix a dynamic container's flag gets without a template (§4.8). */
const defaultTemplate = 'flag{[GUID]}';

/**
 * `prefix{...}` when the challenge's flags (its template for a dynamic container) all share one prefix in
 * braces; null when they don't, or there are none, so the placeholder says nothing misleading.
 */
export const flagFormat = (type: string, template: string | null, flags: string[]): string | null => {
  const shapes = type === 'DynamicContainer' ? [template?.trim() || defaultTemplate] : flags;
  const prefixes = new Set(shapes.map((flag) => wrapped.exec(flag)?.[1] ?? null));
  const [prefix] = prefixes;
  return prefixes.size === 1 && prefix ? `${prefix}{...}` : null;
};
