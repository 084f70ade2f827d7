// Where to go after signing in: the `from` of the address, when it is a path on this site.

/** `from` when it is a same-origin relative path (`/games?x#y`), else `/`. */
export const safeRedirect = (from: string | null | undefined): string => {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  try {
    const base = 'http://pennon.invalid';
    const url = new URL(from, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
};

/** The login page's address that comes back to `path` afterwards. */
export const loginPath = (path: string): string =>
  path === '/' ? '/account/Login' : `/account/Login?from=${encodeURIComponent(path)}`;
