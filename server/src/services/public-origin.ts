// The origin players open the platform at, for whatever must name it to someone else: mailed links, the OpenID
// Connect redirect URI, the WebAuthn relying party. PENNON_PUBLIC_URL says it; without it, a request's own origin
// counts only when its host is loopback (a server tried out on one machine): any other Host header is the client's
// to forge, and a link or redirect to the forger's site would hand it a token.

/** localhost, 127.0.0.0/8 or [::1], as the WHATWG URL parser normalises a host (`127.1` is `127.0.0.1`). */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** PENNON_PUBLIC_URL, else `requestOrigin` when its host is loopback, else undefined. */
export const publicOrigin = (publicUrl: string | undefined, requestOrigin: string): string | undefined => {
  if (publicUrl) return publicUrl;
  const origin = URL.canParse(requestOrigin) ? new URL(requestOrigin) : undefined;
  return origin && isLoopbackHost(origin.hostname) ? origin.origin : undefined;
};
