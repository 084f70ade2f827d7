// The session cookie's name: the hubs' upgrades read it off the raw request, http/auth.ts off Fastify's.

/** Wire-compatible with GZ::CTF clients, whose web client never reads it (the browser sends it). */
export const sessionCookie = 'GZCTF_Token';

/** Whether the platform is https for a request: its public URL is, or the request came over https. */
export const overHttps = (publicUrl: string | undefined, protocol: string): boolean =>
  /^https:/i.test(publicUrl ?? '') || protocol === 'https';

/**
 * A cookie's name where the platform is (or is not) https. Over https it takes the `__Host-` prefix: browsers then
 * keep it Secure, to this host name and path `/`, and no page of another scheme can set one, so a challenge served
 * over http on the platform's host name neither receives the session nor plants one. (Cookies are not tied to a
 * port: a challenge served over https on the same host name would still receive it; challenges need a host name of
 * their own, see SECURITY.md.) The other name is not read there.
 */
export const cookieName = (base: string, https: boolean): string => (https ? `__Host-${base}` : base);
