// Refusing an HTTP upgrade (a hub, the container proxy) before any WebSocket exists. Fastify is not in the way there,
// so the error envelope (§1.3) is written by hand, its title in the language the request asks for like every other.
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { negotiateLocale, translate } from '../i18n/catalogs.ts';
import { msg, type Text } from '../i18n/message.ts';

/** Answers the upgrade with the error envelope and closes the socket. */
export const refuseUpgrade = (
  request: IncomingMessage,
  socket: Duplex,
  status: number,
  title: Text,
  headers: Record<string, string> = {},
): void => {
  if (socket.destroyed) return;
  const body = JSON.stringify({
    title: translate(title, negotiateLocale(request.headers['accept-language'])),
    status,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  socket.once('finish', () => socket.destroy());
};

/** Answers an upgrade over the client's rate limit with 429 and when to try again. */
export const refuseTooMany = (request: IncomingMessage, socket: Duplex, waitMs: number): void => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  refuseUpgrade(request, socket, 429, msg`Too many requests: try again in ${seconds} seconds`, {
    'Retry-After': String(seconds),
  });
};
