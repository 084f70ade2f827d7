// §2.8 Proxy: TCP over WebSocket to challenge containers (PlatformProxy mode only).
import Type from 'typebox';
import { route } from '../route.ts';
import { Guid } from '../schema.ts';

/** The container GUID is the only credential; a valid container answers 204 to a non-upgrade request. */
const byContainer = Type.Object({ id: Guid });

export const proxy = {
  connect: route({
    method: 'GET',
    path: '/api/proxy/{id}',
    auth: 'anonymous',
    summary: 'Tunnel to a game container (the `entry` a player sees)',
    params: byContainer,
    response: 'websocket',
  }),
  connectNoInstance: route({
    method: 'GET',
    path: '/api/proxy/noinst/{id}',
    auth: 'anonymous',
    summary: 'Tunnel to an admin test container',
    params: byContainer,
    response: 'websocket',
  }),
};
