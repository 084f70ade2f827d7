// The proxy group (gzctf-api.md §2.8): TCP over WebSocket to challenge containers. Its two routes are
// WebSocket upgrades, not HTTP calls, so the group builds their addresses for a WebSocket (or wsrx) to open.
import { proxy } from '../contract/routes/proxy.ts';
import { fillPath } from '../transport/url.ts';

/** The proxy calls, as `client.proxy` has them: the WebSocket addresses of the container tunnels (no HTTP calls). */
export interface ProxyApi {
  /** `ws(s)://…/api/proxy/{entry}`: the tunnel to a game container (its `entry` in PlatformProxy mode). */
  proxyUrl(entry: string): string;
  /** `ws(s)://…/api/proxy/noinst/{entry}`: the tunnel to an admin test container. */
  testProxyUrl(entry: string): string;
}

/** `baseUrl` with http(s) swapped for ws(s), then the route's path with `id` = `entry`. */
export const webSocketUrl = (baseUrl: string, path: string, entry: string): string =>
  baseUrl.replace(/^http/i, 'ws') + fillPath(path, { id: entry });

/** The proxy group for a platform address (it makes no HTTP calls, so it needs no requester). */
export const createProxyApi = (baseUrl: string): ProxyApi => ({
  proxyUrl: (entry) => webSocketUrl(baseUrl, proxy.connect.path, entry),
  testProxyUrl: (entry) => webSocketUrl(baseUrl, proxy.connectNoInstance.path, entry),
});
