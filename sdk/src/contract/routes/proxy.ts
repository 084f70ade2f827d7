// §2.8 Proxy: TCP over WebSocket to challenge containers (PlatformProxy mode only).
import { endpoints } from '../route.ts';
import type { proxy as schemas } from '../schemas/proxy.ts';

/**
 * The largest WebSocket message either end of a proxy connection accepts (one frame, or fragments adding up); a
 * larger one closes the socket with 1009. Each message carries one TCP read (wsrx's are at most 64 KiB, a page's
 * what it wrote): 1 MiB leaves room, and bounds what each connection makes the platform or the tunnel hold.
 */
export const PROXY_MAX_MESSAGE_BYTES = 1024 * 1024;

export const proxy = endpoints<typeof schemas>()({
  connect: {
    method: 'GET',
    path: '/api/proxy/{id}',
    auth: 'anonymous',
    response: 'websocket',
  },
  connectNoInstance: {
    method: 'GET',
    path: '/api/proxy/noinst/{id}',
    auth: 'anonymous',
    response: 'websocket',
  },
});
