// The text a UI shows for any thrown value (client-spec §8).
/** The translation key `errorMessage` gives when an error carries no text of its own. */
export const UNKNOWN_ERROR_KEY = 'common.error.unknown';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The `title` of the error (for a `PennonError`, the server's own message), else its `message` (or the
 * value itself when a string was thrown), else the key `common.error.unknown`, translated when `t` is given.
 */
export const errorMessage = (err: unknown, t?: (key: string) => string): string =>
  text(field(err, 'title')) ??
  text(field(err, 'message')) ??
  text(err) ??
  (t ? t(UNKNOWN_ERROR_KEY) : UNKNOWN_ERROR_KEY);
