// The values of the links the server mails (gzctf-api §4.14): `/account/verify?token=…&email=…`, and
// the same for `/account/reset` and `/account/confirm`. Both values are base64 and go back to the server
// as they are, so `+` is kept as `+` (URLSearchParams would read it as a space) and only percent-escapes
// are decoded.

/** The raw value of `name` in a query string, or null when it is missing or empty. */
export const rawParam = (search: string, name: string): string | null => {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    if (key !== name) continue;
    const value = at < 0 ? '' : pair.slice(at + 1);
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return value || null;
    }
  }
  return null;
};

/** The token and e-mail of a mailed link, or null when either is missing. */
export const linkParams = (search: string): { token: string; email: string } | null => {
  const token = rawParam(search, 'token');
  const email = rawParam(search, 'email');
  return token && email ? { token, email } : null;
};
