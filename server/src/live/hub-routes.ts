// The hubs on the server (hubs.ts): `POST /hub/{user|monitor|admin}/negotiate`, the listener that hands hub
// upgrades to them, and the bus subscription that feeds them.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';
import { platformOrigin } from '../raw-request/cross-site.ts';
import { overHttps } from '../raw-request/session-cookie.ts';
import { refuseUpgrade } from '../raw-request/upgrade-refusal.ts';
import type { HubName } from './hub-admission.ts';
import { type HubOptions, HubServer } from './hubs.ts';

const negotiatePath = /^\/hub\/(user|monitor|admin)\/negotiate\/?$/i;
const proxyPath = /^\/api\/proxy\//i;

/** The negotiate checks where its requests come from itself (`admit`), embedding sites included. */
const negotiateRoute = { schema: { hide: true }, config: { checksOrigin: true } } as const;

/**
 * Mounts the hubs: negotiate routes, the upgrade handler and the bus subscription.
 * The container proxy (containers/proxy.ts) has its own `upgrade` listener for `/api/proxy/…` and only answers
 * unknown paths while it is the sole listener; with the hubs present, this listener answers those with 404.
 */
export const registerHubs = (app: FastifyInstance, options: HubOptions): HubServer => {
  const hubs = new HubServer({ watch: () => app.bus.watch(), ...options });
  app.post('/hub/:hub/negotiate', negotiateRoute, async (request) => {
    const match = negotiatePath.exec(new URL(request.url, 'http://hub').pathname);
    if (!match?.[1]) throw new DomainError(404, msg`Not found: ${request.method} ${request.url}`);
    const url = new URL(request.url, 'http://hub');
    const refusal = hubs.refusal(options.clientAddress(request.raw));
    if (refusal) throw new DomainError(refusal.status, refusal.title);
    const verdict = await hubs.admit(match[1].toLowerCase() as HubName, {
      headers: request.headers,
      ownOrigin: () => platformOrigin(options.publicUrl, request.protocol, request.host),
      https: overHttps(options.publicUrl, request.protocol),
      query: url.searchParams,
      ip: request.ip,
    });
    if (!verdict.ok) throw new DomainError(verdict.status, verdict.title);
    const version = url.searchParams.get('negotiateVersion') === '0' ? 0 : 1;
    const connectionId = randomBytes(16).toString('base64url');
    return {
      negotiateVersion: version,
      connectionId,
      ...(version === 1 && { connectionToken: randomBytes(16).toString('base64url') }),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    };
  });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (hubs.handleUpgrade(request, socket, head)) return;
    if (!proxyPath.test(request.url ?? ''))
      refuseUpgrade(request, socket, 404, msg`Not found: ${request.method} ${request.url}`);
  });
  const unsubscribe = app.bus.subscribe((message) => hubs.deliver(message));
  app.addHook('onReady', async () => hubs.start());
  app.addHook('preClose', async () => {
    unsubscribe();
    hubs.close();
  });
  return hubs;
};
