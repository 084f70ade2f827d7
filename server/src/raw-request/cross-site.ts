// Whether a browser says a request was made by a page of another origin: Fetch Metadata first (`Sec-Fetch-Site`,
// sent by every current browser), else the `Origin` header against the platform's own. `same-site` counts as
// elsewhere: a sibling host or port (a challenge's web page, say) gets SameSite=Lax cookies all the same.
// Requests with neither header come from scripts and tools, not from a page.
import type { IncomingHttpHeaders } from 'node:http';
import { msg } from '../i18n/message.ts';

/** The origin pages of the platform are served from: PENNON_PUBLIC_URL's when set, else the request's own. */
export const platformOrigin = (publicUrl: string | undefined, protocol: string, host: string): string => {
  const url = publicUrl ?? `${protocol}://${host}`;
  // An unreadable Host matches no browser's Origin.
  return URL.canParse(url) ? new URL(url).origin : 'invalid:';
};

/** True when a browser page elsewhere made the request; `ownOrigin` is asked only when the Origin decides. */
export const fromElsewhere = (headers: IncomingHttpHeaders, ownOrigin: () => string): boolean => {
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  return headers.origin !== undefined && headers.origin !== ownOrigin();
};

export const crossSiteRefusal = msg`Requests from pages of other sites are refused`;
