// WebSockets that take messages of a bounded size. `ws` closes a socket whose message (one frame, or fragments
// adding up) passes its `maxPayload` by itself, with 1009 (message too big) and no reason, before buffering the
// payload; this class gives that close a reason, so the client is told why.
import { WebSocket } from 'ws';

/** WebSocket close code 1009: a message was larger than the receiver accepts. */
export const messageTooBig = 1009;

/** A close reason may take 123 bytes; a translated one is cut at a character boundary to fit. */
export const closeReason = (text: string): string => {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = [...reason].slice(0, -1).join('');
  return reason;
};

/** Made by a WebSocketServer given `WebSocket: BoundedWebSocket`; the accepting code sets `tooBigReason`. */
export class BoundedWebSocket extends WebSocket {
  tooBigReason = 'Message too big';

  override close(code?: number, data?: string | Buffer): void {
    super.close(code, code === messageTooBig && data === undefined ? closeReason(this.tooBigReason) : data);
  }
}
