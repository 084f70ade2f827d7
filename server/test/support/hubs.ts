// Helpers for tests that listen on a hub with the official SignalR client.
import type { HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Listens on a free loopback port; answers the server's origin. */
export const listen = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
};

/** Resolves with the next call of `target`, or rejects after a while. */
export const next = <T>(connection: HubConnection, target: string, ms = 5000): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${target} within ${ms} ms`)), ms);
    const handler = (payload: T) => {
      clearTimeout(timer);
      connection.off(target, handler);
      resolve(payload);
    };
    connection.on(target, handler);
  });

/** The status of a WebSocket upgrade (a hub's, the container proxy's): 101, or the refusal's. */
export const upgradeStatus = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    ws.once('error', () => {});
  });
