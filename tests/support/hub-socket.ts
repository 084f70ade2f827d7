// A raw SignalR hub connection (JSON protocol over a WebSocket), as a script holds one: the handshake done, every
// invocation kept, and when and how the server closed it.
import WebSocket from 'ws';

const separator = '\x1e';

export interface HubClose {
  code: number;
  reason: string;
  /** When the socket closed (ms since the epoch). */
  at: number;
  /** The SignalR close message sent before, if any. */
  message: { error?: string; allowReconnect?: boolean } | undefined;
}

export interface HubSocket {
  /** Resolves when the socket closes, whoever closed it. */
  closed: Promise<HubClose>;
  /** Resolves with the payload of the next invocation of `target`. */
  next(target: string): Promise<unknown>;
  close(): void;
}

export interface HubCredentials {
  /** A `Cookie` header. */
  cookie?: string;
  /** An API token, sent as `Authorization: Bearer`. */
  token?: string;
}

/** Opens `/hub/{hub}` (for `gameId` but the admin hub's) and completes the handshake; rejects with the refusal's status. */
export const openHub = (
  baseUrl: string,
  hub: 'user' | 'monitor' | 'admin',
  gameId: number,
  { cookie, token }: HubCredentials = {},
): Promise<HubSocket> =>
  new Promise((resolve, reject) => {
    const query = hub === 'admin' ? '' : `?game=${gameId}`;
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/hub/${hub}${query}`, {
      headers: { ...(cookie && { cookie }), ...(token && { authorization: `Bearer ${token}` }) },
    });
    const waiting = new Map<string, ((payload: unknown) => void)[]>();
    let closeMessage: HubClose['message'];
    let handshaken = false;
    const closed = new Promise<HubClose>((settle) => {
      ws.once('close', (code, reason) =>
        settle({ code, reason: reason.toString(), at: Date.now(), message: closeMessage }),
      );
    });
    ws.once('unexpected-response', (_request, response) => {
      response.resume();
      reject(new Error(`the ${hub} hub refused the upgrade with ${response.statusCode}`));
    });
    ws.on('error', (error) => {
      if (!handshaken) reject(error);
    });
    ws.once('open', () => ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${separator}`));
    ws.on('message', (data) => {
      for (const record of data.toString().split(separator).filter(Boolean)) {
        const message = JSON.parse(record) as {
          type?: number;
          target?: string;
          arguments?: unknown[];
          error?: string;
          allowReconnect?: boolean;
        };
        if (!handshaken) {
          handshaken = true;
          if (message.error) reject(new Error(message.error));
          else
            resolve({
              closed,
              next: (target) =>
                new Promise((found) => waiting.set(target, [...(waiting.get(target) ?? []), found])),
              close: () => ws.close(),
            });
        } else if (message.type === 1 && message.target) {
          const [first, ...rest] = waiting.get(message.target) ?? [];
          waiting.set(message.target, rest);
          first?.(message.arguments?.[0]);
        } else if (message.type === 7) {
          closeMessage = { error: message.error, allowReconnect: message.allowReconnect };
        }
      }
    });
  });
