// One accepted TCP connection ⇄ one WebSocket to the remote. Bytes are forwarded unchanged (TCP chunks
// go out as binary messages; binary and text messages come in as bytes). Whichever side ends or fails
// first closes the other (no half-close). Each direction applies backpressure to its source.
import type { Socket } from 'node:net';
import { PROXY_MAX_MESSAGE_BYTES } from '@pennon/sdk/contract';
import WebSocket from 'ws';

/** Pause reading TCP while this many bytes wait to go out on the WebSocket… */
export const WS_HIGH_WATER = 1024 * 1024;
/** …and read again once the queue is down to this. */
export const WS_LOW_WATER = 256 * 1024;
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** After the WebSocket closes, how long the TCP side may take to flush before it is destroyed. */
const TCP_LINGER_MS = 5_000;

export interface BridgeEvents {
  onOpen?: () => void;
  onError?: (side: 'tcp' | 'ws', error: Error) => void;
  onClose?: (stats: { sent: number; received: number; ms: number }) => void;
}

export interface Bridge {
  /** Cuts both sides at once. */
  destroy(): void;
}

export const bridge = (tcp: Socket, remote: string, events: BridgeEvents = {}): Bridge => {
  const started = Date.now();
  let sent = 0;
  let received = 0;
  let tcpClosed = false;
  let wsClosed = false;
  let finished = false;
  let lingerTimer: NodeJS.Timeout | undefined;

  tcp.setNoDelay(true);
  tcp.pause();
  const ws = new WebSocket(remote, {
    perMessageDeflate: false,
    handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    // A larger message from the remote closes its WebSocket with 1009 before it is held (and the TCP side with it).
    maxPayload: PROXY_MAX_MESSAGE_BYTES,
    followRedirects: false,
  });

  const finish = () => {
    if (finished || !tcpClosed || !wsClosed) return;
    finished = true;
    clearTimeout(lingerTimer);
    events.onClose?.({ sent, received, ms: Date.now() - started });
  };

  // TCP → WebSocket. Each chunk goes out as one binary message through `ws`, which masks it with a fresh
  // key (natively through `bufferutil`, a dependency of this package). `ws` has no 'drain' event of its
  // own; the callback of `ws.send` runs once that message's frame has been written to the socket, which
  // is when `bufferedAmount` (bytes still queued in `ws` and in its socket) can have dropped.
  let tcpPaused = false;
  const afterSend = () => {
    if (tcpPaused && ws.bufferedAmount <= WS_LOW_WATER && ws.readyState === WebSocket.OPEN) {
      tcpPaused = false;
      tcp.resume();
    }
  };
  const onTcpData = (chunk: Buffer) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    sent += chunk.length;
    ws.send(chunk, { binary: true }, afterSend);
    if (ws.bufferedAmount > WS_HIGH_WATER && !tcpPaused) {
      tcpPaused = true;
      tcp.pause();
    }
  };

  // WebSocket → TCP.
  const onTcpDrain = () => ws.resume();
  ws.on('message', (data: Buffer) => {
    received += data.length;
    if (!tcp.write(data)) ws.pause();
  });
  tcp.on('drain', onTcpDrain);

  ws.on('open', () => {
    events.onOpen?.();
    tcp.on('data', onTcpData);
    tcp.resume();
  });
  ws.on('error', (error) => {
    events.onError?.('ws', error);
    tcp.destroy();
  });
  ws.on('close', () => {
    wsClosed = true;
    if (!tcp.destroyed) {
      tcp.end();
      lingerTimer = setTimeout(() => tcp.destroy(), TCP_LINGER_MS);
      lingerTimer.unref();
    }
    finish();
  });

  const closeWs = () => {
    if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    else if (ws.readyState === WebSocket.OPEN) ws.close();
  };
  tcp.on('end', closeWs);
  tcp.on('error', (error) => events.onError?.('tcp', error));
  tcp.on('close', () => {
    tcpClosed = true;
    closeWs();
    finish();
  });

  return {
    destroy: () => {
      tcp.destroy();
      ws.terminate();
    },
  };
};
