// §2.8 Proxy: TCP over WebSocket to challenge containers (PlatformProxy mode only).
import { endpoints } from '../route.ts';
import type { proxy as schemas } from '../schemas/proxy.ts';

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
