// `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.

/** The wait the header asks for, in ms (never negative), or undefined when absent or unreadable. */
export const parseRetryAfter = (value: string | null | undefined, now = Date.now()): number | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined; // an HTTP-date names its day and month
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};
