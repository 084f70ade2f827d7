// §2.8 Proxy: TCP over WebSocket to challenge containers (PlatformProxy mode only).
import Type from 'typebox';
import type { EndpointSchemas } from '../route.ts';
import { Guid } from '../schema.ts';

/** The container GUID is the only credential; a valid container answers 204 to a non-upgrade request. */
const byContainer = Type.Object({ id: Guid });

export const proxy = {
  connect: {
    summary: 'Tunnel to a game container (the `entry` a player sees)',
    params: byContainer,
  },
  connectNoInstance: {
    summary: 'Tunnel to an admin test container',
    params: byContainer,
  },
} satisfies Record<string, EndpointSchemas>;
